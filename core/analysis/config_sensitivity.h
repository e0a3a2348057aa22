// A simple, honest per-node sensitivity of a layout graph's runtime to its configurable nodes:
// configs are grouped by the layout one node takes (its 18 config values); the node's
// sensitivity is the spread (max - min) of the groups' mean log runtime, i.e. the log of the
// ratio between the geometric-mean runtime of its slowest and fastest layout choice. It is a
// marginal, observational measure over the sampled configs (other nodes vary too), not causal.
#pragma once

#include <cstdint>
#include <vector>

#include "data/layout_graph.h"

namespace tpugraphs {

struct NodeSensitivity {
    int64_t node = 0;        // original node id
    int values = 0;          // distinct layouts this node takes over the configs
    double logSpread = 0.0;  // max - min of the per-layout mean of `value`; 0 with one layout
};

// `value` holds one number per config (log runtime, or a predicted score); groups with fewer
// than `minGroup` configs are ignored. One entry per configurable node, in node_config_ids order.
std::vector<NodeSensitivity> layoutSensitivity(const LayoutGraph& graph,
                                               const std::vector<double>& value, int minGroup = 2);

}  // namespace tpugraphs
