// The validation metrics of one graph (every row of the metric table) from predicted scores and
// true runtimes, and their reduction over graphs.
#pragma once

#include <vector>

#include "metrics/metric_table.h"

namespace tpugraphs {

// Metrics of one graph of `kind` (graphs = 1): the rows of the metric table that apply to it.
// Lower score = predicted faster. runtimes: tile graphs' normalised runtimes (> 0, see
// normalizedTileRuntimes), layout graphs' runtimes (top-K errors stay NaN unless all > 0).
// Throws std::invalid_argument when the sizes differ, a score is NaN, or a tile runtime <= 0.
EvalMetrics graphMetrics(GraphKind kind, const std::vector<float>& scores,
                         const std::vector<double>& runtimes);

// The metrics of a set of graphs of `kind`, each reduced by its row's reduction; graphs = number
// of entries.
EvalMetrics meanMetrics(GraphKind kind, const std::vector<EvalMetrics>& perGraph);

}  // namespace tpugraphs
