// Tile-collection metrics per graph: normalised runtimes, the competition score of a submission's
// chosen configs, the paper's top-K errors (metrics/eval_metrics.h computes all of a graph's).
// Predictions follow the project convention: lower score = predicted faster.
#pragma once

#include <cstdint>
#include <vector>

namespace tpugraphs {

// runtime[j] = configRuntime[j] / normalizers[j] as double. Throws std::invalid_argument when the
// sizes differ or a normalizer is <= 0.
std::vector<double> normalizedTileRuntimes(const std::vector<int64_t>& configRuntime,
                                           const std::vector<int64_t>& normalizers);

// Competition tile score of one graph from the configs a submission lists (e.g. its top 5):
// 2 - min(runtime[c] for c in chosen) / min(runtime of all configs). 1.0 = the best config was
// chosen; lower is worse. Duplicate indices are allowed (padding). Throws std::invalid_argument
// when chosen is empty, an index is out of range, runtimes is empty or min(all) <= 0
// (test-split graphs carry no runtimes).
double tileScoreFromChosen(const std::vector<double>& runtimes, const std::vector<int64_t>& chosen);

// The paper's top-K error: min(runtime of the K best-predicted configs) / min(all) - 1, with
// K clipped to C (so it is 0 when K >= C). 0 is perfect. Prediction ties: lower index first.
// Same errors as tileScoreFromChosen.
double topKError(const std::vector<float>& predictedScores, const std::vector<double>& runtimes,
                 int k);

}  // namespace tpugraphs
