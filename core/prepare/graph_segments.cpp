// Cutting a prepared layout graph into node-range segments.
#include "prepare/graph_segments.h"

#include <algorithm>

namespace tpugraphs {

std::vector<NodeRange> graphSegments(const PreparedGraph& graph, int64_t maxNodes) {
    if (maxNodes <= 0 || graph.nodes <= maxNodes || graph.configNodeRows.empty()) return {{}};
    const int64_t count = (graph.nodes + maxNodes - 1) / maxNodes;
    std::vector<uint8_t> configurable(static_cast<size_t>(graph.nodes), 0);
    for (int64_t row : graph.configNodeRows) configurable[static_cast<size_t>(row)] = 1;
    std::vector<NodeRange> segments;
    for (int64_t s = 0; s < count; ++s) {
        const NodeRange range{s * graph.nodes / count, (s + 1) * graph.nodes / count};
        if (std::any_of(configurable.begin() + range.begin, configurable.begin() + range.end,
                        [](uint8_t c) { return c != 0; }))
            segments.push_back(range);
    }
    return segments;
}

int64_t largestSegmentNodes(const PreparedGraph& graph, int64_t maxNodes) {
    int64_t largest = 0;
    for (const NodeRange& range : graphSegments(graph, maxNodes))
        largest = std::max(largest, range.size(graph.nodes));
    return largest;
}

}  // namespace tpugraphs
