// Building the node maps and deduplicated edge lists of graph views.
#include "graphdraw/graph_subview.h"

#include <algorithm>

namespace tpugraphs {

namespace {

// Fills sv.dag with the original edges mapped through sv.viewOf, without self-loops or repeats.
void mapEdges(const GraphTopology& topology, GraphSubview& sv) {
    std::vector<uint64_t> keys;
    keys.reserve(topology.edgeFrom.size());
    for (size_t e = 0; e < topology.edgeFrom.size(); ++e) {
        const int32_t a = sv.viewOf[topology.edgeFrom[e]];
        const int32_t b = sv.viewOf[topology.edgeTo[e]];
        if (a < 0 || b < 0 || a == b) continue;
        keys.push_back((static_cast<uint64_t>(b) << 32) | static_cast<uint32_t>(a));
    }
    std::sort(keys.begin(), keys.end());  // by consumer, then producer
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    sv.dag = {};
    sv.dag.nodeCount = sv.nodeCount();
    sv.dag.edgeFrom.reserve(keys.size());
    sv.dag.edgeTo.reserve(keys.size());
    for (const uint64_t key : keys) {
        sv.dag.edgeFrom.push_back(static_cast<int32_t>(key & 0xffffffffu));
        sv.dag.edgeTo.push_back(static_cast<int32_t>(key >> 32));
    }
}

GraphSubview subviewOfNodes(const GraphTopology& topology, const std::vector<char>& keep) {
    GraphSubview sv;
    sv.viewOf.assign(topology.nodeCount, -1);
    for (int32_t v = 0; v < topology.nodeCount; ++v) {
        if (!keep[v]) continue;
        sv.viewOf[v] = static_cast<int32_t>(sv.original.size());
        sv.original.push_back(v);
    }
    sv.computation.assign(sv.original.size(), -1);
    sv.boxSize.assign(sv.original.size(), 1);
    mapEdges(topology, sv);
    return sv;
}

}  // namespace

GraphSubview fullSubview(const GraphTopology& topology) {
    return subviewOfNodes(topology, std::vector<char>(topology.nodeCount, 1));
}

GraphSubview configurableSubview(const GraphTopology& topology) {
    std::vector<char> configurable(topology.nodeCount, 0);
    for (const int32_t v : topology.configurable) configurable[v] = 1;
    std::vector<char> keep = configurable;
    for (size_t e = 0; e < topology.edgeFrom.size(); ++e) {
        const int32_t a = topology.edgeFrom[e];
        const int32_t b = topology.edgeTo[e];
        if (configurable[a]) keep[b] = 1;
        if (configurable[b]) keep[a] = 1;
    }
    return subviewOfNodes(topology, keep);
}

GraphSubview collapsedSubview(const GraphTopology& topology, const std::vector<bool>& expanded) {
    GraphSubview sv;
    sv.viewOf.assign(topology.nodeCount, -1);
    for (int32_t c = 0; c < topology.computationCount(); ++c) {
        const int32_t begin = topology.computationStart[c];
        const int32_t end = topology.computationStart[c + 1];
        if (begin == end) continue;
        const bool open = c < static_cast<int32_t>(expanded.size()) && expanded[c];
        if (open) {
            for (int32_t v = begin; v < end; ++v) {
                sv.viewOf[v] = sv.nodeCount();
                sv.original.push_back(v);
                sv.computation.push_back(-1);
                sv.boxSize.push_back(1);
            }
        } else {
            const int32_t box = sv.nodeCount();
            for (int32_t v = begin; v < end; ++v) sv.viewOf[v] = box;
            sv.original.push_back(-1);
            sv.computation.push_back(c);
            sv.boxSize.push_back(end - begin);
        }
    }
    mapEdges(topology, sv);
    return sv;
}

}  // namespace tpugraphs
