// Tile late-join SAGE.
#include "model/tile_late_join_sage.h"

#include <torch/nn/functional/dropout.h>

namespace tpugraphs {

TileLateJoinSageImpl::TileLateJoinSageImpl(const CostModelOptions& options_) : options(options_) {
    encoder = register_module(
        "encoder", NodeEncoder(NodeEncoderOptions{options.nodeFeatures, options.opcodes,
                                                  options.opcodeEmbedding, options.hidden}));
    convs = register_module("convs", torch::nn::ModuleList());
    for (int64_t i = 0; i < options.layers; ++i)
        convs->push_back(
            SageConv(SageConvOptions{options.hidden, options.hidden, options.bidirectional}));
    head =
        register_module("head", ScoreHead(ScoreHeadOptions{options.configFeatures, options.hidden,
                                                           options.dropout, 2 * options.hidden}));
}

torch::Tensor TileLateJoinSageImpl::forward(const ModelBatch& batch) {
    namespace F = torch::nn::functional;
    auto x = encoder(batch.nodeFeat, batch.opcode);
    for (const auto& module : *convs) {
        x = torch::relu(module->as<SageConv>()->forward(x, batch.topology));
        x = F::dropout(x, F::DropoutFuncOptions().p(options.dropout).training(is_training()));
    }
    auto graph = torch::cat({meanPerGraph(x, batch.topology), maxPerGraph(x, batch.topology)}, -1);
    return head->forwardJoined(batch.configFeat, graph);
}

}  // namespace tpugraphs
