// Cross-config attention (softmax over configs, learned temperature, concatenated with input).
#include "model/cross_config_attention.h"

namespace tpugraphs {

CrossConfigAttentionImpl::CrossConfigAttentionImpl(const CrossConfigAttentionOptions& options) {
    temperature = register_parameter("temperature", torch::ones({options.channels}));
    self = register_module("self", torch::nn::Linear(options.channels, options.channels));
    context = register_module(
        "context", torch::nn::Linear(
                       torch::nn::LinearOptions(options.channels, options.channels).bias(false)));
}

torch::Tensor CrossConfigAttentionImpl::forward(const torch::Tensor& x) {
    auto weights = torch::softmax(x * temperature, 1);
    auto pooled = (weights * x).sum(1, true);  // [N, 1, H], the same for every config
    return self(x) + context(pooled);
}

}  // namespace tpugraphs
