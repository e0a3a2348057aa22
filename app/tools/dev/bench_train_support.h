// Shared pieces of `tpugraphs bench train`: peak-memory probes and one timed training run.
#pragma once

#include <string>

#include "model/op_profile.h"
#include "train/train_options.h"

namespace tpugraphs::cli {

// Resets the kernel's peak-RSS counter of this process (Linux >= 4.0); false when unsupported.
bool resetPeakMemory();
// VmHWM of this process in MiB (0 when unknown).
double peakMemoryMiB();

struct TrainThroughput {
    double configsPerSecond = 0, graphsPerSecond = 0, peakMiB = 0;
    OpProfile profile;  // the measured windows' operators and kernels, when profiled
    int64_t profiledSteps = 0;
};

// Trains `options` (dataset root, collection, model and length already set) into a fresh
// `runDir`, logging four windows and no validation; returns the mean rates of the windows after
// the first (warm-up) one and the peak memory since the start of the run. With a `profiler`,
// the steps of those windows are profiled too (a trace written to `tracePath` if not empty).
TrainThroughput measureTraining(TrainOptions options, const std::string& runDir,
                                OpProfiler* profiler = nullptr, const std::string& tracePath = "");

}  // namespace tpugraphs::cli
