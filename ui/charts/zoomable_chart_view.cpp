// Wheel zoom, drag pan, reset, hover tips and clicks for the runtime charts.
#include "charts/zoomable_chart_view.h"

#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>

#include <cmath>

namespace tpugraphs::ui {

namespace {
constexpr int kClickSlop = 4;  // pixels a press may move and still be a click
}

ZoomableChartView::ZoomableChartView(QWidget* parent) : QChartView(parent) {
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    setFocusPolicy(Qt::ClickFocus);
}

void ZoomableChartView::rememberRanges() {
    m_home.clear();
    for (QAbstractAxis* axis : chart()->axes()) {
        if (auto* value = qobject_cast<QValueAxis*>(axis))
            m_home.push_back({axis, value->min(), value->max()});
        else if (auto* log = qobject_cast<QLogValueAxis*>(axis))
            m_home.push_back({axis, log->min(), log->max()});
    }
}

void ZoomableChartView::resetZoom() {
    for (const Range& r : m_home) r.axis->setRange(r.min, r.max);
}

QString ZoomableChartView::tipAt(const QPoint&) const {
    return {};
}

void ZoomableChartView::clickedAt(const QPoint&) {}

QPoint ZoomableChartView::viewportPosition(const QPointF& value, QAbstractSeries* series) const {
    return mapFromScene(chart()->mapToScene(chart()->mapToPosition(value, series)));
}

int ZoomableChartView::nearestPoint(const QList<QPointF>& points, QAbstractSeries* series,
                                    const QPoint& position, double* pixels,
                                    double maxPixels) const {
    const QPointF at = chart()->mapFromScene(mapToScene(position));
    int nearest = -1;
    double best = maxPixels * maxPixels;
    for (int i = 0; i < points.size(); ++i) {
        const QPointF d = chart()->mapToPosition(points[i], series) - at;
        const double distance = d.x() * d.x() + d.y() * d.y();
        if (distance <= best) {
            best = distance;
            nearest = i;
        }
    }
    if (pixels) *pixels = std::sqrt(best);
    return nearest;
}

void ZoomableChartView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    const QRectF area = chart()->plotArea();
    QPointF c = chart()->mapFromScene(mapToScene(event->position().toPoint()));
    if (steps == 0.0 || !area.contains(c)) return QChartView::wheelEvent(event);
    const double f = std::pow(0.8, steps);  // the visible area shrinks 20 % a step
    chart()->zoomIn(QRectF(c.x() - (c.x() - area.left()) * f, c.y() - (c.y() - area.top()) * f,
                           area.width() * f, area.height() * f));
    event->accept();
}

void ZoomableChartView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return QChartView::mousePressEvent(event);
    m_pressed = true;
    m_dragging = false;
    m_pressPos = m_lastPos = event->pos();
    event->accept();
}

void ZoomableChartView::mouseMoveEvent(QMouseEvent* event) {
    if (!m_pressed) {
        const QString tip = tipAt(event->pos());
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(event->globalPosition().toPoint(), tip, this);
        return QChartView::mouseMoveEvent(event);
    }
    if (!m_dragging && (event->pos() - m_pressPos).manhattanLength() <= kClickSlop) return;
    m_dragging = true;
    setCursor(Qt::ClosedHandCursor);
    const QPoint delta = event->pos() - m_lastPos;
    chart()->scroll(-delta.x(), delta.y());
    m_lastPos = event->pos();
}

void ZoomableChartView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !m_pressed)
        return QChartView::mouseReleaseEvent(event);
    m_pressed = false;
    if (m_dragging) {
        m_dragging = false;
        unsetCursor();
        return;
    }
    clickedAt(event->pos());
}

void ZoomableChartView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) resetZoom();
}

void ZoomableChartView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Home) {
        resetZoom();
        return;
    }
    QChartView::keyPressEvent(event);
}

}  // namespace tpugraphs::ui
