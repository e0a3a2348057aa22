// Graph Segment Training (TpuGraphs paper, section 5): a layout graph too large for one step
// is cut into segments of consecutive node rows (the files list nodes in topological order);
// a step backpropagates through one segment and adds the others' last known scores. Plain C++.
#pragma once

#include <cstdint>
#include <vector>

#include "prepare/prepared_graph.h"

namespace tpugraphs {

// Node rows [begin, end) of a prepared graph; the default covers the whole graph.
struct NodeRange {
    int64_t begin = 0;
    int64_t end = -1;  // < 0: the graph's last row + 1
    bool whole() const { return begin == 0 && end < 0; }
    int64_t size(int64_t graphNodes) const { return (end < 0 ? graphNodes : end) - begin; }
};

// The segments of `graph` for at most `maxNodes` rows each (<= 0: no limit): the graph cut into
// ceil(nodes / maxNodes) ranges of nearly equal size, each scored as a graph of its own (edges
// between segments are dropped). Ranges without a configurable node are left out: with the
// node-score-sum readout they add the same score to every config, which no ranking sees. A
// graph that fits, or has no configurable node, is one whole range.
std::vector<NodeRange> graphSegments(const PreparedGraph& graph, int64_t maxNodes);

// Node rows of the largest segment (the graph's rows when it is not cut).
int64_t largestSegmentNodes(const PreparedGraph& graph, int64_t maxNodes);

}  // namespace tpugraphs
