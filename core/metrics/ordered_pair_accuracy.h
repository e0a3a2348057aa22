// Ordered pair accuracy (TpuGraphs paper), a ranking diagnostic shared by tile and layout metrics.
#pragma once

#include <vector>

namespace tpugraphs {

// Among pairs with different true runtimes, the fraction whose predicted scores (lower = faster)
// order them the same way strictly (a tie in predictions counts as wrong). O(C log C).
// When no pair has different runtimes (C < 2 or constant runtimes) it returns 0.5 (chance level).
// Throws std::invalid_argument when the sizes differ or a value is NaN.
double orderedPairAccuracy(const std::vector<float>& predictedScores,
                           const std::vector<double>& runtimes);

}  // namespace tpugraphs
