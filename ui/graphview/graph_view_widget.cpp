// GraphViewWidget: the graph, its view mode and the drawing job's wiring. The camera, input,
// search and overlays are in graph_view_{camera,input,search,overlays}.cpp.
#include "graphview/graph_view_widget.h"

#include <algorithm>
#include <utility>

#include "graphview/graph_drawing_job.h"
#include "graphview/graph_minimap.h"

namespace tpugraphs::ui {

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

void GraphViewWidget::setGraph(std::shared_ptr<const GraphTopology> topology, Opening opening) {
    m_topology = std::move(topology);
    m_scene.reset();
    m_expanded.assign(m_topology ? m_topology->computationCount() : 0, false);
    m_selectedOriginal = -1;
    m_matchOriginals.clear();
    m_currentMatchOriginal = -1;
    m_centreOnDrawing = -1;
    m_nodeDetail = {};  // belongs to the previous graph
    m_values.clear();
    m_markOriginals.clear();
    m_fitPending = true;
    m_preferReadable = opening == Opening::PreferReadable && m_mode == GraphViewMode::Whole;
    startDrawing();
}

void GraphViewWidget::showScene(std::shared_ptr<const GraphScene> scene) {
    m_job->cancel();
    if (!scene) {
        clear();
        return;
    }
    if (scene->sharedTopology() != m_topology) {
        m_topology = scene->sharedTopology();
        m_expanded.assign(m_topology->computationCount(), false);
        m_selectedOriginal = -1;
    }
    m_mode = scene->mode();
    m_preferReadable = false;
    onDrawingFinished(std::move(scene), 0.0, 0.0);
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
    m_preferReadable = false;  // the user's choice from now on
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

void GraphViewWidget::setColumnWrapping(bool wrap) {
    if (wrap == m_wrapColumns) return;
    m_wrapColumns = wrap;
    m_fitPending = true;
    startDrawing();
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
    GraphSceneRequest request;
    request.topology = m_topology;
    request.mode = m_mode;
    request.expanded = m_expanded;
    request.viewport = size().isEmpty() ? QSize(1600, 1000) : size();
    request.wrapColumns = m_wrapColumns;
    request.preferReadable = m_preferReadable;
    m_job->start(std::move(request));
    Q_EMIT drawingStarted();
    update();
}

void GraphViewWidget::onDrawingFinished(std::shared_ptr<const GraphScene> scene, double drawingMs,
                                        double totalMs) {
    m_scene = std::move(scene);
    m_preferReadable = false;
    if (m_scene->mode() != m_mode) {  // the readable view replaced the whole graph
        m_mode = m_scene->mode();
        Q_EMIT viewModeChanged(m_mode, true);
    }
    m_state.selected = m_scene->viewNodeOf(m_selectedOriginal);
    setSearchMatches(m_matchOriginals, m_currentMatchOriginal);
    updateViewValues();
    updateMarkedNodes();
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

}  // namespace tpugraphs::ui
