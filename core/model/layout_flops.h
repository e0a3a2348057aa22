// Arithmetic of one layout-sage training step, counted from its layer shapes (plain header).
#pragma once

#include <cstdint>

#include "model/cost_model_options.h"

namespace tpugraphs {

// One batch as the model sees it: pruned node rows, configurable node rows, config slots.
struct LayoutStepShape {
    int64_t nodes = 0;         // N (all graphs of the batch)
    int64_t configurable = 0;  // M
    int64_t configs = 0;       // K
    int64_t graphs = 1;        // G
    int64_t nodeFeatures = 0;  // normalised node feature columns
};

// Floating-point operations of the Linear layers of one training step as the model runs them
// (fusedKernels: the fused CPU kernels, else the reference modules): a Linear applied to `rows`
// rows of width `in` giving `out` costs 2 * rows * in * out forward and twice that backward
// (input and weight gradients); the fused first block's conv projects a non-configurable node
// once, not per config (projected_conv.h), and is counted so. Normalisation, activations,
// attention softmax and message passing sums are not counted. See docs/BENCHMARKS.md, "Layout
// training on real graphs".
double layoutSageTrainFlops(const CostModelOptions& model, const LayoutStepShape& shape,
                            bool fusedKernels);

}  // namespace tpugraphs
