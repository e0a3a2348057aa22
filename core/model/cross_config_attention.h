// Cross-config attention: each node state attends over the same node in the other configs.
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/pimpl.h>

namespace tpugraphs {

struct CrossConfigAttentionOptions {
    int64_t channels = 0;
};

// x [N, K, H]: a = softmax over the config axis of (x * t) with a learned temperature t per
// channel, context = sum_k a x; returns Linear([x, context]) of width H.
struct CrossConfigAttentionImpl : torch::nn::Module {
    explicit CrossConfigAttentionImpl(const CrossConfigAttentionOptions& options);
    torch::Tensor forward(const torch::Tensor& x);

    torch::Tensor temperature;
    torch::nn::Linear merge{nullptr};
};
TORCH_MODULE(CrossConfigAttention);

}  // namespace tpugraphs
