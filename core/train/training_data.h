// Loading the graphs of a training run: read, prune, fit normalisers on the train split,
// normalise, choose the configs to train and validate on. Plain C++.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "prepare/feature_normalizer.h"
#include "prepare/prepared_graph.h"
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
    std::vector<std::string> notes;  // one line per graph skipped or of limited use, and why
    int64_t trainConfigs() const;
};

using LoadProgress = std::function<void(const std::string& message, size_t done, size_t total)>;

// At most `count` configs of `set`, a seeded random choice (all of them when it has fewer).
ConfigSet seededSubset(const ConfigSet& set, size_t count, uint64_t seed);

// Loads options.collection of options.datasetRoot (the splits in options.trainSplits to train
// on; the valid split to validate on unless it is trained on or configs are held out).
// Graphs that cannot be ranked (fewer than 2 configs, no runtimes, unreadable headers) are
// skipped with a line in `notes`. When normalisers are given (resume), they
// are used instead of being fitted. Throws DataError (bad file), std::invalid_argument (unknown
// collection, no usable train graph). Returns early (empty train) when *cancel is set.
TrainingData loadTrainingData(const TrainOptions& options, const FeatureNormalizer* nodeNormalizer,
                              const FeatureNormalizer* configNormalizer,
                              const LoadProgress& progress, const std::atomic<bool>* cancel);

// Reads one file and prepares it for a model with the given normalisers (inference).
PreparedGraph loadGraphForModel(const std::string& path, GraphKind kind,
                                const PrepareOptions& prepare,
                                const FeatureNormalizer& nodeNormalizer,
                                const FeatureNormalizer& configNormalizer, bool requireRuntimes);

}  // namespace tpugraphs
