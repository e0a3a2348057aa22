// Loading the graphs of a training run: read, prune, fit normalisers on the train split,
// normalise, choose the configs to train and validate on. Plain C++.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "train/feature_normalizer.h"
#include "train/prepared_graph.h"
#include "train/train_options.h"

namespace tpugraphs {

struct EvalItem {
    const PreparedGraph* graph = nullptr;
    ConfigSet set;
};

struct TrainingData {
    GraphKind kind = GraphKind::Tile;
    std::vector<PreparedGraph> train, valid;
    std::vector<ConfigSet> trainSets;  // per train graph: the configs trained on
    std::vector<EvalItem> validation;  // valid graphs (or held-out configs of train graphs)
    FeatureNormalizer nodeNormalizer, configNormalizer;
    int64_t trainConfigs() const;
};

using LoadProgress = std::function<void(const std::string& message, size_t done, size_t total)>;

// Loads options.collection of options.datasetRoot. When normalisers are given (resume), they
// are used instead of being fitted. Throws DataError (bad file), std::invalid_argument (unknown
// collection, no usable train graph). Returns early (empty train) when *cancel is set.
TrainingData loadTrainingData(const TrainOptions& options, const FeatureNormalizer* nodeNormalizer,
                              const FeatureNormalizer* configNormalizer,
                              const LoadProgress& progress, const std::atomic<bool>* cancel);

// Reads one file and prepares it for a model with the given normalisers (inference).
PreparedGraph loadGraphForModel(const std::string& path, GraphKind kind, bool prune,
                                const FeatureNormalizer& nodeNormalizer,
                                const FeatureNormalizer& configNormalizer, bool requireRuntimes);

}  // namespace tpugraphs
