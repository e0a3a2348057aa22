// Layout metrics: Kendall tau-b of predictions or of a submitted ranking.
#include "metrics/layout_metrics.h"

#include <stdexcept>
#include <string>

#include "metrics/kendall.h"

namespace tpugraphs {
namespace {

void requireSameSize(size_t scores, size_t runtimes, const char* what) {
    if (scores != runtimes)
        throw std::invalid_argument(std::string(what) + ": " + std::to_string(scores) +
                                    " scores for " + std::to_string(runtimes) + " configs");
}

}  // namespace

double layoutKendallTau(const std::vector<float>& predictedScores,
                        const std::vector<int64_t>& configRuntime) {
    requireSameSize(predictedScores.size(), configRuntime.size(), "Kendall tau");
    return kendallTau(predictedScores.data(), configRuntime.data(), configRuntime.size());
}

double layoutKendallTauFromRanking(const std::vector<int64_t>& ranking,
                                   const std::vector<int64_t>& configRuntime) {
    const size_t c = configRuntime.size();
    if (ranking.size() != c)
        throw std::invalid_argument("layout ranking: " + std::to_string(ranking.size()) +
                                    " indices for " + std::to_string(c) + " configs");
    std::vector<double> position(c, -1.0);
    for (size_t rank = 0; rank < c; ++rank) {
        const int64_t config = ranking[rank];
        if (config < 0 || config >= static_cast<int64_t>(c))
            throw std::invalid_argument("layout ranking: index " + std::to_string(config) +
                                        " out of range 0.." + std::to_string(c - 1));
        if (position[static_cast<size_t>(config)] >= 0)
            throw std::invalid_argument("layout ranking: index " + std::to_string(config) +
                                        " listed twice");
        position[static_cast<size_t>(config)] = static_cast<double>(rank);
    }
    return kendallTau(position.data(), configRuntime.data(), c);
}

}  // namespace tpugraphs
