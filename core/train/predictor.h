// Inference with a trained run: per-config scores (lower = predicted faster) for graphs or a
// whole split, and evaluation against true runtimes. Torch hidden behind a pimpl.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "data/dataset.h"
#include "data/layout_graph.h"
#include "data/tile_graph.h"
#include "train/option_table.h"
#include "train/run_directory.h"
#include "train/train_progress.h"

namespace tpugraphs {

// Rounds of test-time averaging over shuffled config orders by default (models that compare
// configs; see docs/training.md for the measurement behind the choice).
constexpr int kDefaultTestTimeAverages = 1;

struct PredictOptions {
    std::string device = optionDefault("device");
    bool useBest = true;  // best.pt when present, else last.pt
    int testTimeAverages = kDefaultTestTimeAverages;
    // Configs scored per forward pass; 0 = the K the run trained with (models that compare
    // configs, and layout models) or 1024 (tile models that score each config alone).
    int64_t configChunk = 0;
    // Seed of the shuffled scoring orders; unset: the run's training seed, so evaluating a run
    // reproduces the validation it recorded.
    std::optional<uint64_t> seed;
    // > 0: score only a seeded random subset of at most this many configs of each graph (for
    // evaluation: the metrics are of the subset). The subset depends on `subsetSeed` and the
    // graph's name, not on the run, so every run of an ensemble scores the same configs. The
    // layout test files hold ~1,000 configs: that many on a valid graph of 100k estimates the
    // test metric at 1/100 of the cost.
    int64_t maxConfigs = 0;
    uint64_t subsetSeed = 0;
    // predictSplit: the collection to predict; none = the run's own. Another collection of the
    // same kind is allowed (e.g. a layout:xla model on layout:nlp graphs).
    std::optional<Collection> collection;
    // Within one graph: configs scored so far (over all rounds) and the total. May be empty.
    std::function<void(int64_t done, int64_t total)> configProgress;
    // predictSplit: configs of the split scored so far and their total (from the files'
    // headers), each graph counted once whatever the rounds and runs; called after every
    // scored chunk, so a graph of 100k configs shows its progress. May be empty.
    std::function<void(int64_t done, int64_t total)> splitConfigProgress;
};

struct GraphPrediction {
    Collection collection = Collection::TileXla;
    std::string name;  // file stem
    std::string path;
    std::vector<int64_t> configs;  // the configs scored (maxConfigs); empty = all, in order
    std::vector<float> scores;     // one per config scored, lower = predicted faster
    bool hasRuntimes = false;      // train/valid graphs: metrics filled
    std::vector<double> runtime;   // true runtime per config scored (tile: normalised), or empty
    EvalMetrics metrics;           // of this graph (graphs = 1)
};

struct SplitPrediction {
    std::vector<GraphPrediction> graphs;  // in dataset order
    EvalMetrics mean;                     // over graphs with runtimes (graphs = 0 when none)
    std::vector<EvalMetrics> runs;        // each run's own mean, on the same configs
    bool cancelled = false;
    std::vector<std::string> notes;  // checkpoints passed over (Predictor::notes)
};

class Predictor {
public:
    // Loads the run's checkpoint. Throws RunError (no checkpoint, other format version or
    // model type, device unavailable).
    Predictor(const std::string& runDir, const PredictOptions& options = {});
    ~Predictor();
    Predictor(const Predictor&) = delete;
    Predictor& operator=(const Predictor&) = delete;

    const RunInfo& run() const;
    // Checkpoints passed over: a best.pt missing or damaged, and which one predicts instead.
    const std::vector<std::string>& notes() const;
    GraphKind kind() const;

    // Scores of every config. Throws RunError when the graph's kind does not match the model.
    std::vector<float> predict(const TileGraph& graph) const;
    std::vector<float> predict(const LayoutGraph& graph) const;
    // Reads the .npz, predicts, and computes metrics when it has runtimes.
    GraphPrediction predictFile(const std::string& path, Collection collection) const;

private:
    void loadFrom(const std::string& checkpoint);  // throws RunError

    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// Predicts every graph of `split` of the runs' collection under `datasetRoot` (empty = the first
// run's own dataset root). With several runs (an ensemble, all of one collection) a graph's
// scores are the mean of the runs' normalised ranks (meanNormalizedRanks); metrics are of
// those. `progress(done, total)` counts graphs and may be empty; `cancel` may be null.
// Throws RunError (a run cannot be used, runs of different collections, NaN scores) or
// DataError (an unreadable file).
SplitPrediction predictSplit(const std::vector<std::string>& runDirs,
                             const std::string& datasetRoot, Split split,
                             const PredictOptions& options = {},
                             const std::function<void(size_t, size_t)>& progress = {},
                             const std::atomic<bool>* cancel = nullptr);
SplitPrediction predictSplit(const std::string& runDir, const std::string& datasetRoot, Split split,
                             const PredictOptions& options = {},
                             const std::function<void(size_t, size_t)>& progress = {},
                             const std::atomic<bool>* cancel = nullptr);

}  // namespace tpugraphs
