// Graph scene building: picks the subview, sizes the boxes to their labels, lays out, indexes.
#include "graphview/graph_scene_builder.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <vector>

#include "graphdraw/component_packing.h"

namespace tpugraphs::ui {

namespace {

double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

GraphSubview subviewFor(const GraphSceneRequest& request, GraphViewMode mode) {
    switch (mode) {
        case GraphViewMode::ConfigurableNeighbourhood:
            return configurableSubview(*request.topology);
        case GraphViewMode::CollapsedComputations:
            return collapsedSubview(*request.topology, request.expanded);
        case GraphViewMode::Whole:
            break;
    }
    return fullSubview(*request.topology);
}

// The view fits the drawing beside or below its legend, which the estimate below leaves out:
// the drawn boxes come out up to a fifth smaller.
constexpr double kLegendAllowance = 1.25;

// The median smaller side of the boxes, in pixels, when the drawing is fitted to `viewport` as
// the view fits it (a 20-unit margin around the drawing, 10 pixels around the window).
double fittedBoxPx(const GraphDrawing& d, const QSize& viewport) {
    if (d.nodeCount() == 0) return 0.0;
    const double w = d.bounds.right - d.bounds.left + 40.0,
                 h = d.bounds.bottom - d.bounds.top + 40.0;
    const double scale = std::min((viewport.width() - 20) / w, (viewport.height() - 20) / h);
    std::vector<float> sides(size_t(d.nodeCount()));
    for (int v = 0; v < d.nodeCount(); ++v) sides[size_t(v)] = std::min(d.width[v], d.height[v]);
    auto middle = sides.begin() + std::ptrdiff_t(sides.size() / 2);
    std::nth_element(sides.begin(), middle, sides.end());
    return *middle * scale;
}

// The wrapped drawing's long edges: routing points for the shortest spans only, within a tenth
// of the node count (at least kMinRoutingPoints), so that routing space does not dominate the
// drawing of a large graph; longer edges are drawn straight (docs/GRAPH_VIEW.md, "Readable at
// first sight").
constexpr int64_t kMinRoutingPoints = 256;

DrawingOptions compactDrawingOptions(int nodeCount) {
    DrawingOptions options;
    options.maxDummyNodes = std::max<int64_t>(nodeCount / 10, kMinRoutingPoints);
    return options;
}

struct DrawnView {
    GraphSubview subview;
    std::optional<GraphDrawing> drawing;
    double drawingMs = 0.0;  // drawComponents alone
};

DrawnView drawView(const GraphSceneRequest& request, GraphViewMode mode,
                   const DrawingControl& control) {
    DrawnView view{subviewFor(request, mode), std::nullopt, 0.0};
    GraphSubview& subview = view.subview;
    const int n = subview.nodeCount();
    subview.dag.nodeWidth.resize(n);
    subview.dag.nodeHeight.resize(n);
    for (int v = 0; v < n; ++v) {
        subview.dag.nodeWidth[v] = GraphScene::boxWidth(*request.topology, subview, v);
        subview.dag.nodeHeight[v] = GraphScene::boxHeight(subview, v);
    }
    // Separate components (the neighbourhood view has hundreds) are packed into a rectangle of
    // the window's aspect; tall ones are wrapped into columns first.
    PackingOptions packing;
    packing.aspect = request.wrapColumns ? float(std::max(1, request.viewport.width())) /
                                               float(std::max(1, request.viewport.height()))
                                         : 1.0f;
    packing.wrapColumns = request.wrapColumns;
    const auto drawingStart = std::chrono::steady_clock::now();
    const DrawingOptions options =
        request.wrapColumns ? compactDrawingOptions(n) : DrawingOptions{};
    view.drawing = drawComponents(subview.dag, options, packing, control);
    view.drawingMs = msSince(drawingStart);
    return view;
}

}  // namespace

std::shared_ptr<const GraphScene> buildGraphScene(const GraphSceneRequest& request,
                                                  const DrawingControl& control,
                                                  GraphSceneTimings* timings) {
    const auto start = std::chrono::steady_clock::now();
    GraphViewMode mode = request.mode;
    DrawnView view = drawView(request, mode, control);
    double drawingMs = view.drawingMs;
    if (view.drawing && request.preferReadable && mode == GraphViewMode::Whole &&
        !request.topology->configurable.empty() &&
        fittedBoxPx(*view.drawing, request.viewport) < kLegibleBoxPx * kLegendAllowance) {
        mode = GraphViewMode::ConfigurableNeighbourhood;
        view = drawView(request, mode, control);
        drawingMs += view.drawingMs;
    }
    if (!view.drawing) return nullptr;
    auto scene = std::make_shared<const GraphScene>(request.topology, std::move(view.subview),
                                                    *view.drawing, mode);
    if (timings) *timings = {drawingMs, msSince(start)};
    return scene;
}

}  // namespace tpugraphs::ui
