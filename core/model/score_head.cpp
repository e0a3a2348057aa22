// MLP score head.
#include "model/score_head.h"

#include <torch/nn/modules/activation.h>
#include <torch/nn/modules/dropout.h>

#include <algorithm>

namespace tpugraphs {

ScoreHeadImpl::ScoreHeadImpl(const ScoreHeadOptions& options) {
    const int64_t half = std::max<int64_t>(4, options.hidden / 2);
    input = register_module("input", torch::nn::Linear(options.in, options.hidden));
    if (options.graphIn > 0)
        graphInput = register_module(
            "graphInput",
            torch::nn::Linear(
                torch::nn::LinearOptions(options.graphIn, options.hidden).bias(false)));
    rest = register_module(
        "rest", torch::nn::Sequential(torch::nn::ReLU(), torch::nn::Dropout(options.dropout),
                                      torch::nn::Linear(options.hidden, half), torch::nn::ReLU(),
                                      torch::nn::Linear(half, 1)));
}

torch::Tensor ScoreHeadImpl::forward(const torch::Tensor& x) {
    return rest->forward(input(x)).squeeze(-1);
}

torch::Tensor ScoreHeadImpl::forwardJoined(const torch::Tensor& x, const torch::Tensor& graph) {
    return rest->forward(input(x) + graphInput(graph).unsqueeze(1)).squeeze(-1);
}

}  // namespace tpugraphs
