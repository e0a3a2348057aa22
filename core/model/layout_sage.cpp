// Layout SAGE.
#include "model/layout_sage.h"

#include <torch/nn/functional/activation.h>

#include "data/layout_configs.h"

namespace tpugraphs {

LayoutSageImpl::LayoutSageImpl(const CostModelOptions& options_) : options(options_) {
    encoder = register_module(
        "encoder", NodeEncoder(NodeEncoderOptions{options.nodeFeatures, options.opcodes,
                                                  options.opcodeEmbedding, options.hidden}));
    configProject = register_module(
        "config_project", torch::nn::Linear(kLayoutConfigFeatureCount * 7, options.hidden));
    blocks = register_module("blocks", torch::nn::ModuleList());
    for (int64_t i = 0; i < options.layers; ++i)
        blocks->push_back(SageBlock(
            SageBlockOptions{options.hidden, options.bidirectional, options.selfChannelAttention,
                             options.crossConfigAttention, options.dropout}));
    if (options.readout == LayoutReadout::NodeScoreSum)
        nodeScore = register_module("node_score", torch::nn::Linear(options.hidden, 1));
    else
        head = register_module(
            "head", ScoreHead(ScoreHeadOptions{options.hidden, options.hidden, options.dropout}));
}

torch::Tensor LayoutSageImpl::forward(const ModelBatch& batch) {
    const auto& topology = batch.topology;
    auto nodes = encoder(batch.nodeFeat, batch.opcode);  // [N, H]
    auto configs = configProject(batch.configOneHot);    // [M, K, H]
    auto x =
        nodes.unsqueeze(1).expand({-1, batch.configs, -1}).index_add(0, batch.configNodes, configs);
    x = torch::nn::functional::gelu(x);
    for (const auto& module : *blocks) x = module->as<SageBlock>()->forward(x, topology);
    if (options.readout == LayoutReadout::NodeScoreSum)
        return sumPerGraph(nodeScore(x).squeeze(-1), topology);  // [G, K]
    return head(meanPerGraph(x, topology));
}

}  // namespace tpugraphs
