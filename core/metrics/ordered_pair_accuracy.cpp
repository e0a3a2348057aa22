// Ordered pair accuracy from Kendall pair counts.
#include "metrics/ordered_pair_accuracy.h"

#include <stdexcept>
#include <string>

#include "metrics/kendall.h"

namespace tpugraphs {

double orderedPairAccuracy(const std::vector<float>& predictedScores,
                           const std::vector<double>& runtimes) {
    if (predictedScores.size() != runtimes.size())
        throw std::invalid_argument(
            "ordered pair accuracy: " + std::to_string(predictedScores.size()) + " scores for " +
            std::to_string(runtimes.size()) + " runtimes");
    const PairCounts counts =
        countPairs(predictedScores.data(), runtimes.data(), predictedScores.size());
    const int64_t orderedPairs = counts.totalPairs - counts.tiedY;
    if (orderedPairs <= 0) return 0.5;
    return static_cast<double>(counts.concordant) / static_cast<double>(orderedPairs);
}

}  // namespace tpugraphs
