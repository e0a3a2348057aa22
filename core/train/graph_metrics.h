// Validation metrics of one graph from predicted scores and target runtimes, and their mean.
#pragma once

#include <vector>

#include "data/graph_io.h"
#include "train/train_progress.h"

namespace tpugraphs {

// Tile: topKScore (= 1 - top-5 error, the competition score), top-1/5/10 errors, OPA.
// Layout: Kendall tau-b, OPA, top-1/5/10 errors. runtimes must be > 0.
EvalMetrics graphMetrics(GraphKind kind, const std::vector<float>& scores,
                         const std::vector<double>& runtimes);

// Field-wise mean over graphs (NaN fields skipped); graphs = number of entries.
EvalMetrics meanMetrics(const std::vector<EvalMetrics>& perGraph);

}  // namespace tpugraphs
