// GraphViewWidget camera: fitting, zooming, panning and centring the world-to-widget transform.
#include "graphview/graph_view_widget.h"

#include <algorithm>

namespace tpugraphs::ui {

namespace {
constexpr double kMinScale = 1e-5;
constexpr double kMaxScale = 8.0;
constexpr double kMaxFitScale = 2.0;     // a fitted small graph is not blown up past this
constexpr double kReadableScale = 1.0;   // centring on a node zooms in at least this far
constexpr double kContentRadius = 24.0;  // pixels: a node this near is under the cursor
}  // namespace

bool GraphViewWidget::centreOnNode(int originalNode) {
    m_centreOnDrawing = isDrawing() ? originalNode : -1;
    return !isDrawing() && centreOnNodeNow(originalNode);
}

bool GraphViewWidget::centreOnNodeNow(int originalNode) {
    if (!m_scene) return false;
    const int v = m_scene->viewNodeOf(originalNode);
    if (v < 0) return false;
    m_transform.scale = std::max(m_transform.scale, kReadableScale);
    const QPointF centre = m_scene->rect(v).center();
    m_transform.offset = QPointF(width() / 2.0, height() / 2.0) - centre * m_transform.scale;
    cameraMoved();
    return true;
}

void GraphViewWidget::centreOnWorld(const QPointF& world) {
    m_transform.offset = QPointF(width() / 2.0, height() / 2.0) - world * m_transform.scale;
    cameraMoved();
}

void GraphViewWidget::refitIfFitted() {
    if (m_autoFit) fitToWindow();
}

void GraphViewWidget::fitToWindow() {
    if (!m_scene) return;
    fitTo(m_scene->bounds());
    m_autoFit = true;
}

void GraphViewWidget::fitTo(const QRectF& world) {
    const QRectF b = world.adjusted(-20, -20, 20, 20);
    const auto scaleIn = [&b](const QRect& r) {
        return std::min(std::max(1, r.width()) / b.width(), std::max(1, r.height()) / b.height());
    };
    // The whole window, unless the graph would lie under the legend: then beside or below the
    // legend, whichever draws it larger.
    const QRect whole = rect().adjusted(10, 10, -10, -10);
    QRect area = whole;
    const QRect legend = legendRect();
    if (!legend.isEmpty()) {
        const double s = scaleIn(whole);
        const QRectF placed(whole.center() - b.center() * s + b.topLeft() * s, b.size() * s);
        if (placed.intersects(legend)) {
            const QRect beside(whole.topLeft(), QPoint(legend.left() - 10, whole.bottom()));
            const QRect below(QPoint(whole.left(), legend.bottom() + 10), whole.bottomRight());
            area = scaleIn(beside) >= scaleIn(below) ? beside : below;
        }
    }
    m_transform.scale = std::clamp(scaleIn(area), kMinScale, kMaxFitScale);
    m_transform.offset = QRectF(area).center() - b.center() * m_transform.scale;
    cameraMoved();
}

void GraphViewWidget::zoomAt(double factor, const QPointF& screenAnchor) {
    const QPointF world = m_transform.toWorld(screenAnchor);
    m_transform.scale = std::clamp(m_transform.scale * factor, kMinScale, kMaxScale);
    m_transform.offset = screenAnchor - world * m_transform.scale;
    cameraMoved();
}

// Where zooming in at `point` is anchored: the point itself when a node lies near it, else the
// selected node when in view, else the node nearest to the point (possibly out of view).
QPointF GraphViewWidget::contentAnchor(const QPointF& point) const {
    if (!m_scene || m_scene->nodeCount() == 0) return point;
    const QPointF world = m_transform.toWorld(point);
    if (m_scene->nodeAt(world, kContentRadius / m_transform.scale) >= 0) return point;
    if (m_state.selected >= 0) {
        const QPointF selected = m_transform.toScreen(m_scene->rect(m_state.selected).center());
        if (QRectF(rect()).contains(selected)) return selected;
    }
    return m_transform.toScreen(m_scene->rect(m_scene->nearestNode(world)).center());
}

void GraphViewWidget::zoomInTowardsContent(double factor, const QPointF& point) {
    QPointF anchor = contentAnchor(point);
    if (!QRectF(rect()).contains(anchor)) {  // bring the content to the point first
        panBy(point - anchor);
        anchor = point;
    }
    zoomAt(factor, anchor);
}

void GraphViewWidget::panBy(const QPointF& delta) {
    m_transform.offset += delta;
    cameraMoved();
}

void GraphViewWidget::cameraMoved() {
    m_autoFit = false;
    update();
    Q_EMIT transformChanged();
}

void GraphViewWidget::setTransform(const GraphViewTransform& transform) {
    m_transform = transform;
    m_autoFit = false;
    update();
}

QPointF GraphViewWidget::nodeScreenPos(int originalNode) const {
    const int v = m_scene ? m_scene->viewNodeOf(originalNode) : -1;
    return v < 0 ? QPointF(-1, -1) : m_transform.toScreen(m_scene->rect(v).center());
}

}  // namespace tpugraphs::ui
