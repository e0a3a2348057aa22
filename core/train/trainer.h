// Public trainer API (no torch): train or resume a cost model into a run directory, reporting
// progress through a plain callback, cancellable from another thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "train/distributed/distributed_launch.h"
#include "train/predictor.h"
#include "train/run_directory.h"
#include "train/train_options.h"
#include "train/train_progress.h"

namespace tpugraphs {

struct TrainResult {
    RunStatus status = RunStatus::Completed;  // Completed, Cancelled or EarlyStopped
    std::string runDir;
    int64_t steps = 0;  // total steps done (including those before a resume)
    int64_t bestStep = -1;
    EvalMetrics best;    // best validation (NaN fields when never validated)
    EvalMetrics last;    // last validation
    double seconds = 0;  // wall time of this call
    // In a process group: what each rank all-reduced per step (its gradient and loss terms),
    // and the mean time per step in those collectives, waiting for slower ranks included.
    int64_t collectiveBytesPerStep = 0;
    double collectiveSecondsPerStep = 0;
    // Of those seconds, waiting for the slowest rank's forward and backward pass; and that
    // rank's compute time over the ranks' mean (mean over the steps; 1: a perfect split).
    double collectiveWaitingSecondsPerStep = 0;
    double slowestRankOverMean = 1;
};

// Trains options.model on options.collection of options.datasetRoot into options.runDir.
// - Fresh run (resume false): runDir must be empty or absent (else RunError); options.json and
//   format.json are written first, then last.pt at every validation and at the end/cancel,
//   best.pt at every new best validation.
// - Resume (resume true): runDir must hold a run of the same format version, model type and
//   collection (else RunError with a clear message); training continues from last.pt (weights,
//   optimiser, step, history). Use loadRunInfo(runDir).options, change the length (steps/epochs)
//   or device if wanted, set resume = true.
// `progress` (may be empty) is called on this thread every logInterval steps, at each
// validation and at the end. Setting `*cancel` (may be null) from any thread stops at the next
// batch; last.pt is then written, so a resume continues from there.
// With `launch` from the launcher's variables (launch.distributed()), this process is one
// rank of a data-parallel run (docs/DISTRIBUTED.md): options.batchGraphs counts the
// graphs of a step over all ranks, rank 0 alone writes runDir, and a rank that fails or stops
// makes the others throw DistributedError naming it.
// Throws DataError (bad files), RunError (run directory) or std::invalid_argument (options).
TrainResult train(const TrainOptions& options, const ProgressCallback& progress = {},
                  const std::atomic<bool>* cancel = nullptr, const DistributedLaunch& launch = {});

}  // namespace tpugraphs
