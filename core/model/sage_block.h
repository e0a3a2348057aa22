// Residual message-passing block: norm -> SAGE -> channel attention -> cross-config attention
// -> residual -> GELU -> dropout (the 1st-place layout block, parts optional).
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/dropout.h>
#include <torch/nn/modules/normalization.h>
#include <torch/nn/pimpl.h>

#include "model/channel_attention.h"
#include "model/cross_config_attention.h"
#include "model/sage_conv.h"

namespace tpugraphs {

struct SageBlockOptions {
    int64_t channels = 0;
    bool bidirectional = true;
    bool selfChannelAttention = true;
    bool crossConfigAttention = true;  // needs x of shape [N, K, H]
    double dropout = 0.0;
};

// LayerNorm over channels stands in for InstanceNorm: batches mix graphs in one node axis.
struct SageBlockImpl : torch::nn::Module {
    explicit SageBlockImpl(const SageBlockOptions& options);
    torch::Tensor forward(const torch::Tensor& x, const GraphTopology& topology);

    SageBlockOptions options;
    torch::nn::LayerNorm norm{nullptr};
    SageConv conv{nullptr};
    ChannelAttention channelAttention{nullptr};
    CrossConfigAttention crossAttention{nullptr};
    torch::nn::Dropout dropout{nullptr};
};
TORCH_MODULE(SageBlock);

}  // namespace tpugraphs
