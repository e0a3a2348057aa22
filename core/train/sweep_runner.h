// Running a sweep's trials: each one a `tpugraphs train` process into OUT/runs/<trial id>, at
// most `workers` at a time, resumable (a finished trial is kept, an unfinished one resumed from
// its last checkpoint, so a sweep killed at any moment goes on where it stopped); then each
// trial scored at its last step on its validation and on the extra datasets asked for (those
// scores are kept in OUT/scores, so they are not computed twice). Each run is labelled
// "<collection> · <point> · seed K" as soon as its directory appears. No torch in this header.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "train/run_directory.h"
#include "train/sweep_plan.h"

namespace tpugraphs {

// A dataset split every trial is also scored on (e.g. the valid splits of graphs generated
// with other seeds): held-out graphs no trial saw.
struct SweepEvaluation {
    std::string datasetRoot;
    Split split = Split::Valid;
};

struct SweepRunOptions {
    std::string outDir;
    int workers = 1;          // trials at once
    int threadsPerTrial = 0;  // LibTorch threads of each; 0 = the cores / workers
    std::string program;      // the `tpugraphs` CLI that trains the trials (required)
    std::vector<SweepEvaluation> evaluations;
    // Given: each trial's time limit in minutes as it starts (--time-limit-minutes; 0 = none),
    // from its index, the trials training and those waiting (indices into the trials).
    std::function<double(size_t trial, const std::vector<size_t>& running,
                         const std::vector<size_t>& queued)>
        timeLimitMinutes;
};

struct TrialResult {
    SweepTrial trial;
    std::string runDir;
    RunStatus status = RunStatus::Running;
    std::string problem;  // a failed trial: why (the run's failure or its process's exit)
    int64_t steps = 0;
    double seconds = 0;          // wall time of the run's training processes (all sessions)
    double peakMib = 0;          // the largest resident set of those processes
    EvalMetrics last;            // at its last validation
    std::vector<double> scores;  // per evaluation: the competition metric (NaN when not scored)
};

// Where a trial's run lives: OUT/runs/<trial id>.
std::string trialRunDirectory(const std::string& outDir, const std::string& trialId);

// Messages such as "3/12 running layout-xla-default/defaults/seed-1".
using SweepProgress = std::function<void(const std::string& message)>;

// Runs the trials not finished yet and returns every trial's result (in plan order). When
// *cancel becomes true the running trials are asked to stop (they keep their checkpoints).
// OUT/sweep.json records the plan: a different plan in the same folder is refused
// (std::invalid_argument).
std::vector<TrialResult> runSweep(const std::vector<SweepTrial>& trials,
                                  const SweepRunOptions& options,
                                  const SweepProgress& progress = {},
                                  const std::atomic<bool>* cancel = nullptr);

}  // namespace tpugraphs
