// Node input encoder.
#include "model/node_encoder.h"

namespace tpugraphs {

NodeEncoderImpl::NodeEncoderImpl(const NodeEncoderOptions& options) {
    embedding =
        register_module("embedding", torch::nn::Embedding(options.opcodes, options.embedding));
    project = register_module(
        "project", torch::nn::Linear(options.nodeFeatures + options.embedding, options.out));
}

torch::Tensor NodeEncoderImpl::forward(const torch::Tensor& nodeFeat, const torch::Tensor& opcode) {
    return project(torch::cat({nodeFeat, embedding(opcode)}, -1));
}

}  // namespace tpugraphs
