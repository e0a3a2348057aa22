// The residual SAGE block on the CPU as one autograd function with a hand-written backward:
// node chunks that stay in cache, CSR neighbour means, one GEMM for the three SAGE projections,
// and only the normalised input, the conv output and the pre-activation kept for backward.
#pragma once

#include <torch/types.h>

#include "model/model_batch.h"
#include "model/model_kinds.h"

namespace tpugraphs {

// The parameters of one block as the fused function reads them; parts that are off stay
// undefined (channel attention: the squeeze/excite four; cross-config attention: the last three).
struct SageBlockParameters {
    torch::Tensor normWeight, normBias;  // [H]
    torch::Tensor convWeight;            // [H, 2H or 3H]: self | producers (| consumers)
    torch::Tensor convBias;              // [H]
    torch::Tensor squeezeWeight, squeezeBias, exciteWeight, exciteBias;
    torch::Tensor temperature, mergeWeight, mergeBias;  // [H], [H, 2H], [H]
};

// gelu(x + block(x)) for x [N, K, H] float on the CPU: the function of SageBlockImpl's forward
// without dropout. configMask [G, K] keeps padded slots out of the attention softmax. When
// configNodes [M] int64 is defined, x's rows vary along K only at those nodes (the first layout
// block's input) and the SAGE projections of the others are computed once per node
// (projected_conv.h); the result is the same up to float rounding, and so is x's gradient
// summed over K at the other nodes (what a caller that broadcast x there along K receives;
// the part through the conv comes whole at config 0).
torch::Tensor fusedSageBlock(const torch::Tensor& x, const SageBlockParameters& parameters,
                             const BatchTopology& topology, const torch::Tensor& configMask,
                             AttentionForm form, const torch::Tensor& configNodes = {});

}  // namespace tpugraphs
