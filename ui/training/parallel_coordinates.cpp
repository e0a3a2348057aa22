// A parallel-coordinates chart of the HParams table.
#include "training/parallel_coordinates.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tpugraphs::ui {

namespace {

constexpr int kAxesMargin = 24;
constexpr int kTitleLines = 2;   // an axis' name wraps on two lines under it
constexpr int kTextPadding = 2;  // pixels between an axis' end and its value, and around names
constexpr int kEndDigits = 4;    // significant digits of the values at an axis' ends
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
    // Each side keeps half an axis' share of the width, for the labels under the outer axes; a
    // line of text above (the highest values), a line and the names below.
    const int n = std::max<int>(2, int(m_table.columns.size()));
    const double side = std::max<double>(kAxesMargin, width() / (2.0 * n));
    const int line = fontMetrics().height();
    const int top = line + 2 * kTextPadding;
    const int bottom = (1 + kTitleLines) * line + 4 * kTextPadding;
    return QRectF(side, top, std::max(1.0, width() - 2 * side),
                  std::max(1, height() - top - bottom));
}

double ParallelCoordinates::axisX(int column) const {
    const int n = int(m_table.columns.size());
    const QRectF area = plot();
    return n == 1 ? area.center().x() : area.left() + area.width() * column / (n - 1);
}

QRectF ParallelCoordinates::titleRect(int column) const {
    const int n = int(m_table.columns.size());
    const QRectF area = plot();
    const double cell = (n == 1 ? area.width() : area.width() / (n - 1)) - 2 * kTextPadding;
    const int line = fontMetrics().height();
    return QRectF(axisX(column) - cell / 2, area.bottom() + line + 3 * kTextPadding, cell,
                  kTitleLines * line);
}

QString ParallelCoordinates::axisTitle(int column) const {
    const QString& label = m_table.columns[column].label;
    const QRect room = titleRect(column).toAlignedRect();
    const QRect needed =
        fontMetrics().boundingRect(room, Qt::AlignHCenter | Qt::TextWordWrap, label);
    if (needed.width() <= room.width() && needed.height() <= room.height()) return label;
    return fontMetrics().elidedText(label, Qt::ElideMiddle, room.width());
}

QStringList ParallelCoordinates::axisValues(int column) const {
    QStringList values;
    for (const QStringList& cells : m_table.cells)
        if (!cells[column].isEmpty() && !values.contains(cells[column]))
            values.append(cells[column]);
    if (m_table.columns[column].numeric)
        std::sort(values.begin(), values.end(),
                  [](const QString& a, const QString& b) { return a.toDouble() < b.toDouble(); });
    else
        values.sort();
    return values;
}

QStringList ParallelCoordinates::axisEnds(int column) const {
    const QStringList values = axisValues(column);
    if (values.isEmpty()) return {};
    if (!m_table.columns[column].numeric) return {values.first(), values.last()};
    return {QString::number(values.first().toDouble(), 'g', kEndDigits),
            QString::number(values.last().toDouble(), 'g', kEndDigits)};
}

double ParallelCoordinates::unitValue(int row, int column) const {
    const QString& text = m_table.cells[row][column];
    if (text.isEmpty()) return kNoValue;
    const QStringList values = axisValues(column);
    if (m_table.columns[column].numeric) {
        const double lo = values.first().toDouble(), hi = values.last().toDouble();
        return hi > lo ? (text.toDouble() - lo) / (hi - lo) : 0.5;
    }
    return values.size() < 2 ? 0.5 : values.indexOf(text) / double(values.size() - 1);
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
    return {axisX(column), area.bottom() - v * area.height()};
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
    const int line = fontMetrics().height();
    for (int c = 0; c < n; ++c) {
        const double x = axisX(c);
        painter.setPen(palette().color(QPalette::Mid));
        painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
        painter.setPen(palette().color(QPalette::Text));
        const QRectF title = titleRect(c);
        // A name elided in the middle stays on one line (a break after its "…" would split it).
        const QString name = axisTitle(c);
        const int wrap = name == m_table.columns[c].label ? Qt::TextWordWrap : 0;
        painter.drawText(title, Qt::AlignHCenter | Qt::AlignTop | wrap, name);
        const QStringList ends = axisEnds(c);
        if (ends.isEmpty()) continue;
        painter.setPen(palette().color(QPalette::PlaceholderText));
        const int room = int(title.width());
        const QRectF high(title.left(), area.top() - line - kTextPadding, title.width(), line);
        const QRectF low(title.left(), area.bottom() + kTextPadding, title.width(), line);
        painter.drawText(high, Qt::AlignCenter,
                         fontMetrics().elidedText(ends.last(), Qt::ElideMiddle, room));
        if (ends.size() > 1 && ends.first() != ends.last())
            painter.drawText(low, Qt::AlignCenter,
                             fontMetrics().elidedText(ends.first(), Qt::ElideMiddle, room));
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

bool ParallelCoordinates::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip) return QWidget::event(event);
    const auto* help = static_cast<QHelpEvent*>(event);
    for (int c = 0; c < m_table.columns.size(); ++c) {
        if (!titleRect(c).contains(help->pos())) continue;
        const QStringList ends = axisEnds(c);
        const QString range =
            ends.isEmpty() ? QString() : QString(": %1 to %2").arg(ends.first(), ends.last());
        QToolTip::showText(help->globalPos(), m_table.columns[c].label + range, this);
        return true;
    }
    QToolTip::hideText();
    event->ignore();
    return true;
}

}  // namespace tpugraphs::ui
