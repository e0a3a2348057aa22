// Tile config features relative to the kernel's output: how many tiles each output_bounds
// entry makes of the root node's shape, the padding those tiles waste, and the waste of
// rounding the minor dims up to the TPU's 8 x 128 vector registers. The raw features give
// tile extents and shapes apart; these ratios (in log2) are what a kernel's cost follows.
#pragma once

#include <cstdint>
#include <vector>

namespace tpugraphs {

// log2 tiles per output dim (6), log2 total tiles, log2 padding waste, log2 lane waste of the
// minor dim, log2 sublane waste of the second-minor dim.
constexpr int kTileRelativeFeatureCount = 10;

// rootNode: the 140 raw node features of the kernel's output (the last node); configFeat:
// `configs` rows of the 24 raw tile config features. Returns configs x
// kTileRelativeFeatureCount values. An output_bounds entry of 0 means the dim is not tiled.
std::vector<float> tileRelativeFeatures(const float* rootNode, const float* configFeat,
                                        int64_t configs);

}  // namespace tpugraphs
