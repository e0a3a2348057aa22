// GraphViewWidget: view transform, input handling, selection and search state, drawing job wiring.
#include "graphview/graph_view_widget.h"

#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <utility>

#include "graphview/graph_drawing_job.h"
#include "graphview/graph_minimap.h"
#include "graphview/graph_palette.h"

namespace tpugraphs::ui {

namespace {
constexpr double kMinScale = 1e-5;
constexpr double kMaxScale = 8.0;
constexpr double kMaxFitScale = 2.0;     // a fitted small graph is not blown up past this
constexpr double kReadableScale = 1.0;   // centring on a node zooms in at least this far
constexpr int kClickSlop = 4;            // pixels a press may move and still be a click
constexpr double kZoomStep = 1.3;        // per wheel notch or +/- key
constexpr double kContentRadius = 24.0;  // pixels: a node this near is under the cursor
}  // namespace

GraphViewWidget::GraphViewWidget(QWidget* parent)
    : QWidget(parent), m_job(new GraphDrawingJob(this)), m_minimap(new GraphMinimap(this)) {
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);  // hover tool tips
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(200, 150);
    connect(m_job, &GraphDrawingJob::progress, this, [this](float f) {
        m_progress = f;
        update();
    });
    connect(m_job, &GraphDrawingJob::finished, this, &GraphViewWidget::onDrawingFinished);
    connect(m_minimap, &GraphMinimap::imageReady, this, qOverload<>(&QWidget::update));
    connect(m_job, &GraphDrawingJob::failed, this, [this](const QString& message) {
        m_error = message;
        update();
        Q_EMIT drawingFailed(message);
    });
}

GraphViewWidget::~GraphViewWidget() = default;

void GraphViewWidget::setGraph(std::shared_ptr<const GraphTopology> topology) {
    m_topology = std::move(topology);
    m_scene.reset();
    m_expanded.assign(m_topology ? m_topology->computationCount() : 0, false);
    m_selectedOriginal = -1;
    m_matchOriginals.clear();
    m_currentMatchOriginal = -1;
    m_centreOnDrawing = -1;
    m_nodeDetail = {};  // belongs to the previous graph
    m_values.clear();
    m_fitPending = true;
    startDrawing();
}

void GraphViewWidget::clear() {
    m_job->cancel();
    m_topology.reset();
    m_scene.reset();
    m_minimap->clear();
    m_state = {};
    m_lastStats = {};
    m_selectedOriginal = -1;
    update();
}

void GraphViewWidget::setViewMode(GraphViewMode mode) {
    if (mode == m_mode) return;
    m_mode = mode;
    m_fitPending = true;
    startDrawing();
}

void GraphViewWidget::setComputationExpanded(int computation, bool expanded) {
    if (computation < 0 || computation >= static_cast<int>(m_expanded.size())) return;
    if (m_expanded[computation] == expanded) return;
    m_expanded[computation] = expanded;
    m_fitComputation = expanded ? computation : -1;
    m_fitPending = !expanded;
    if (m_mode == GraphViewMode::CollapsedComputations) startDrawing();
}

void GraphViewWidget::collapseAllComputations() {
    std::fill(m_expanded.begin(), m_expanded.end(), false);
    m_fitPending = true;
    if (m_mode == GraphViewMode::CollapsedComputations) startDrawing();
}

bool GraphViewWidget::isDrawing() const {
    return m_job->isRunning();
}

void GraphViewWidget::startDrawing() {
    m_error.clear();
    m_progress = 0.0f;
    if (!m_topology) {
        m_job->cancel();
        update();
        return;
    }
    m_job->start({m_topology, m_mode, m_expanded});
    Q_EMIT drawingStarted();
    update();
}

void GraphViewWidget::onDrawingFinished(std::shared_ptr<const GraphScene> scene, double drawingMs,
                                        double totalMs) {
    m_scene = std::move(scene);
    m_state.selected = m_scene->viewNodeOf(m_selectedOriginal);
    setSearchMatches(m_matchOriginals, m_currentMatchOriginal);
    updateViewValues();
    rebuildMinimap();
    if (m_fitPending) fitToWindow();
    m_fitPending = false;
    if (m_fitComputation >= 0) {
        const int c = std::exchange(m_fitComputation, -1);
        QRectF opened;
        for (int v = m_topology->computationStart[size_t(c)];
             v < m_topology->computationStart[size_t(c) + 1]; ++v) {
            const int view = m_scene->viewNodeOf(v);
            if (view >= 0) opened |= m_scene->rect(view);
        }
        if (!opened.isEmpty()) fitTo(opened);
    }
    if (m_centreOnDrawing >= 0) centreOnNodeNow(std::exchange(m_centreOnDrawing, -1));
    update();
    Q_EMIT drawingFinished(m_scene->nodeCount(), m_scene->edgeCount(), totalMs);
}

