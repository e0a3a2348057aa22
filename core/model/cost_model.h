// The interface every cost model implements: a batch of graphs -> scores [G, K] (lower = faster).
#pragma once

#include <memory>

#include <torch/nn/module.h>

#include "model/model_batch.h"
#include "train/train_options.h"

namespace tpugraphs {

// Shared size options of the cost models (each model reads the fields it needs).
struct CostModelOptions {
    ModelType type = ModelType::TileLateJoinSage;
    int64_t nodeFeatures = 0;    // width of the normalised node features
    int64_t configFeatures = 0;  // tile: width of the normalised config features
    // opcode ids 0..120 (data/tpugraphs_format.h)
    int64_t opcodes = kOpcodeIdCount;
    int64_t opcodeEmbedding = 32;
    int64_t hidden = 64;
    int64_t layers = 3;
    double dropout = 0.0;
    bool bidirectional = true;
    bool selfChannelAttention = true;
    bool crossConfigAttention = true;
    LayoutReadout readout = LayoutReadout::NodeScoreSum;
    AttentionForm attentionForm = AttentionForm::Context;
};

struct CostModelImpl : torch::nn::Module {
    virtual torch::Tensor forward(const ModelBatch& batch) = 0;
    // True when a config's score depends on the other configs of the batch (test-time
    // averaging over shuffled orders helps then).
    virtual bool comparesConfigs() const { return false; }
};

// The model options of a run: sizes from the options and the normalised feature widths.
CostModelOptions costModelOptions(const TrainOptions& options, int64_t nodeFeatures,
                                  int64_t configFeatures);

// Builds the model of options.type. Throws std::invalid_argument for bad sizes.
std::shared_ptr<CostModelImpl> makeCostModel(const CostModelOptions& options);

}  // namespace tpugraphs
