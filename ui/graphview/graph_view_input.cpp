// GraphViewWidget input: mouse, wheel and keyboard events turned into camera moves, selection
// and the collapsed view's opening and folding.
#include "graphview/graph_view_widget.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>
#include <utility>

#include "graphview/graph_minimap.h"

namespace tpugraphs::ui {

namespace {
constexpr int kClickSlop = 4;      // pixels a press may move and still be a click
constexpr double kZoomStep = 1.3;  // per wheel notch or +/- key
}  // namespace

void GraphViewWidget::resizeEvent(QResizeEvent*) {
    if (m_autoFit) fitToWindow();
    if (m_scene && !m_minimap->isCurrent(size())) rebuildMinimap();
}

void GraphViewWidget::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps > 0.0)
        zoomInTowardsContent(std::pow(kZoomStep, steps), event->position());
    else if (steps < 0.0)
        zoomAt(std::pow(kZoomStep, steps), event->position());
    event->accept();
}

void GraphViewWidget::mousePressEvent(QMouseEvent* event) {
    setFocus(Qt::MouseFocusReason);
    if (event->button() != Qt::LeftButton) return;
    const QRect legend = legendRect();
    m_pressOnLegend = legend.contains(event->pos());
    if (m_pressOnLegend) {
        if (graphLegendGeometry(rect(), font(), legendContent()).header.contains(event->pos()))
            setLegendCollapsed(!m_legendCollapsed);
        return;
    }
    m_pressOnMinimap = minimapRect().contains(event->pos());
    if (m_pressOnMinimap) {
        centreOnWorld(m_minimap->worldAt(event->pos(), size()));
        return;
    }
    m_pressPos = event->pos();
    m_lastDragPos = event->position();
    m_dragging = false;
}

void GraphViewWidget::mouseMoveEvent(QMouseEvent* event) {
    if (m_pressOnLegend) return;
    if (m_pressOnMinimap && (event->buttons() & Qt::LeftButton)) {  // dragging in the overview
        centreOnWorld(m_minimap->worldAt(event->pos(), size()));
        return;
    }
    if (!(event->buttons() & Qt::LeftButton) && minimapRect().contains(event->pos())) {
        QToolTip::showText(event->globalPosition().toPoint(),
                           QStringLiteral("Overview: click or drag to move the view (M hides it)"),
                           this);
        return;
    }
    if (!(event->buttons() & Qt::LeftButton)) {  // hovering: the node's tool tip
        const int v = m_scene ? m_scene->nodeAt(m_transform.toWorld(event->position()),
                                                4.0 / m_transform.scale)
                              : -1;
        const QString tip = nodeTip(v);
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(event->globalPosition().toPoint(), tip, this);
        return;
    }
    if (!m_dragging && (event->pos() - m_pressPos).manhattanLength() <= kClickSlop) return;
    if (!m_dragging) setCursor(Qt::ClosedHandCursor);
    m_dragging = true;
    panBy(event->position() - m_lastDragPos);
    m_lastDragPos = event->position();
}

void GraphViewWidget::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    if (std::exchange(m_pressOnLegend, false) || std::exchange(m_pressOnMinimap, false)) return;
    if (m_dragging) {
        m_dragging = false;
        unsetCursor();
        return;
    }
    if (!m_scene) return;
    const double tolerance = 4.0 / m_transform.scale;
    selectViewNode(m_scene->nodeAt(m_transform.toWorld(event->position()), tolerance));
}

void GraphViewWidget::mouseDoubleClickEvent(QMouseEvent* event) {
    if (!m_scene || m_mode != GraphViewMode::CollapsedComputations) return;
    if (legendRect().contains(event->pos()) || minimapRect().contains(event->pos())) return;
    const int v = m_scene->nodeAt(m_transform.toWorld(event->position()), 4.0 / m_transform.scale);
    if (v < 0) return;
    // A box opens; a node of an opened computation folds its computation back.
    const int computation = m_scene->isBox(v) ? m_scene->computation(v)
                                              : m_topology->computationOf(m_scene->originalNode(v));
    setComputationExpanded(computation, m_scene->isBox(v));
}

void GraphViewWidget::keyPressEvent(QKeyEvent* event) {
    const QPointF centre(width() / 2.0, height() / 2.0);
    const double step = 0.15 * std::min(width(), height());
    switch (event->key()) {
        case Qt::Key_F:
        case Qt::Key_Home:
            fitToWindow();
            break;
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            zoomInTowardsContent(kZoomStep, centre);
            break;
        case Qt::Key_Minus:
            zoomAt(1.0 / kZoomStep, centre);
            break;
        case Qt::Key_Left:
            panBy(QPointF(step, 0));
            break;
        case Qt::Key_Right:
            panBy(QPointF(-step, 0));
            break;
        case Qt::Key_Up:
            panBy(QPointF(0, step));
            break;
        case Qt::Key_Down:
            panBy(QPointF(0, -step));
            break;
        case Qt::Key_L:
            setLegendVisible(!m_legendVisible);
            break;
        case Qt::Key_M:
            setMinimapEnabled(!m_minimapEnabled);
            break;
        case Qt::Key_Escape:
            selectViewNode(-1);
            break;
        default:
            QWidget::keyPressEvent(event);
            return;
    }
    event->accept();
}

}  // namespace tpugraphs::ui
