// Views of a graph to draw: the whole graph, configurable nodes + neighbours, collapsed
// computations.
#pragma once

#include <cstdint>
#include <vector>

#include "graphdraw/dag_drawing.h"
#include "graphdraw/graph_topology.h"

namespace tpugraphs {

// A graph derived from a GraphTopology, with maps between its nodes and the original ones.
struct GraphSubview {
    std::vector<int32_t> original;     // per view node: original node id, -1 for a computation box
    std::vector<int32_t> computation;  // per view node: computation index of a box, else -1
    std::vector<int32_t> viewOf;       // per original node: view node (its box when collapsed), -1
    std::vector<int32_t> boxSize;      // per view node: original nodes inside (1 for a node)
    DagInput dag;                      // view edges, deduplicated, producer -> consumer

    int32_t nodeCount() const { return static_cast<int32_t>(original.size()); }
};

// Every node and edge (duplicate edges kept once).
GraphSubview fullSubview(const GraphTopology& topology);

// The pruned graph the models train on: configurable nodes plus their direct producers and
// consumers, with the edges among them.
GraphSubview configurableSubview(const GraphTopology& topology);

// Each computation (node_splits range) is one box, except those with expanded[c] true, whose
// nodes are shown. Edges inside a box are dropped; edges between boxes/nodes are kept once.
GraphSubview collapsedSubview(const GraphTopology& topology, const std::vector<bool>& expanded);

}  // namespace tpugraphs
