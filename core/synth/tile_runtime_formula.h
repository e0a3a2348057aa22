// Analytic runtime of one fused kernel under a tile-size configuration (the tile:xla collection).
#pragma once

#include <cstdint>
#include <vector>

#include "data/tile_graph.h"

namespace tpugraphs {

class GeneratorRandom;

// What a fused kernel computes, as far as tiling is concerned.
struct TileProblem {
    std::vector<int64_t> outputDims;          // the root's shape
    std::vector<int64_t> outputMinorToMajor;  // the root's layout (minor-most dim first)
    int elementBytes = 4;
    // Contraction (dot / convolution): the kernel operand's shape, its contracted dim and its
    // output-feature dim (the last), and the output dim that the kernel's last dim produces.
    std::vector<int64_t> kernelDims;
    int kernelContractedDim = -1;
    // Reduction: the reduced input's shape and which of its dims are reduced away.
    std::vector<int64_t> inputDims;
    std::vector<bool> inputReduced;
    double flops = 0.0;        // arithmetic work of the whole kernel
    double inputBytes = 0.0;   // bytes of all parameters, each read once
    double kernelBytes = 0.0;  // bytes of the kernel operand (part of inputBytes)
};

// Tile bounds of one config: per-dimension tile extents in elements (empty = not tiled).
struct TileConfig {
    std::vector<int64_t> kernel, output, input;
};

// The 24 config_feat values: kernel_bounds_0..5, sum, product, output_bounds..., input_bounds...
// (unused groups are all 0, as in the real files).
void encodeTileConfig(const TileConfig& config, float* out);

// The compiler's default tiling (aligned to the 8 x 128 vector registers, capped by the shape).
TileConfig defaultTileConfig(const TileProblem& problem);
// A random candidate tiling: per dimension, a power of two, a divisor or the full extent.
TileConfig sampleTileConfig(const TileProblem& problem, GeneratorRandom& random);

// Noiseless runtime in nanoseconds (docs/GENERATOR.md, "The runtime formulas").
double tileCost(const TileProblem& problem, const TileConfig& config);

}  // namespace tpugraphs
