// Wheel zoom, drag pan, reset, hover tips with a highlighted point, and clicks for the charts.
#include "charts/zoomable_chart_view.h"

#include <QGuiApplication>
#include <QLabel>
#include <QMouseEvent>
#include <QScreen>
#include <QToolTip>
#include <QWheelEvent>
#include <QWindow>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

namespace tpugraphs::ui {

namespace {
constexpr int kChartClickSlop = 4;  // pixels a press may move and still be a click
const QPoint kTipOffset(14, 18);    // the tip sits below right of the pointer, off the point
}  // namespace

ZoomableChartView::ZoomableChartView(QWidget* parent) : QChartView(parent) {
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    setFocusPolicy(Qt::ClickFocus);
    // A dialog or another window came to the front: no Leave may follow, and the tip, a window
    // of its own, would stay on top of it.
    connect(qApp, &QGuiApplication::focusWindowChanged, this, [this](QWindow* focused) {
        if (focused != window()->windowHandle()) clearHover();
    });
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

ChartHover ZoomableChartView::hoverAt(const QPoint&) const {
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

QScatterSeries* ZoomableChartView::highlight() {
    if (!m_highlight) {
        m_highlight = new QScatterSeries(this);
        m_highlight->setMarkerSize(14);
        m_highlight->setColor(QColor(255, 200, 0, 220));
        m_highlight->setBorderColor(Qt::black);
        chart()->addSeries(m_highlight);
        for (QLegendMarker* marker : chart()->legend()->markers(m_highlight))
            marker->setVisible(false);
    }
    return m_highlight;
}

bool ZoomableChartView::hasHighlight() const {
    return m_highlight && m_highlight->isVisible() && m_highlight->count() == 1;
}

QPointF ZoomableChartView::highlightedPoint() const {
    return hasHighlight() ? m_highlight->at(0) : QPointF();
}

QString ZoomableChartView::shownTip() const {
    return m_tip && m_tip->isVisible() ? m_tip->text() : QString();
}

QRect ZoomableChartView::shownTipGeometry() const {
    return m_tip && m_tip->isVisible() ? m_tip->frameGeometry() : QRect();
}

void ZoomableChartView::showTip(const QPoint& position, const QString& text) {
    if (!m_tip) {
        // A window of its own, so that a read-out wider than the chart is shown whole.
        m_tip =
            new QLabel(this, Qt::ToolTip | Qt::FramelessWindowHint | Qt::WindowTransparentForInput);
        m_tip->setObjectName("chartTip");
        m_tip->setTextFormat(Qt::PlainText);
        m_tip->setAttribute(Qt::WA_TransparentForMouseEvents);
        m_tip->setAttribute(Qt::WA_ShowWithoutActivating);
        m_tip->setForegroundRole(QPalette::ToolTipText);
        m_tip->setBackgroundRole(QPalette::ToolTipBase);
        m_tip->setPalette(QToolTip::palette());
        m_tip->setAutoFillBackground(true);
        m_tip->setFrameShape(QFrame::Box);
        m_tip->setMargin(4);
    }
    m_tip->setText(text);
    m_tip->adjustSize();
    // Below right of the pointer, flipped left or up to stay inside the screen.
    const QPoint pointer = viewport()->mapToGlobal(position);
    const QScreen* shown = screen();
    const QRect room = shown ? shown->availableGeometry() : QRect(pointer, m_tip->size());
    const QSize size = m_tip->size();
    QPoint at = pointer + kTipOffset;
    if (at.x() + size.width() > room.right() + 1)
        at.setX(pointer.x() - kTipOffset.x() - size.width());
    if (at.y() + size.height() > room.bottom() + 1)
        at.setY(pointer.y() - kTipOffset.y() - size.height());
    at.setX(
        std::clamp(at.x(), room.left(), std::max(room.left(), room.right() + 1 - size.width())));
    at.setY(
        std::clamp(at.y(), room.top(), std::max(room.top(), room.bottom() + 1 - size.height())));
    m_tip->move(at);
    m_tip->show();
    m_tip->raise();
}

void ZoomableChartView::updateHover(const QPoint& position) {
    const ChartHover hover = hoverAt(position);
    if (hover.text.isEmpty()) return clearHover();
    showTip(position, hover.text);
    if (!hover.series) {
        if (m_highlight) m_highlight->hide();
        return;
    }
    QScatterSeries* h = highlight();
    const QList<QAbstractAxis*> axes = hover.series->attachedAxes();
    if (h->attachedAxes() != axes) {
        for (QAbstractAxis* axis : h->attachedAxes()) h->detachAxis(axis);
        for (QAbstractAxis* axis : axes) h->attachAxis(axis);
    }
    h->replace(QList<QPointF>{hover.value});
    h->show();
}

void ZoomableChartView::clearHover() {
    if (m_tip) m_tip->hide();
    if (m_highlight) m_highlight->hide();
}

bool ZoomableChartView::viewportEvent(QEvent* event) {
    switch (event->type()) {
        case QEvent::ToolTip:  // the pointer rests: the tip shown on the move stays
            return true;
        case QEvent::Leave:
            clearHover();
            break;
        default:
            break;
    }
    return QChartView::viewportEvent(event);
}

void ZoomableChartView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    const QRectF area = chart()->plotArea();
    QPointF c = chart()->mapFromScene(mapToScene(event->position().toPoint()));
    if (steps == 0.0 || !area.contains(c)) return QChartView::wheelEvent(event);
    const double f = std::pow(0.8, steps);  // the visible area shrinks 20 % a step
    chart()->zoomIn(QRectF(c.x() - (c.x() - area.left()) * f, c.y() - (c.y() - area.top()) * f,
                           area.width() * f, area.height() * f));
    clearHover();
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
        updateHover(event->pos());
        return QChartView::mouseMoveEvent(event);
    }
    if (!m_dragging && (event->pos() - m_pressPos).manhattanLength() <= kChartClickSlop) return;
    m_dragging = true;
    clearHover();
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

void ZoomableChartView::hideEvent(QHideEvent* event) {
    clearHover();  // the tip is a window of its own: it would outlive the hidden chart
    QChartView::hideEvent(event);
}

void ZoomableChartView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Home) {
        resetZoom();
        return;
    }
    QChartView::keyPressEvent(event);
}

}  // namespace tpugraphs::ui
