// Layout SAGE: per-node config features (one-hot) joined early at the configurable nodes of the
// pruned graph, residual SAGE blocks, per-node scores summed to the graph (or pooled + MLP).
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/container/modulelist.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/pimpl.h>

#include "model/cost_model.h"
#include "model/node_encoder.h"
#include "model/sage_block.h"
#include "model/score_head.h"

namespace tpugraphs {

struct LayoutSageImpl : CostModelImpl {
    explicit LayoutSageImpl(const CostModelOptions& options);
    torch::Tensor forward(const ModelBatch& batch) override;
    // configProject of the one-hot rows marked by hotColumns [M, K, 18] -> [M, K, H].
    torch::Tensor projectConfigs(const torch::Tensor& hotColumns);
    // gelu(node states [N, H] + projected configs at the configurable nodes) -> [N, K, H]
    // (fused on the CPU, fused_config_join.h).
    torch::Tensor joinConfigs(const torch::Tensor& nodes, const ModelBatch& batch);
    NodeEncoder encoder{nullptr};
    torch::nn::Linear configProject{nullptr};
    torch::nn::ModuleList blocks{nullptr};
    torch::nn::Linear nodeScore{nullptr};
    ScoreHead head{nullptr};
    bool comparesConfigs() const override { return options.crossConfigAttention; }
    CostModelOptions options;
};
TORCH_MODULE(LayoutSage);

}  // namespace tpugraphs
