// MLP score head.
#include "model/score_head.h"

#include <torch/nn/modules/activation.h>
#include <torch/nn/modules/dropout.h>
#include <torch/nn/modules/linear.h>

#include <algorithm>

namespace tpugraphs {

ScoreHeadImpl::ScoreHeadImpl(const ScoreHeadOptions& options) {
    const int64_t half = std::max<int64_t>(4, options.hidden / 2);
    mlp = register_module(
        "mlp", torch::nn::Sequential(torch::nn::Linear(options.in, options.hidden),
                                     torch::nn::ReLU(), torch::nn::Dropout(options.dropout),
                                     torch::nn::Linear(options.hidden, half), torch::nn::ReLU(),
                                     torch::nn::Linear(half, 1)));
}

torch::Tensor ScoreHeadImpl::forward(const torch::Tensor& x) {
    return mlp->forward(x).squeeze(-1);
}

}  // namespace tpugraphs
