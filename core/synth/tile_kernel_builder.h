// Builds one synthetic fused kernel (a tile:xla graph) and the tiling problem it poses.
#pragma once

#include <cstdint>

#include "synth/synthetic_hlo_graph.h"
#include "synth/tile_runtime_formula.h"

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
