// Conversion of layout/tile graph records into a GraphTopology.
#include "graphdraw/graph_topology.h"

#include <algorithm>

namespace tpugraphs {

namespace {

GraphTopology baseTopology(const std::vector<uint8_t>& opcode, const std::vector<int64_t>& edges) {
    GraphTopology t;
    t.nodeCount = static_cast<int32_t>(opcode.size());
    t.opcode = opcode;
    const size_t edgeCount = edges.size() / 2;
    t.edgeFrom.reserve(edgeCount);
    t.edgeTo.reserve(edgeCount);
    for (size_t e = 0; e < edgeCount; ++e) {
        const int64_t consumer = edges[2 * e];
        const int64_t producer = edges[2 * e + 1];
        if (consumer < 0 || producer < 0 || consumer >= t.nodeCount || producer >= t.nodeCount)
            continue;
        t.edgeFrom.push_back(static_cast<int32_t>(producer));
        t.edgeTo.push_back(static_cast<int32_t>(consumer));
    }
    t.computationStart = {0, t.nodeCount};
    return t;
}

}  // namespace

int32_t GraphTopology::computationOf(int32_t node) const {
    const auto it = std::upper_bound(computationStart.begin(), computationStart.end(), node);
    return std::clamp(static_cast<int32_t>(it - computationStart.begin()) - 1, 0,
                      std::max(0, computationCount() - 1));
}

GraphTopology topologyOf(const LayoutGraph& graph) {
    GraphTopology t = baseTopology(graph.nodeOpcode, graph.edgeIndex);
    for (const int64_t id : graph.nodeConfigIds)
        if (id >= 0 && id < t.nodeCount) t.configurable.push_back(static_cast<int32_t>(id));
    std::sort(t.configurable.begin(), t.configurable.end());
    t.configurable.erase(std::unique(t.configurable.begin(), t.configurable.end()),
                         t.configurable.end());
    for (const int64_t split : graph.nodeSplits)
        if (split > 0 && split < t.nodeCount)
            t.computationStart.push_back(static_cast<int32_t>(split));
    std::sort(t.computationStart.begin(), t.computationStart.end());
    t.computationStart.erase(std::unique(t.computationStart.begin(), t.computationStart.end()),
                             t.computationStart.end());
    if (t.computationStart.size() < 2) t.computationStart = {0, 0};  // empty graph
    return t;
}

GraphTopology topologyOf(const TileGraph& graph) {
    return baseTopology(graph.nodeOpcode, graph.edgeIndex);
}

}  // namespace tpugraphs
