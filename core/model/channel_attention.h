// Self-channel (squeeze-excitation) attention: per-graph channel gates from the mean node state.
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/pimpl.h>

#include "model/model_batch.h"

namespace tpugraphs {

struct ChannelAttentionOptions {
    int64_t channels = 0;
    int64_t reduction = 4;  // bottleneck = channels / reduction
};

// x [N, K, H] (or [N, H]) -> x * sigmoid(MLP(mean over the graph's nodes)), gates per graph.
struct ChannelAttentionImpl : torch::nn::Module {
    explicit ChannelAttentionImpl(const ChannelAttentionOptions& options);
    torch::Tensor forward(const torch::Tensor& x, const BatchTopology& topology);

    torch::nn::Linear squeeze{nullptr}, excite{nullptr};
};
TORCH_MODULE(ChannelAttention);

}  // namespace tpugraphs
