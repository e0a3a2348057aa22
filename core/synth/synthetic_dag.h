// A deterministic HLO-like random graph, for layout benchmarks and tests of large drawings.
#pragma once

#include <cstdint>

#include "graphdraw/graph_topology.h"

namespace tpugraphs {

// About 15% parameters/constants (no inputs); every other node consumes 1-3 earlier nodes,
// mostly recent ones, with a few long-range edges; ~4% configurable (dot, convolution, reshape,
// transpose); one computation per ~5,000 nodes. Same seed, same graph on every platform.
GraphTopology makeSyntheticTopology(int32_t nodeCount, uint32_t seed = 1);

}  // namespace tpugraphs
