// Layout-collection metrics per graph: Kendall tau-b of predictions vs runtimes (the competition
// score) and of a submitted ranking (metrics/eval_metrics.h computes all of a graph's). Lower
// score = predicted faster.
#pragma once

#include <cstdint>
#include <vector>

namespace tpugraphs {

// Kendall tau-b between predicted scores and true runtimes (O(C log C)); +1 = perfect order,
// -1 = reversed. Degenerate graphs (C < 2, constant predictions or constant runtimes) give 0.0.
// Throws std::invalid_argument when the sizes differ or a score is NaN.
double layoutKendallTau(const std::vector<float>& predictedScores,
                        const std::vector<int64_t>& configRuntime);

// The competition's layout score of a submitted row: ranking lists config indices fastest first
// (a permutation of 0..C-1); the rank position of each config is compared with its runtime by
// Kendall tau-b. Throws std::invalid_argument when ranking is not a permutation of 0..C-1.
double layoutKendallTauFromRanking(const std::vector<int64_t>& ranking,
                                   const std::vector<int64_t>& configRuntime);

}  // namespace tpugraphs