QVector<int> GraphViewWidget::findNodes(const QString& query) const {
    QVector<int> found;
    if (!m_scene) return found;
    const GraphTopology& t = *m_topology;
    QString text = query.trimmed();
    if (text.isEmpty()) return found;
    const bool hash = text.startsWith('#');
    if (hash) text = text.mid(1);
    bool isNumber = false;
    const int id = text.toInt(&isNumber);
    if (isNumber) {
        if (id >= 0 && id < t.nodeCount && m_scene->viewNodeOf(id) >= 0) found.append(id);
        return found;
    }
    if (hash) return found;
    const std::string lower = text.toLower().toStdString();
    std::vector<char> opcodeMatches(256, 0);
    const int exact = opcodeIdFromName(lower);
    for (int op = 1; op <= kOpcodeMaxId; ++op)
        opcodeMatches[op] =
            exact > 0 ? op == exact : std::string(opcodeName(op)).find(lower) != std::string::npos;
    for (int v = 0; v < t.nodeCount; ++v)
        if (opcodeMatches[t.opcode[v]] && m_scene->viewNodeOf(v) >= 0) found.append(v);
    return found;
}

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
    m_autoFit = false;
    update();
    return true;
}

void GraphViewWidget::selectNode(int originalNode) {
    m_selectedOriginal = originalNode;
    selectViewNode(m_scene ? m_scene->viewNodeOf(originalNode) : -1);
}

int GraphViewWidget::selectedNode() const {
    if (!m_scene || m_state.selected < 0) return -1;
    return m_scene->originalNode(m_state.selected);
}

void GraphViewWidget::selectViewNode(int viewNode) {
    const int before = m_state.selected;
    m_state.selected = viewNode;
    if (m_scene && viewNode >= 0) m_selectedOriginal = m_scene->originalNode(viewNode);
    if (viewNode < 0) m_selectedOriginal = -1;
    update();
    if (before != viewNode) Q_EMIT nodeSelected(selectedNode());
}

void GraphViewWidget::setSearchMatches(const QVector<int>& originalNodes, int currentOriginal) {
    m_matchOriginals = originalNodes;
    m_currentMatchOriginal = currentOriginal;
    m_state.matches.clear();
    m_state.currentMatch = -1;
    if (m_scene) {
        for (const int o : originalNodes) {
            const int v = m_scene->viewNodeOf(o);
            if (v >= 0) m_state.matches.append(v);
        }
        m_state.currentMatch = m_scene->viewNodeOf(currentOriginal);
    }
    update();
}

void GraphViewWidget::setNodeValues(const QVector<float>& values, const QString& title) {
    const bool recoloured = !values.isEmpty() || !m_values.isEmpty();
    m_values = values;
    m_valuesTitle = title.isEmpty() ? QStringLiteral("value") : title;
    updateViewValues();
    if (recoloured) rebuildMinimap();
    update();
}

void GraphViewWidget::updateViewValues() {
    m_pixelLayer.invalidate();  // a new scene or new node colours
    m_viewValues.clear();
    m_state.values = nullptr;
    if (m_scene && !m_values.isEmpty()) fillViewValues();
}

void GraphViewWidget::fillViewValues() {
    m_valueMin = INFINITY;
    m_valueMax = -INFINITY;
    for (const float x : m_values)
        if (std::isfinite(x)) {
            m_valueMin = std::min(m_valueMin, x);
            m_valueMax = std::max(m_valueMax, x);
        }
    const float range = m_valueMax > m_valueMin ? m_valueMax - m_valueMin : 1.0f;
    m_viewValues.fill(NAN, m_scene->nodeCount());
    for (int v = 0; v < m_scene->nodeCount(); ++v) {
        const int o = m_scene->originalNode(v);
        if (o >= 0 && o < m_values.size() && std::isfinite(m_values[o]))
            m_viewValues[v] = (m_values[o] - m_valueMin) / range;
    }
    m_state.values = &m_viewValues;
}

void GraphViewWidget::rebuildMinimap() {
    if (m_scene)
        m_minimap->rebuild(m_scene, m_viewValues, size());
    else
        m_minimap->clear();
}

void GraphViewWidget::setMinimapEnabled(bool enabled) {
    if (enabled == m_minimapEnabled) return;
    m_minimapEnabled = enabled;
    update();
    Q_EMIT minimapEnabledChanged(enabled);
}

QRect GraphViewWidget::minimapRect() const {
    if (!m_scene || !m_minimapEnabled) return {};
    if (m_transform.toWorld(QRectF(rect())).contains(m_scene->bounds())) return {};
    return m_minimap->frame(size());
}

