// Scoring every requested config of one graph with a model, in chunks of the training K,
// averaged over shuffled config orders when the model compares configs with each other.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include <torch/types.h>

#include "model/cost_model.h"
#include "prepare/prepared_graph.h"

namespace tpugraphs {

// Chunk used by models that score each config on its own (no cross-config attention).
constexpr int64_t kIndependentScoreChunk = 1024;

struct ScoreOptions {
    // Configs per forward pass. For a model that compares configs this should be the K it was
    // trained with, so every config is scored among as many others as in training.
    int64_t chunk = 64;
    int averages = 1;  // rounds over shuffled orders (models that compare configs only)
    uint64_t seed = 0;
    // Graph Segment Training's cut (TrainOptions::segmentNodes, 0 = none): a config's score is
    // the sum of its scores on the graph's segments (graph_segments.h).
    int64_t segmentNodes = 0;
    // Called after each forward pass with configs scored so far (all rounds) and the total.
    std::function<void(int64_t done, int64_t total)> progress;
};

// Scores (lower = faster) of `configs` of `graph`, in the same order. Runs in eval mode without
// gradients and restores the model's training flag.
// A model that compares configs sees chunks of exactly `chunk` configs in a freshly shuffled
// order every round (the last chunk is topped up with configs from the start of the order,
// whose extra scores are dropped); graphs with fewer configs are scored whole. Other models
// score each config once, in order.
std::vector<float> scoreConfigs(CostModelImpl& model, const PreparedGraph& graph,
                                const std::vector<int64_t>& configs, const torch::Device& device,
                                const ScoreOptions& options);

}  // namespace tpugraphs
