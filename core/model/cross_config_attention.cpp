// Cross-config attention (softmax over configs, learned temperature, concatenated with input).
#include "model/cross_config_attention.h"

namespace tpugraphs {

CrossConfigAttentionImpl::CrossConfigAttentionImpl(const CrossConfigAttentionOptions& options) {
    temperature = register_parameter("temperature", torch::ones({options.channels}));
    merge = register_module("merge", torch::nn::Linear(2 * options.channels, options.channels));
}

torch::Tensor CrossConfigAttentionImpl::forward(const torch::Tensor& x) {
    auto weights = torch::softmax(x * temperature, 1);
    auto context = (weights * x).sum(1, true).expand_as(x);
    return merge(torch::cat({x, context}, -1));
}

}  // namespace tpugraphs
