// Layout SAGE.
#include "model/layout_sage.h"

#include <torch/nn/functional/activation.h>
#include <torch/types.h>

#include "data/layout_configs.h"
#include "model/cpu_kernels.h"
#include "model/fused_config_join.h"

namespace tpugraphs {

LayoutSageImpl::LayoutSageImpl(const CostModelOptions& options_) : options(options_) {
    encoder = register_module(
        "encoder", NodeEncoder(NodeEncoderOptions{options.nodeFeatures, options.opcodes,
                                                  options.opcodeEmbedding, options.hidden}));
    configProject = register_module(
        "config_project", torch::nn::Linear(kLayoutConfigFeatureCount * 7, options.hidden));
    blocks = register_module("blocks", torch::nn::ModuleList());
    for (int64_t i = 0; i < options.layers; ++i)
        blocks->push_back(SageBlock(SageBlockOptions{
            options.hidden, options.bidirectional, options.selfChannelAttention,
            options.crossConfigAttention, options.dropout, options.attentionForm}));
    if (options.readout == LayoutReadout::NodeScoreSum)
        nodeScore = register_module("node_score", torch::nn::Linear(options.hidden, 1));
    else
        head = register_module(
            "head", ScoreHead(ScoreHeadOptions{options.hidden, options.hidden, options.dropout}));
}

torch::Tensor LayoutSageImpl::projectConfigs(const torch::Tensor& hotColumns) {
    // configProject of the one-hot rows without building them: a sum of 18 weight columns.
    const int64_t rows = hotColumns.size(0) * hotColumns.size(1);
    auto offsets = torch::arange(0, rows * kLayoutConfigFeatureCount, kLayoutConfigFeatureCount,
                                 hotColumns.options());
    auto sums = std::get<0>(
        torch::embedding_bag(configProject->weight.t(), hotColumns.reshape({-1}), offsets));
    return (sums + configProject->bias).view({hotColumns.size(0), hotColumns.size(1), -1});
}

torch::Tensor LayoutSageImpl::joinConfigs(const torch::Tensor& nodes, const ModelBatch& batch) {
    if (nodes.device().is_cpu() && fusedCpuKernelsEnabled())
        return fusedConfigJoin(nodes, configProject->weight, configProject->bias,
                               batch.configHotColumns, batch.configNodes);
    auto configs = projectConfigs(batch.configHotColumns);  // [M, K, H]
    auto x =
        nodes.unsqueeze(1).expand({-1, batch.configs, -1}).index_add(0, batch.configNodes, configs);
    return torch::nn::functional::gelu(x);
}

torch::Tensor LayoutSageImpl::forward(const ModelBatch& batch) {
    const auto& topology = batch.topology;
    auto x = joinConfigs(encoder(batch.nodeFeat, batch.opcode), batch);  // [N, K, H]
    // The join's rows vary along K only at the configurable nodes (no dropout before the first
    // block): the first block may project the other nodes once per graph.
    torch::Tensor configNodes = batch.configNodes;
    for (const auto& module : *blocks) {
        x = module->as<SageBlock>()->forward(x, topology, batch.configMask, configNodes);
        configNodes = torch::Tensor();
    }
    if (options.readout == LayoutReadout::NodeScoreSum)
        return sumPerGraph(nodeScore(x).squeeze(-1), topology);  // [G, K]
    return head(meanPerGraph(x, topology));
}

}  // namespace tpugraphs
