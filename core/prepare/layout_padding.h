// Marks the padding of the `layout_minor_to_major_0..5` node features as -1 (the files pad them
// with 0, which is also dimension 0), as the winning solutions did, before normalisation.
#pragma once

#include <cstdint>

namespace tpugraphs {

// The padding value written into layout_minor_to_major_i for i >= the node's tensor rank.
constexpr float kLayoutPaddingValue = -1.0f;

// nodeFeat: `nodes` rows of the 140 raw node features. A node's rank is the position of its
// last non-zero `shape_dimensions_0..5` entry plus one (scalars and tuples: 0).
void markLayoutPadding(float* nodeFeat, int64_t nodes);

}  // namespace tpugraphs
