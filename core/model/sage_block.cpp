// Residual message-passing block.
#include "model/sage_block.h"

#include <torch/nn/functional/activation.h>

#include "model/cpu_dropout.h"
#include "model/cpu_kernels.h"

namespace tpugraphs {

SageBlockImpl::SageBlockImpl(const SageBlockOptions& options_) : options(options_) {
    const int64_t h = options.channels;
    norm = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({h})));
    conv = register_module("conv", SageConv(SageConvOptions{h, h, options.bidirectional}));
    if (options.selfChannelAttention)
        channelAttention =
            register_module("channel_attention", ChannelAttention(ChannelAttentionOptions{h}));
    if (options.crossConfigAttention)
        crossAttention = register_module(
            "cross_attention",
            CrossConfigAttention(CrossConfigAttentionOptions{h, options.attentionForm}));
    dropout = register_module("dropout", torch::nn::Dropout(options.dropout));
}

SageBlockParameters SageBlockImpl::fusedParameters() const {
    SageBlockParameters p;
    p.normWeight = norm->weight;
    p.normBias = norm->bias;
    std::vector<torch::Tensor> projections{conv->self->weight, conv->producers->weight};
    if (options.bidirectional) projections.push_back(conv->consumers->weight);
    p.convWeight = torch::cat(projections, 1);
    p.convBias = conv->self->bias;
    if (options.selfChannelAttention) {
        p.squeezeWeight = channelAttention->squeeze->weight;
        p.squeezeBias = channelAttention->squeeze->bias;
        p.exciteWeight = channelAttention->excite->weight;
        p.exciteBias = channelAttention->excite->bias;
    }
    if (options.crossConfigAttention) {
        p.temperature = crossAttention->temperature;
        p.mergeWeight = crossAttention->merge->weight;
        p.mergeBias = crossAttention->merge->bias;
    }
    return p;
}

torch::Tensor SageBlockImpl::forward(const torch::Tensor& x, const BatchTopology& topology,
                                     const torch::Tensor& configMask,
                                     const torch::Tensor& configNodes) {
    const bool perConfig = x.dim() == 3;
    if (perConfig && x.device().is_cpu() && x.scalar_type() == torch::kFloat &&
        fusedCpuKernelsEnabled())
        return cpuDropout(fusedSageBlock(x, fusedParameters(), topology, configMask,
                                         options.attentionForm, configNodes),
                          options.dropout, is_training());
    auto h = conv(norm(x), topology);
    if (options.selfChannelAttention) h = channelAttention(h, topology);
    if (options.crossConfigAttention && perConfig)
        h = crossAttention(h, configMask.index_select(0, topology.nodeGraph));
    return dropout(torch::nn::functional::gelu(x + h));
}

}  // namespace tpugraphs
