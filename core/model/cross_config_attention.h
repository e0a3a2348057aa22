// Cross-config attention: each node state attends over the same node in the other configs.
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/pimpl.h>

#include "model/model_kinds.h"

namespace tpugraphs {

struct CrossConfigAttentionOptions {
    int64_t channels = 0;
    AttentionForm form = AttentionForm::Context;
};

// x [N, K, H], w = softmax over the real configs of each node's graph (nodeMask [N, K]) of
// (x * t) with a learned temperature t per channel. Context: Linear([x, sum_k w x]); FirstPlace:
// Linear([x, w x]). Both of width H; padded slots get no weight.
struct CrossConfigAttentionImpl : torch::nn::Module {
    explicit CrossConfigAttentionImpl(const CrossConfigAttentionOptions& options);
    torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& nodeMask);

    CrossConfigAttentionOptions options;
    torch::Tensor temperature;
    torch::nn::Linear merge{nullptr};
};
TORCH_MODULE(CrossConfigAttention);

}  // namespace tpugraphs
