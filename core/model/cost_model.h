// The interface every cost model implements: a batch of graphs -> scores [G, K] (lower = faster).
#pragma once

#include <memory>

#include <torch/nn/module.h>

#include "model/cost_model_options.h"
#include "model/model_batch.h"

namespace tpugraphs {

struct CostModelImpl : torch::nn::Module {
    virtual torch::Tensor forward(const ModelBatch& batch) = 0;
    // True when a config's score depends on the other configs of the batch (test-time
    // averaging over shuffled orders helps then).
    virtual bool comparesConfigs() const { return false; }
};

// Builds the model of options.type. Throws std::invalid_argument for bad sizes.
std::shared_ptr<CostModelImpl> makeCostModel(const CostModelOptions& options);

}  // namespace tpugraphs
