// Graph scene building: picks the subview, sizes the boxes to their labels, lays out, indexes.
#include "graphview/graph_scene_builder.h"

#include <chrono>

#include "graphdraw/component_packing.h"

namespace tpugraphs::ui {

namespace {

double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

GraphSubview subviewFor(const GraphSceneRequest& request) {
    switch (request.mode) {
        case GraphViewMode::ConfigurableNeighbourhood:
            return configurableSubview(*request.topology);
        case GraphViewMode::CollapsedComputations:
            return collapsedSubview(*request.topology, request.expanded);
        case GraphViewMode::Whole:
            break;
    }
    return fullSubview(*request.topology);
}

}  // namespace

std::shared_ptr<const GraphScene> buildGraphScene(const GraphSceneRequest& request,
                                                  const DrawingControl& control,
                                                  GraphSceneTimings* timings) {
    const auto start = std::chrono::steady_clock::now();
    GraphSubview subview = subviewFor(request);
    const int n = subview.nodeCount();
    subview.dag.nodeWidth.resize(n);
    subview.dag.nodeHeight.resize(n);
    for (int v = 0; v < n; ++v) {
        subview.dag.nodeWidth[v] = GraphScene::boxWidth(*request.topology, subview, v);
        subview.dag.nodeHeight[v] = GraphScene::boxHeight(subview, v);
    }
    const auto drawingStart = std::chrono::steady_clock::now();
    // Separate components (the neighbourhood view has hundreds) are packed in rows.
    const std::optional<GraphDrawing> drawing =
        drawComponents(subview.dag, DrawingOptions{}, PackingOptions{}, control);
    const double drawingMs = msSince(drawingStart);
    if (!drawing) return nullptr;
    auto scene = std::make_shared<const GraphScene>(request.topology, std::move(subview), *drawing,
                                                    request.mode);
    if (timings) *timings = {drawingMs, msSince(start)};
    return scene;
}

}  // namespace tpugraphs::ui
