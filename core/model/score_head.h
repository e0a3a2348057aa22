// MLP head turning joined features into one score: in -> hidden -> hidden/2 -> 1, with an
// optional per-graph input joined to every config of the graph ("late join").
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/container/sequential.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/pimpl.h>

namespace tpugraphs {

struct ScoreHeadOptions {
    int64_t in = 0;  // per-row (per config) input width
    int64_t hidden = 64;
    double dropout = 0.0;
    int64_t graphIn = 0;  // width of the per-graph input of forward(x, graph); 0 = none
};

struct ScoreHeadImpl : torch::nn::Module {
    explicit ScoreHeadImpl(const ScoreHeadOptions& options);
    // x [..., in] -> [...] (the last axis reduced to one score).
    torch::Tensor forward(const torch::Tensor& x);
    // x [G, K, in], graph [G, graphIn] -> [G, K]: the same function as concatenating graph to
    // every row of x, but the graph's share of the first layer is computed once per graph
    // instead of once per config (the first layer is most of the head's work).
    torch::Tensor forwardJoined(const torch::Tensor& x, const torch::Tensor& graph);

    torch::nn::Linear input{nullptr}, graphInput{nullptr};
    torch::nn::Sequential rest{nullptr};
};
TORCH_MODULE(ScoreHead);

}  // namespace tpugraphs
