// Layered graph construction: vertices, long-edge routing points within a budget, adjacency.
#include "graphdraw/layered_graph.h"

#include <algorithm>

namespace tpugraphs::drawing_detail {

bool cancelled(const DrawingControl& control) {
    return control.cancel && control.cancel->load(std::memory_order_relaxed);
}

void report(const DrawingControl& control, float fraction) {
    if (control.progress) control.progress(fraction);
}

namespace {

// Largest span whose edges (and all shorter ones) fit the routing-point budget.
int32_t routedSpanLimit(const DagInput& input, const std::vector<int32_t>& nodeLayer,
                        int32_t layerCount, int64_t budget) {
    std::vector<int64_t> edgesWithSpan(static_cast<size_t>(layerCount) + 1, 0);
    for (size_t e = 0; e < input.edgeFrom.size(); ++e) {
        const int32_t span = nodeLayer[input.edgeTo[e]] - nodeLayer[input.edgeFrom[e]];
        if (span > 1) ++edgesWithSpan[span];
    }
    int64_t used = 0;
    for (int32_t span = 2; span <= layerCount; ++span) {
        used += edgesWithSpan[span] * (span - 1);
        if (used > budget) return span - 1;
    }
    return layerCount;
}

void buildCsr(int32_t vertexCount, const std::vector<std::pair<int32_t, int32_t>>& pairs,
              std::vector<int32_t>& start, std::vector<int32_t>& items) {
    start.assign(static_cast<size_t>(vertexCount) + 1, 0);
    for (const auto& [a, b] : pairs) ++start[a + 1];
    for (int32_t v = 0; v < vertexCount; ++v) start[v + 1] += start[v];
    items.resize(start[vertexCount]);
    std::vector<int32_t> fill(start.begin(), start.end() - 1);
    for (const auto& [a, b] : pairs) items[fill[a]++] = b;
}

// Renumbers the vertices layer by layer, keeping their order within each layer, so that the
// vertices of a layer and of its neighbouring layers lie close together in memory in every sweep
// (the order and so the drawing are unchanged). Maps the chains and segments to the new numbers.
void numberByLayer(LayeredGraph& g, int32_t layerCount,
                   std::vector<std::pair<int32_t, int32_t>>& segments) {
    const int32_t count = g.vertexCount();
    std::vector<int32_t> start(static_cast<size_t>(layerCount) + 1, 0);
    for (const int32_t l : g.layerOf) ++start[l + 1];
    for (int32_t l = 0; l < layerCount; ++l) start[l + 1] += start[l];
    std::vector<int32_t> fill(start.begin(), start.end() - 1), numberOf(count);
    std::vector<int32_t> layerOf(count);
    std::vector<float> width(count);
    g.routing.assign(count, 0);
    for (int32_t v = 0; v < count; ++v) {
        const int32_t to = numberOf[v] = fill[g.layerOf[v]]++;
        layerOf[to] = g.layerOf[v];
        width[to] = g.width[v];
        g.routing[to] = v >= g.realCount;
    }
    g.layerOf = std::move(layerOf);
    g.width = std::move(width);
    g.vertexOf.assign(numberOf.begin(), numberOf.begin() + g.realCount);
    for (int32_t& v : g.chain) v = numberOf[v];
    for (auto& [a, b] : segments) a = numberOf[a], b = numberOf[b];
    g.layers.assign(layerCount, {});
    g.position.resize(count);
    for (int32_t l = 0; l < layerCount; ++l) {
        g.layers[l].resize(start[l + 1] - start[l]);
        for (int32_t i = 0; i < start[l + 1] - start[l]; ++i) {
            g.layers[l][i] = start[l] + i;
            g.position[start[l] + i] = i;
        }
    }
}

}  // namespace

LayeredGraph buildLayeredGraph(const DagInput& input, const std::vector<int32_t>& nodeLayer,
                               const DrawingOptions& options) {
    const int32_t n = input.nodeCount;
    int32_t layerCount = 0;
    for (const int32_t l : nodeLayer) layerCount = std::max(layerCount, l + 1);
    const int64_t budget =
        options.maxDummyNodes < 0 ? 3 * static_cast<int64_t>(n) + 10000 : options.maxDummyNodes;
    const int32_t spanLimit = routedSpanLimit(input, nodeLayer, layerCount, budget);

    LayeredGraph g;
    g.realCount = n;
    g.layerOf = nodeLayer;
    g.width.resize(n);
    for (int32_t v = 0; v < n; ++v)
        g.width[v] = input.nodeWidth.empty() ? options.nodeWidth : input.nodeWidth[v];

    // Vertices are numbered nodes first, then routing points, until numberByLayer. The arrays
    // are sized up front: growing them copied each several times on large graphs.
    const size_t edgeCount = input.edgeFrom.size();
    size_t routingPoints = 0;
    for (size_t e = 0; e < edgeCount; ++e) {
        const int32_t span = nodeLayer[input.edgeTo[e]] - nodeLayer[input.edgeFrom[e]];
        if (span > 1 && span <= spanLimit) routingPoints += size_t(span - 1);
    }
    std::vector<std::pair<int32_t, int32_t>> segments;  // (upper, lower) one layer apart
    segments.reserve(edgeCount + routingPoints);
    g.layerOf.reserve(size_t(n) + routingPoints);
    g.width.reserve(size_t(n) + routingPoints);
    g.chain.reserve(2 * edgeCount + routingPoints);
    g.chainStart.reserve(edgeCount + 1);
    g.chainStart.push_back(0);
    for (size_t e = 0; e < edgeCount; ++e) {
        const int32_t from = input.edgeFrom[e];
        const int32_t to = input.edgeTo[e];
        const int32_t span = nodeLayer[to] - nodeLayer[from];
        g.chain.push_back(from);
        if (span >= 1 && span <= spanLimit) {
            int32_t previous = from;
            for (int32_t l = nodeLayer[from] + 1; l < nodeLayer[to]; ++l) {
                const int32_t point = g.vertexCount();
                g.layerOf.push_back(l);
                g.width.push_back(0.0f);
                g.chain.push_back(point);
                segments.emplace_back(previous, point);
                previous = point;
            }
            segments.emplace_back(previous, to);
        } else {
            ++g.straightEdges;
        }
        g.chain.push_back(to);
        g.chainStart.push_back(static_cast<int64_t>(g.chain.size()));
    }
    numberByLayer(g, layerCount, segments);

    const int32_t vertexCount = g.vertexCount();
    buildCsr(vertexCount, segments, g.downStart, g.down);
    for (auto& s : segments) std::swap(s.first, s.second);
    buildCsr(vertexCount, segments, g.upStart, g.up);
    g.x.assign(vertexCount, 0.0f);
    return g;
}

}  // namespace tpugraphs::drawing_detail
