// A parallel-coordinates chart of the HParams table.
#include "training/parallel_coordinates.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tpugraphs::ui {

namespace {

constexpr int kAxesMargin = 24;
constexpr int kAxisLabelHeight = 34;  // two lines of header under each axis
constexpr double kClickPixels = 6;
constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

double distanceToSegment(const QPointF& p, const QPointF& a, const QPointF& b) {
    const QPointF ab = b - a;
    const double length2 = QPointF::dotProduct(ab, ab);
    const double t =
        length2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / length2, 0.0, 1.0) : 0.0;
    const QPointF nearest = a + t * ab;
    return std::hypot(p.x() - nearest.x(), p.y() - nearest.y());
}

}  // namespace

ParallelCoordinates::ParallelCoordinates(QWidget* parent) : QWidget(parent) {
    setObjectName("parallelCoordinates");
    setMinimumHeight(160);
}

QSize ParallelCoordinates::minimumSizeHint() const {
    return {240, 160};
}

void ParallelCoordinates::setTable(const HParamsTable& table, const QList<int>& rows) {
    m_table = table;
    m_rows = rows;
    if (m_colour >= m_table.columns.size()) m_colour = -1;
    update();
}

void ParallelCoordinates::setColourColumn(int column) {
    m_colour = column;
    update();
}

void ParallelCoordinates::setSelectedRow(int row) {
    m_selected = row;
    update();
}

QRectF ParallelCoordinates::plot() const {
    // Each side keeps half an axis' share of the width, for the labels under the outer axes.
    const int n = std::max<int>(2, int(m_table.columns.size()));
    const double side = std::max<double>(kAxesMargin, width() / (2.0 * n));
    return QRectF(side, kAxesMargin / 2.0, std::max(1.0, width() - 2 * side),
                  std::max(1, height() - kAxesMargin / 2 - kAxisLabelHeight));
}

double ParallelCoordinates::unitValue(int row, int column) const {
    const HParamsColumn& c = m_table.columns[column];
    const QString& text = m_table.cells[row][column];
    if (text.isEmpty()) return kNoValue;
    if (c.numeric) {
        double lo = std::numeric_limits<double>::max(), hi = -lo;
        for (const QStringList& cells : m_table.cells)
            if (!cells[column].isEmpty()) {
                lo = std::min(lo, cells[column].toDouble());
                hi = std::max(hi, cells[column].toDouble());
            }
        return hi > lo ? (text.toDouble() - lo) / (hi - lo) : 0.5;
    }
    QStringList categories;
    for (const QStringList& cells : m_table.cells)
        if (!cells[column].isEmpty() && !categories.contains(cells[column]))
            categories.append(cells[column]);
    categories.sort();
    return categories.size() < 2 ? 0.5 : categories.indexOf(text) / double(categories.size() - 1);
}

QColor ParallelCoordinates::colourOf(int row) const {
    if (m_colour < 0) return QColor(31, 119, 180);
    const double v = unitValue(row, m_colour);
    if (!std::isfinite(v)) return QColor(160, 160, 160);
    // Blue (low) to red (high) through purple.
    return QColor::fromRgbF(0.15 + 0.75 * v, 0.25 - 0.1 * v, 0.85 - 0.7 * v);
}

QPointF ParallelCoordinates::pointOf(int row, int column) const {
    const int n = int(m_table.columns.size());
    if (n == 0 || row < 0 || row >= m_table.cells.size()) return {};
    const double v = unitValue(row, column);
    if (!std::isfinite(v)) return {};
    const QRectF area = plot();
    const double x = n == 1 ? area.center().x() : area.left() + area.width() * column / (n - 1);
    return {x, area.bottom() - v * area.height()};
}

void ParallelCoordinates::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), palette().base());
    const QRectF area = plot();
    const int n = int(m_table.columns.size());
    if (n == 0) {
        painter.drawText(rect(), Qt::AlignCenter, "No options differ between the listed runs");
        return;
    }
    painter.setPen(palette().color(QPalette::Mid));
    for (int c = 0; c < n; ++c) {
        const double x = n == 1 ? area.center().x() : area.left() + area.width() * c / (n - 1);
        painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
        const double cell = n == 1 ? area.width() : area.width() / (n - 1);
        const QRectF label(x - cell / 2, area.bottom() + 2, cell, kAxisLabelHeight - 2);
        const QString text =
            fontMetrics().elidedText(m_table.columns[c].label, Qt::ElideMiddle, int(cell) - 4);
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(label, Qt::AlignHCenter | Qt::AlignTop, text);
        painter.setPen(palette().color(QPalette::Mid));
    }
    QList<int> order = m_rows;
    if (order.removeAll(m_selected) > 0) order.append(m_selected);  // the selected on top
    for (const int row : order) {
        QPainterPath path;
        bool started = false;
        for (int c = 0; c < n; ++c) {
            const QPointF p = pointOf(row, c);
            if (p.isNull()) {
                started = false;
                continue;
            }
            if (started)
                path.lineTo(p);
            else
                path.moveTo(p);
            started = true;
        }
        QPen pen(colourOf(row), row == m_selected ? 3.5 : 1.5);
        painter.setPen(pen);
        painter.drawPath(path);
    }
}

void ParallelCoordinates::mousePressEvent(QMouseEvent* event) {
    const QPointF at = event->position();
    int best = -1;
    double bestDistance = kClickPixels;
    for (const int row : m_rows)
        for (int c = 0; c + 1 < m_table.columns.size(); ++c) {
            const QPointF a = pointOf(row, c), b = pointOf(row, c + 1);
            if (a.isNull() || b.isNull()) continue;
            const double d = distanceToSegment(at, a, b);
            if (d <= bestDistance) {
                bestDistance = d;
                best = row;
            }
        }
    if (best >= 0) Q_EMIT rowClicked(best);
}

}  // namespace tpugraphs::ui
