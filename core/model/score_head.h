// MLP head turning a joined feature vector into one score: in -> hidden -> hidden/2 -> 1.
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/container/sequential.h>
#include <torch/nn/pimpl.h>

namespace tpugraphs {

struct ScoreHeadOptions {
    int64_t in = 0;
    int64_t hidden = 64;
    double dropout = 0.0;
};

// x [..., in] -> [...] (the last axis reduced to one score).
struct ScoreHeadImpl : torch::nn::Module {
    explicit ScoreHeadImpl(const ScoreHeadOptions& options);
    torch::Tensor forward(const torch::Tensor& x);

    torch::nn::Sequential mlp{nullptr};
};
TORCH_MODULE(ScoreHead);

}  // namespace tpugraphs
