// Cross-config attention (softmax over configs, learned temperature, concatenated with input).
#include "model/cross_config_attention.h"

#include <limits>

namespace tpugraphs {

CrossConfigAttentionImpl::CrossConfigAttentionImpl(const CrossConfigAttentionOptions& options_)
    : options(options_) {
    // The 1st place divided by a learned temperature starting at 0.5: t = 2 here.
    const double start = options.form == AttentionForm::FirstPlace ? 2.0 : 1.0;
    temperature = register_parameter("temperature", torch::full({options.channels}, start));
    merge = register_module("merge", torch::nn::Linear(2 * options.channels, options.channels));
}

torch::Tensor CrossConfigAttentionImpl::forward(const torch::Tensor& x,
                                                const torch::Tensor& nodeMask) {
    const double inf = std::numeric_limits<double>::infinity();
    auto logits = (x * temperature).masked_fill(~nodeMask.unsqueeze(-1), -inf);
    auto weights = torch::softmax(logits, 1);
    if (options.form == AttentionForm::FirstPlace) return merge(torch::cat({x, weights * x}, -1));
    auto context = (weights * x).sum(1, true).expand_as(x);
    return merge(torch::cat({x, context}, -1));
}

}  // namespace tpugraphs
