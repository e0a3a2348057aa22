// Plain progress and metric records of a training run, as reported to callbacks and kept in
// the run's history.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <string>

namespace tpugraphs {

// Validation / evaluation metrics averaged over graphs. Fields that do not apply to the
// collection kind stay NaN (tile: no kendall; layout: no topKScore).
struct EvalMetrics {
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    int graphs = 0;
    double kendall = kNaN;    // layout: Kendall tau-b (competition score)
    double opa = kNaN;        // ordered pair accuracy
    double topKScore = kNaN;  // tile: 2 - min(top-5)/min(all) (competition score)
    double top1Error = kNaN;  // min(top-K)/min(all) - 1
    double top5Error = kNaN;
    double top10Error = kNaN;
    double loss = kNaN;  // mean validation loss

    // The competition score of the kind (kendall for layout, topKScore for tile); higher = better.
    double primary() const { return kendall == kendall ? kendall : topKScore; }
};

enum class TrainPhase { Loading, Training, Validation, Finished };

// What a Loading report's message is when it is a note on the data or the set-up, not progress.
enum class TrainNote {
    None,     // progress ("loading 61 train graphs (12/61)")
    Routine,  // information only (the prepared-graph cache's use): a status line, not a warning
    Advice,   // weakens the run (graphs skipped, nothing to validate on): kept in view
};

struct TrainProgress {
    TrainPhase phase = TrainPhase::Training;
    int64_t step = 0;  // optimiser steps done
    int64_t totalSteps = 0;
    int epoch = 0;    // 0-based epoch of `step`
    double loss = 0;  // mean training loss since the previous report
    double lr = 0;
    double configsPerSecond = 0;  // training throughput since the previous report
    double graphsPerSecond = 0;
    double elapsedSeconds = 0;  // of this session (not counting earlier sessions of a resume)
    double etaSeconds = 0;
    bool isValidation = false;  // true: `validation` holds fresh metrics
    EvalMetrics validation;
    bool bestSoFar = false;  // this validation is the best so far (best checkpoint written)
    std::string message;     // human-readable, e.g. "loading 61 train graphs (12/61)"
    TrainNote note = TrainNote::None;  // Loading: `message` is a note of this kind
};

// Called on the training thread. Keep it short; copy the value to hand it to another thread.
using ProgressCallback = std::function<void(const TrainProgress&)>;

}  // namespace tpugraphs
