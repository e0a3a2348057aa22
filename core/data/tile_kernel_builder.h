// Builds one synthetic fused kernel (a tile:xla graph) and the tiling problem it poses.
#pragma once

#include <cstdint>

#include "data/synthetic_hlo_graph.h"
#include "data/tile_cost_model.h"

namespace tpugraphs {

class GeneratorRandom;

struct TileKernel {
    SyntheticHloGraph graph;
    TileProblem problem;
};

// A kernel of about `targetNodes` instructions (at least 2): elementwise, reduction, dot,
// convolution or data-movement fusion, with parameters, constants, broadcasts and converts.
TileKernel buildTileKernel(GeneratorRandom& random, int64_t targetNodes);

}  // namespace tpugraphs
