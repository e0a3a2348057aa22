// The structure of a TpuGraphs graph needed to draw it: opcodes, edges, configurable nodes,
// computations.
#pragma once

#include <cstdint>
#include <vector>

#include "data/layout_graph.h"
#include "data/tile_graph.h"

namespace tpugraphs {

struct GraphTopology {
    int32_t nodeCount = 0;
    std::vector<uint8_t> opcode;            // per node
    std::vector<int32_t> edgeFrom;          // producer (file edge (u, v): v)
    std::vector<int32_t> edgeTo;            // consumer (file edge (u, v): u)
    std::vector<int32_t> configurable;      // sorted, unique configurable node ids
    std::vector<int32_t> computationStart;  // sorted boundaries: 0, ..., nodeCount (>= 2 entries)

    int32_t edgeCount() const { return static_cast<int32_t>(edgeFrom.size()); }
    int32_t computationCount() const { return static_cast<int32_t>(computationStart.size()) - 1; }
    // Index of the computation holding `node` (binary search).
    int32_t computationOf(int32_t node) const;
};

// Edges, configurable ids and splits outside the graph's node range are dropped.
GraphTopology topologyOf(const LayoutGraph& graph);
GraphTopology topologyOf(const TileGraph& graph);

}  // namespace tpugraphs
