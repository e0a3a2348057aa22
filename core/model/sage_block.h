// Residual message-passing block: norm -> SAGE -> channel attention -> cross-config attention
// -> residual -> GELU -> dropout (the 1st-place layout block, parts optional).
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/dropout.h>
#include <torch/nn/modules/normalization.h>
#include <torch/nn/pimpl.h>

#include "model/channel_attention.h"
#include "model/cross_config_attention.h"
#include "model/fused_sage_block.h"
#include "model/sage_conv.h"

namespace tpugraphs {

struct SageBlockOptions {
    int64_t channels = 0;
    bool bidirectional = true;
    bool selfChannelAttention = true;
    bool crossConfigAttention = true;  // needs x of shape [N, K, H]
    double dropout = 0.0;
    AttentionForm attentionForm = AttentionForm::Context;
};

// LayerNorm over channels stands in for InstanceNorm: batches mix graphs in one node axis.
// x [N, K, H] float on the CPU runs as one fused function (fused_sage_block.h), then dropout
// with parallel masks (cpu_dropout.h), unless setFusedCpuKernels(false); other devices and
// [N, H] inputs run the modules below.
struct SageBlockImpl : torch::nn::Module {
    explicit SageBlockImpl(const SageBlockOptions& options);
    // configMask [G, K] bool (false on padded config slots) for [N, K, H] inputs. configNodes,
    // when defined, says that x varies along K only at those node rows (the first layout
    // block's input, broadcast along K at the other nodes): the fused function then projects
    // the other nodes once, and their gradient is exact only summed over K.
    torch::Tensor forward(const torch::Tensor& x, const BatchTopology& topology,
                          const torch::Tensor& configMask, const torch::Tensor& configNodes = {});
    // The modules' parameters as the fused function reads them.
    SageBlockParameters fusedParameters() const;

    SageBlockOptions options;
    torch::nn::LayerNorm norm{nullptr};
    SageConv conv{nullptr};
    ChannelAttention channelAttention{nullptr};
    CrossConfigAttention crossAttention{nullptr};
    torch::nn::Dropout dropout{nullptr};
};
TORCH_MODULE(SageBlock);

}  // namespace tpugraphs
