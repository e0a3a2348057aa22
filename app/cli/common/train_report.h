// Text lines for training progress and metrics, shared by train, evaluate and bench train.
#pragma once

#include <string>

#include "train/train_progress.h"

namespace tpugraphs::cli {

// "1m23s", "2h05m", "45s".
std::string formatDuration(double seconds);
// "kendall 0.8123  opa 0.8712  top1 err 0.0123 ..." (only the fields that are set).
std::string formatMetrics(const EvalMetrics& metrics);
// One progress line: "step 120/1000  epoch 3  loss 0.1234  lr 9.1e-04  configs/s 12345 ..." or a
// validation / loading line.
std::string formatProgress(const TrainProgress& progress);

}  // namespace tpugraphs::cli
