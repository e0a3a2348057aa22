// Tile early-join SAGE: each config's features joined to every node before message passing
// (per-config node states [N, K, H]), then mean pooling and an MLP.
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

struct TileEarlyJoinSageImpl : CostModelImpl {
    explicit TileEarlyJoinSageImpl(const CostModelOptions& options);
    torch::Tensor forward(const ModelBatch& batch) override;
    NodeEncoder encoder{nullptr};
    torch::nn::Linear configProject{nullptr};
    torch::nn::ModuleList blocks{nullptr};
    ScoreHead head{nullptr};
    bool comparesConfigs() const override { return options.crossConfigAttention; }
    CostModelOptions options;
};
TORCH_MODULE(TileEarlyJoinSage);

}  // namespace tpugraphs
