// Two configurations of a layout graph compared node by node: the configurable nodes whose layout
// (the 18 config values) differs between config A and config B, each with a sensitivity to rank
// them by (how much the runtime, measured or predicted, moves with that node's layout).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "data/layout_graph.h"

namespace tpugraphs {

struct NodeLayoutDifference {
    int64_t node = 0;               // original node id
    int64_t configurableIndex = 0;  // position in node_config_ids
    NodeLayout a, b;                // its layout in config A and in config B
    double sensitivity = NAN;       // see layoutDifferences; NaN when unknown
};

// Nodes whose layout differs between configs a and b, in node_config_ids order, or sorted by
// sensitivity (largest first, ties by node id) when `perConfigValue` is given: it holds one
// number per config (log runtime, or a model's predicted score) and each node's sensitivity is
// layoutSensitivity's spread of that value over the node's layouts (config_sensitivity.h).
// Throws std::out_of_range naming the config when a or b is not a config of the graph.
std::vector<NodeLayoutDifference> layoutDifferences(const LayoutGraph& graph, int64_t a, int64_t b,
                                                    const std::vector<double>& perConfigValue = {});

// "output (1 0 -1 -1 -1 -1) input (...) kernel (...)": a layout as its three 6-value groups.
std::string layoutTupleText(const NodeLayout& layout);

// The groups that differ between a and b, each without its unused trailing -1 entries:
// "input (1 0) → (0 1)", several joined by `separator`; "(–)" for a group that is all unused.
// Empty when the layouts are equal.
std::string layoutChangeText(const NodeLayout& a, const NodeLayout& b,
                             const std::string& separator = "; ");

}  // namespace tpugraphs
