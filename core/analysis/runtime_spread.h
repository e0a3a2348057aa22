// Runtime spread of one graph's configs: how close they sit to the best, and how many repeat.
#pragma once

#include <cstdint>

#include "data/layout_graph.h"
#include "data/tile_graph.h"

namespace tpugraphs {

// Statistics of one graph with runtimes (all > 0); every ratio is 0 when the graph has none.
struct RuntimeSpread {
    int64_t configs = 0;
    double medianOverBest = 0;    // runtime of the median config / the best (numpy's median)
    double maxOverBest = 0;       // slowest / best
    double withinOnePercent = 0;  // share of configs at most 1 % slower than the best
    double distinctShare = 0;     // distinct config vectors / configs
};

// Layout: config_runtime and the rows of node_config_feat.
RuntimeSpread layoutRuntimeSpread(const LayoutGraph& graph);
// Tile: config_runtime / config_runtime_normalizers and the rows of config_feat.
RuntimeSpread tileRuntimeSpread(const TileGraph& graph);

}  // namespace tpugraphs
