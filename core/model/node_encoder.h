// Node input encoder: normalised node features joined with an opcode embedding, projected.
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/embedding.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/pimpl.h>

#include "data/tpugraphs_format.h"

namespace tpugraphs {

struct NodeEncoderOptions {
    int64_t nodeFeatures = 0;
    int64_t opcodes = kOpcodeIdCount;
    int64_t embedding = 32;
    int64_t out = 64;
};

// [N, F] features + [N] opcodes -> [N, out] = Linear([features, Embedding(opcode)]).
struct NodeEncoderImpl : torch::nn::Module {
    explicit NodeEncoderImpl(const NodeEncoderOptions& options);
    torch::Tensor forward(const torch::Tensor& nodeFeat, const torch::Tensor& opcode);

    torch::nn::Embedding embedding{nullptr};
    torch::nn::Linear project{nullptr};
};
TORCH_MODULE(NodeEncoder);

}  // namespace tpugraphs
