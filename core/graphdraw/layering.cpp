// Layer assignment: longest path on a topological order, then a pull-down pass to shorten edges.
#include <algorithm>
#include <queue>

#include "graphdraw/layered_graph.h"

namespace tpugraphs::drawing_detail {

namespace {

struct Csr {
    std::vector<int32_t> start, items;
};

Csr outgoing(const DagInput& input) {
    const int32_t n = input.nodeCount;
    Csr csr;
    csr.start.assign(n + 1, 0);
    for (size_t e = 0; e < input.edgeFrom.size(); ++e)
        if (input.edgeFrom[e] != input.edgeTo[e]) ++csr.start[input.edgeFrom[e] + 1];
    for (int32_t v = 0; v < n; ++v) csr.start[v + 1] += csr.start[v];
    csr.items.resize(csr.start[n]);
    std::vector<int32_t> fill(csr.start.begin(), csr.start.end() - 1);
    for (size_t e = 0; e < input.edgeFrom.size(); ++e)
        if (input.edgeFrom[e] != input.edgeTo[e])
            csr.items[fill[input.edgeFrom[e]]++] = input.edgeTo[e];
    return csr;
}

// Kahn's algorithm in first-in first-out order, without a heap; empty when a cycle leaves nodes
// unordered. Every topological order of an acyclic graph gives the same layers.
std::vector<int32_t> acyclicOrder(const DagInput& input, const Csr& out) {
    const int32_t n = input.nodeCount;
    std::vector<int32_t> inDegree(n, 0);
    for (const int32_t w : out.items) ++inDegree[w];
    std::vector<int32_t> order;
    order.reserve(n);
    for (int32_t v = 0; v < n; ++v)
        if (inDegree[v] == 0) order.push_back(v);
    for (size_t head = 0; head < order.size(); ++head) {
        const int32_t v = order[head];
        for (int32_t k = out.start[v]; k < out.start[v + 1]; ++k)
            if (--inDegree[out.items[k]] == 0) order.push_back(out.items[k]);
    }
    if (static_cast<int32_t>(order.size()) < n) order.clear();
    return order;
}

// Kahn's algorithm, smallest ready index first; a cycle is broken at its smallest pending node.
std::vector<int32_t> topologicalOrder(const DagInput& input, const Csr& out) {
    const int32_t n = input.nodeCount;
    std::vector<int32_t> inDegree(n, 0);
    for (int32_t v = 0; v < n; ++v)
        for (int32_t k = out.start[v]; k < out.start[v + 1]; ++k) ++inDegree[out.items[k]];
    std::priority_queue<int32_t, std::vector<int32_t>, std::greater<>> ready;
    for (int32_t v = 0; v < n; ++v)
        if (inDegree[v] == 0) ready.push(v);
    std::vector<char> done(n, 0);
    std::vector<int32_t> order;
    order.reserve(n);
    int32_t nextPending = 0;
    while (static_cast<int32_t>(order.size()) < n) {
        if (ready.empty()) {  // only nodes on cycles remain
            while (done[nextPending]) ++nextPending;
            inDegree[nextPending] = 0;
            ready.push(nextPending);
        }
        const int32_t v = ready.top();
        ready.pop();
        if (done[v]) continue;
        done[v] = 1;
        order.push_back(v);
        for (int32_t k = out.start[v]; k < out.start[v + 1]; ++k) {
            const int32_t w = out.items[k];
            if (!done[w] && --inDegree[w] == 0) ready.push(w);
        }
    }
    return order;
}

}  // namespace

std::vector<int32_t> assignLayers(const DagInput& input) {
    const int32_t n = input.nodeCount;
    const Csr out = outgoing(input);
    std::vector<int32_t> order = acyclicOrder(input, out);
    if (static_cast<int32_t>(order.size()) < n) order = topologicalOrder(input, out);  // cycles
    std::vector<int32_t> rank(n);
    for (int32_t i = 0; i < n; ++i) rank[order[i]] = i;

    // Longest path from the sources along forward edges (rank increases).
    std::vector<int32_t> layer(n, 0);
    std::vector<int32_t> forwardIn(n, 0);
    for (const int32_t v : order)
        for (int32_t k = out.start[v]; k < out.start[v + 1]; ++k) {
            const int32_t w = out.items[k];
            if (rank[w] > rank[v]) {
                layer[w] = std::max(layer[w], layer[v] + 1);
                ++forwardIn[w];
            }
        }

    // Pull a node down next to its nearest consumer when that shortens more edges than it
    // stretches (consumers are final because the pass runs in reverse topological order).
    for (int32_t i = n - 1; i >= 0; --i) {
        const int32_t v = order[i];
        int32_t forwardOut = 0;
        int32_t nearest = INT32_MAX;
        for (int32_t k = out.start[v]; k < out.start[v + 1]; ++k) {
            const int32_t w = out.items[k];
            if (rank[w] <= rank[v]) continue;
            ++forwardOut;
            nearest = std::min(nearest, layer[w]);
        }
        if ((forwardOut > forwardIn[v] || forwardOut == 1) && nearest - 1 > layer[v])
            layer[v] = nearest - 1;
    }

    // Remove empty layers (an order-preserving renumbering keeps every forward edge downward).
    int32_t maxLayer = 0;
    for (const int32_t l : layer) maxLayer = std::max(maxLayer, l);
    std::vector<int32_t> remap(static_cast<size_t>(maxLayer) + 1, 0);
    for (const int32_t l : layer) remap[l] = 1;
    int32_t next = 0;
    for (int32_t& r : remap) r = r ? next++ : -1;
    for (int32_t& l : layer) l = remap[l];
    return layer;
}

}  // namespace tpugraphs::drawing_detail
