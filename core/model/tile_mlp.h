// Tile baseline: MLP on [config features, mean-pooled encoded node features].
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

struct TileMlpImpl : CostModelImpl {
    explicit TileMlpImpl(const CostModelOptions& options);
    torch::Tensor forward(const ModelBatch& batch) override;
    NodeEncoder encoder{nullptr};
    ScoreHead head{nullptr};
    CostModelOptions options;
};
TORCH_MODULE(TileMlp);

}  // namespace tpugraphs
