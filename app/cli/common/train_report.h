// Text lines for training progress and metrics, shared by train, evaluate and bench train.
#pragma once

#include <string>

#include "train/train_progress.h"

namespace tpugraphs::cli {

// A metric's name in reports and table headers: its key with '-' for '_' ("top5-score").
std::string metricReportName(const MetricSpec& spec);
// "kendall 0.8123  opa 0.8712  top1-error 0.0123 ...  (12 graphs)": the metric table's rows that
// apply to the metrics' kind and are set.
std::string formatMetrics(const EvalMetrics& metrics);
// One progress line: "step 120/1000  epoch 3  loss 0.1234  lr 9.1e-04  configs/s 12345 ..." or a
// validation / loading line.
std::string formatProgress(const TrainProgress& progress);

}  // namespace tpugraphs::cli