bool GraphViewWidget::isMinimapCurrent() const {
    return m_minimap->isCurrent(size());
}

void GraphViewWidget::centreOnWorld(const QPointF& world) {
    m_transform.offset = QPointF(width() / 2.0, height() / 2.0) - world * m_transform.scale;
    m_autoFit = false;
    update();
}

void GraphViewWidget::setLegendVisible(bool visible) {
    m_legendVisible = visible;
    refitIfFitted();
    update();
}

void GraphViewWidget::setLegendCollapsed(bool collapsed) {
    m_legendCollapsed = collapsed;
    refitIfFitted();
    update();
}

GraphLegendContent GraphViewWidget::legendContent() const {
    return {!m_viewValues.isEmpty(), m_valuesTitle, m_valueMin, m_valueMax, m_legendCollapsed};
}

QRect GraphViewWidget::legendRect() const {
    if (!m_scene || !m_legendVisible) return {};
    return graphLegendGeometry(rect(), font(), legendContent()).box;
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
    m_autoFit = false;
    update();
}

void GraphViewWidget::zoomAt(double factor, const QPointF& screenAnchor) {
    const QPointF world = m_transform.toWorld(screenAnchor);
    m_transform.scale = std::clamp(m_transform.scale * factor, kMinScale, kMaxScale);
    m_transform.offset = screenAnchor - world * m_transform.scale;
    m_autoFit = false;
    update();
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
    m_autoFit = false;
    update();
}

QPointF GraphViewWidget::nodeScreenPos(int originalNode) const {
    const int v = m_scene ? m_scene->viewNodeOf(originalNode) : -1;
    return v < 0 ? QPointF(-1, -1) : m_transform.toScreen(m_scene->rect(v).center());
}

GraphRenderStats GraphViewWidget::renderFrame(QPainter& painter, const QRect& viewport) const {
    if (!m_scene) {
        painter.fillRect(viewport, palette::background);
        return {};
    }
    return renderGraph(painter, *m_scene, m_transform, m_state, viewport, &m_pixelLayer);
}

void GraphViewWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    m_lastStats = renderFrame(painter, rect());
    paintOverlay(painter);
}

void GraphViewWidget::paintOverlay(QPainter& painter) {
    if (m_scene && m_legendVisible) paintGraphLegend(painter, rect(), legendContent());
    if (!minimapRect().isEmpty())
        m_minimap->paint(painter, size(), m_transform.toWorld(QRectF(rect())));
    QString message;
    if (!m_error.isEmpty())
        message = QStringLiteral("Layout failed: %1").arg(m_error);
    else if (isDrawing())
        message = QStringLiteral("Laying out %1 nodes… %2%")
                      .arg(QLocale().toString(m_topology ? m_topology->nodeCount : 0))
                      .arg(qRound(100.0f * m_progress));
    else if (!m_topology)
        message = QStringLiteral("No graph selected");
    if (message.isEmpty()) return;
    QFont font = painter.font();
    font.setPixelSize(15);
    painter.setFont(font);
    const QRect box = painter.fontMetrics().boundingRect(message).adjusted(-16, -10, 16, 10);
    const QRect placed(rect().center() - box.center(), box.size());
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(30, 30, 40, 200));
    painter.drawRoundedRect(placed, 8, 8);
    painter.setPen(Qt::white);
    painter.drawText(placed, Qt::AlignCenter, message);
}

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

void GraphViewWidget::setNodeDetail(std::function<QString(int)> detail) {
    m_nodeDetail = std::move(detail);
}

QString GraphViewWidget::nodeTip(int v) const {
    if (!m_scene || v < 0 || v >= m_scene->nodeCount()) return {};
    if (m_scene->isBox(v))
        return QStringLiteral("computation %1 of %2 (double-click to open)")
            .arg(m_scene->computation(v) + 1)
            .arg(m_topology->computationCount());
    const int node = m_scene->originalNode(v);
    const bool configurable =
        std::binary_search(m_topology->configurable.begin(), m_topology->configurable.end(), node);
    QString tip = QStringLiteral("Node %1: %2")
                      .arg(node)
                      .arg(QString::fromUtf8(opcodeName(m_topology->opcode[size_t(node)])));
    const QString detail = m_nodeDetail ? m_nodeDetail(node) : QString();
    if (!detail.isEmpty()) tip += QStringLiteral("\n") + detail;
    tip += configurable ? QStringLiteral("\nconfigurable") : QStringLiteral("\nnot configurable");
    if (m_topology->computationCount() > 1)
        tip += QStringLiteral(" · computation %1 of %2")
                   .arg(m_topology->computationOf(node) + 1)
                   .arg(m_topology->computationCount());
    return tip;
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
