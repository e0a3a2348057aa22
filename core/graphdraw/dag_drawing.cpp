// Layered DAG drawing entry point: runs the pipeline and converts it to a GraphDrawing.
#include "graphdraw/dag_drawing.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "graphdraw/layered_graph.h"

namespace tpugraphs {

using namespace drawing_detail;

namespace {

void extend(DrawingRect& r, float left, float top, float right, float bottom) {
    r.left = std::min(r.left, left);
    r.top = std::min(r.top, top);
    r.right = std::max(r.right, right);
    r.bottom = std::max(r.bottom, bottom);
}

GraphDrawing toDrawing(const DagInput& input, const LayeredGraph& g,
                       const DrawingOptions& options) {
    const int32_t n = input.nodeCount;
    GraphDrawing d;
    d.width.resize(n);
    d.height.resize(n);
    d.layer.resize(n);
    for (int32_t v = 0; v < n; ++v) {
        d.width[v] = g.width[g.vertexOf[v]];
        d.height[v] = input.nodeHeight.empty() ? options.nodeHeight : input.nodeHeight[v];
        d.layer[v] = g.layerOf[g.vertexOf[v]];
    }

    // Layer rows: each as tall as its tallest box.
    const int32_t layerCount = static_cast<int32_t>(g.layers.size());
    std::vector<float> rowHeight(layerCount, 0.0f);
    for (int32_t v = 0; v < n; ++v)
        rowHeight[d.layer[v]] = std::max(rowHeight[d.layer[v]], d.height[v]);
    d.layerY.resize(layerCount);
    float top = 0.0f;
    for (int32_t l = 0; l < layerCount; ++l) {
        const float h = rowHeight[l] > 0.0f ? rowHeight[l] : 0.5f * options.nodeHeight;
        d.layerY[l] = top + 0.5f * h;
        top += h + options.layerGap;
    }

    float minX = 0.0f;
    if (g.vertexCount() > 0) minX = *std::min_element(g.x.begin(), g.x.end());
    auto xOf = [&](int32_t v) { return g.x[v] - minX; };
    d.x.resize(n);
    d.y.resize(n);
    d.bounds = n > 0 ? DrawingRect{1e30f, 1e30f, -1e30f, -1e30f} : DrawingRect{};
    for (int32_t v = 0; v < n; ++v) {
        d.x[v] = xOf(g.vertexOf[v]);
        d.y[v] = d.layerY[d.layer[v]];
        extend(d.bounds, d.x[v] - 0.5f * d.width[v], d.y[v] - 0.5f * d.height[v],
               d.x[v] + 0.5f * d.width[v], d.y[v] + 0.5f * d.height[v]);
    }

    d.edgeFrom = input.edgeFrom;
    d.edgeTo = input.edgeTo;
    d.edgePointStart.assign(g.chainStart.begin(), g.chainStart.end());
    d.points.resize(g.chain.size());
    for (size_t e = 0; e + 1 < g.chainStart.size(); ++e) {
        const int64_t first = g.chainStart[e];
        const int64_t last = g.chainStart[e + 1] - 1;
        const int32_t from = input.edgeFrom[e], to = input.edgeTo[e];
        for (int64_t k = first; k <= last; ++k) {
            const int32_t v = g.chain[k];
            float y = d.layerY[g.layerOf[v]];
            if (k == first) y = d.y[from] + 0.5f * d.height[from];
            if (k == last) y = d.y[to] - 0.5f * d.height[to];
            d.points[k] = {xOf(v), y};
            extend(d.bounds, d.points[k].x, y, d.points[k].x, y);
        }
    }
    d.routingPoints = g.vertexCount() - n;
    d.straightEdges = g.straightEdges;
    return d;
}

}  // namespace

void validateDagInput(const DagInput& input) {
    if (input.nodeCount < 0) throw std::invalid_argument("graph drawing: negative node count");
    if (input.edgeFrom.size() != input.edgeTo.size())
        throw std::invalid_argument("graph drawing: edgeFrom and edgeTo differ in length");
    const auto n = static_cast<size_t>(input.nodeCount);
    if ((!input.nodeWidth.empty() && input.nodeWidth.size() != n) ||
        (!input.nodeHeight.empty() && input.nodeHeight.size() != n))
        throw std::invalid_argument("graph drawing: node sizes must be empty or one per node");
    for (size_t e = 0; e < input.edgeFrom.size(); ++e) {
        const int32_t a = input.edgeFrom[e];
        const int32_t b = input.edgeTo[e];
        if (a < 0 || b < 0 || a >= input.nodeCount || b >= input.nodeCount)
            throw std::invalid_argument("graph drawing: edge " + std::to_string(e) +
                                        " refers to a node outside 0.." +
                                        std::to_string(input.nodeCount - 1));
    }
}

std::optional<GraphDrawing> drawDag(const DagInput& input, const DrawingOptions& options,
                                    const DrawingControl& control) {
    validateDagInput(input);
    if (cancelled(control)) return std::nullopt;
    report(control, 0.0f);
    const std::vector<int32_t> layers = assignLayers(input);
    if (cancelled(control)) return std::nullopt;
    report(control, 0.1f);
    LayeredGraph graph = buildLayeredGraph(input, layers, options);
    if (cancelled(control)) return std::nullopt;
    report(control, 0.2f);
    if (!reduceCrossings(graph, options.crossingSweeps, control)) return std::nullopt;
    if (!placeCoordinates(graph, options, control)) return std::nullopt;
    GraphDrawing drawing = toDrawing(input, graph, options);
    report(control, 1.0f);
    return drawing;
}

}  // namespace tpugraphs
