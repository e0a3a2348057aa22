// Plain progress and metric records of a training run, as reported to callbacks and kept in
// the run's history.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "metrics/metric_table.h"

namespace tpugraphs {

enum class TrainPhase { Loading, Training, Validation, Finished };
// How a run stands or ended (train/run_directory.h names them).
enum class RunStatus { Running, Completed, Cancelled, EarlyStopped, Failed };

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
    RunStatus status = RunStatus::Running;  // phase Finished: how the run ended
    std::string message;               // human-readable, e.g. "loading 61 train graphs (12/61)"
    TrainNote note = TrainNote::None;  // Loading: `message` is a note of this kind
};

// Called on the training thread. Keep it short; copy the value to hand it to another thread.
using ProgressCallback = std::function<void(const TrainProgress&)>;

}  // namespace tpugraphs
