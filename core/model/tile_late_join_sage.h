// Tile late-join SAGE (the seed notebook): graph embedding (SAGE layers, mean+max pooling)
// computed once per graph, then joined with each config's features by an MLP.
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

struct TileLateJoinSageImpl : CostModelImpl {
    explicit TileLateJoinSageImpl(const CostModelOptions& options);
    torch::Tensor forward(const ModelBatch& batch) override;
    NodeEncoder encoder{nullptr};
    torch::nn::ModuleList convs{nullptr};
    ScoreHead head{nullptr};
    CostModelOptions options;
};
TORCH_MODULE(TileLateJoinSage);

}  // namespace tpugraphs
