// Residual message-passing block.
#include "model/sage_block.h"

#include <torch/nn/functional/activation.h>

namespace tpugraphs {

SageBlockImpl::SageBlockImpl(const SageBlockOptions& options_) : options(options_) {
    const int64_t h = options.channels;
    norm = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({h})));
    conv = register_module("conv", SageConv(SageConvOptions{h, h, options.bidirectional}));
    if (options.selfChannelAttention)
        channelAttention =
            register_module("channel_attention", ChannelAttention(ChannelAttentionOptions{h}));
    if (options.crossConfigAttention)
        crossAttention = register_module("cross_attention",
                                         CrossConfigAttention(CrossConfigAttentionOptions{h}));
    dropout = register_module("dropout", torch::nn::Dropout(options.dropout));
}

torch::Tensor SageBlockImpl::forward(const torch::Tensor& x, const GraphTopology& topology) {
    auto h = conv(norm(x), topology);
    if (options.selfChannelAttention) h = channelAttention(h, topology);
    if (options.crossConfigAttention && h.dim() == 3) h = crossAttention(h);
    return dropout(torch::nn::functional::gelu(x + h));
}

}  // namespace tpugraphs
