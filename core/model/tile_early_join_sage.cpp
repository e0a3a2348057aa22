// Tile early-join SAGE.
#include "model/tile_early_join_sage.h"

#include <torch/nn/functional/activation.h>

namespace tpugraphs {

TileEarlyJoinSageImpl::TileEarlyJoinSageImpl(const CostModelOptions& options_) : options(options_) {
    encoder = register_module(
        "encoder", NodeEncoder(NodeEncoderOptions{options.nodeFeatures, options.opcodes,
                                                  options.opcodeEmbedding, options.hidden}));
    configProject = register_module("config_project",
                                    torch::nn::Linear(options.configFeatures, options.hidden));
    blocks = register_module("blocks", torch::nn::ModuleList());
    for (int64_t i = 0; i < options.layers; ++i)
        blocks->push_back(SageBlock(SageBlockOptions{
            options.hidden, options.bidirectional, options.selfChannelAttention,
            options.crossConfigAttention, options.dropout, options.attentionForm}));
    head = register_module(
        "head", ScoreHead(ScoreHeadOptions{options.hidden, options.hidden, options.dropout}));
}

torch::Tensor TileEarlyJoinSageImpl::forward(const ModelBatch& batch) {
    const auto& topology = batch.topology;
    auto nodes = encoder(batch.nodeFeat, batch.opcode);  // [N, H]
    auto configs =
        configProject(batch.configFeat).index_select(0, topology.nodeGraph);  // [N, K, H]
    auto x = torch::nn::functional::gelu(nodes.unsqueeze(1) + configs);
    for (const auto& module : *blocks)
        x = module->as<SageBlock>()->forward(x, topology, batch.configMask);
    return head(meanPerGraph(x, topology));  // [G, K]
}

}  // namespace tpugraphs
