// Inference with a trained run: per-config scores (lower = predicted faster) for graphs or a
// whole split, and evaluation against true runtimes. Torch hidden behind a pimpl.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "data/dataset.h"
#include "data/layout_graph.h"
#include "data/tile_graph.h"
#include "train/run_directory.h"
#include "train/train_progress.h"

namespace tpugraphs {

struct PredictOptions {
    std::string device = "cpu";
    bool useBest = true;       // best.pt when present, else last.pt
    int testTimeAverages = 1;  // > 1: average over shuffled config orders (config-comparing models)
    int64_t configChunk = 0;   // configs scored per forward pass; 0 = model default
    uint64_t seed = 0;         // for the shuffled orders
};

struct GraphPrediction {
    Collection collection = Collection::TileXla;
    std::string name;  // file stem
    std::string path;
    std::vector<float> scores;  // one per config, lower = predicted faster
    bool hasRuntimes = false;   // train/valid graphs: metrics filled
    EvalMetrics metrics;        // of this graph (graphs = 1)
};

struct SplitPrediction {
    std::vector<GraphPrediction> graphs;  // in dataset order
    EvalMetrics mean;                     // over graphs with runtimes (graphs = 0 when none)
    bool cancelled = false;
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
    GraphKind kind() const;

    // Scores of every config. Throws RunError when the graph's kind does not match the model.
    std::vector<float> predict(const TileGraph& graph) const;
    std::vector<float> predict(const LayoutGraph& graph) const;
    // Reads the .npz, predicts, and computes metrics when it has runtimes.
    GraphPrediction predictFile(const std::string& path, Collection collection) const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// Predicts every graph of `split` of the run's collection under `datasetRoot` (empty = the
// run's own dataset root). `progress(done, total)` may be empty; `cancel` may be null.
SplitPrediction predictSplit(const std::string& runDir, const std::string& datasetRoot, Split split,
                             const PredictOptions& options = {},
                             const std::function<void(size_t, size_t)>& progress = {},
                             const std::atomic<bool>* cancel = nullptr);

}  // namespace tpugraphs
