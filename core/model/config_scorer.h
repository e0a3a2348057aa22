// Scoring every requested config of one graph with a model, in chunks, optionally averaged over
// shuffled config orders (for models whose scores depend on the other configs in a chunk).
#pragma once

#include <cstdint>
#include <vector>

#include <torch/types.h>

#include "model/cost_model.h"
#include "train/prepared_graph.h"

namespace tpugraphs {

// Smallest chunk used for scoring whole graphs (validation, inference): large enough to keep the
// number of forward passes low, still a sample of configs for cross-config attention.
constexpr int64_t kMinScoreChunk = 128;

struct ScoreOptions {
    int64_t chunk = 256;  // configs per forward pass
    int averages = 1;     // > 1 and model->comparesConfigs(): shuffled orders averaged
    uint64_t seed = 0;
};

// Scores (lower = faster) of `configs` of `graph`, in the same order. Runs in eval mode without
// gradients and restores the model's training flag.
std::vector<float> scoreConfigs(CostModelImpl& model, const PreparedGraph& graph,
                                const std::vector<int64_t>& configs, const torch::Device& device,
                                const ScoreOptions& options);

}  // namespace tpugraphs
