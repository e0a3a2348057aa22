// Tile metrics: normalised runtimes, top-K slowdown score and errors.
#include "metrics/tile_metrics.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "metrics/ranking.h"

namespace tpugraphs {
namespace {

// min(runtime of chosen) / min(runtime of all), the slowdown of the best chosen config (>= 1).
double chosenSlowdown(const std::vector<double>& runtimes, const std::vector<int64_t>& chosen) {
    if (runtimes.empty()) throw std::invalid_argument("tile score: the graph has no configs");
    if (chosen.empty()) throw std::invalid_argument("tile score: no config chosen");
    const double best = *std::min_element(runtimes.begin(), runtimes.end());
    if (!(best > 0))
        throw std::invalid_argument(
            "tile score: runtimes must be positive (test-split graphs have none)");
    double bestChosen = 0;
    bool first = true;
    for (int64_t c : chosen) {
        if (c < 0 || c >= static_cast<int64_t>(runtimes.size()))
            throw std::invalid_argument("tile score: config index " + std::to_string(c) +
                                        " out of range 0.." + std::to_string(runtimes.size() - 1));
        const double r = runtimes[static_cast<size_t>(c)];
        if (first || r < bestChosen) bestChosen = r;
        first = false;
    }
    return bestChosen / best;
}

}  // namespace

std::vector<double> normalizedTileRuntimes(const std::vector<int64_t>& configRuntime,
                                           const std::vector<int64_t>& normalizers) {
    if (configRuntime.size() != normalizers.size())
        throw std::invalid_argument("tile runtimes: " + std::to_string(configRuntime.size()) +
                                    " runtimes for " + std::to_string(normalizers.size()) +
                                    " normalizers");
    std::vector<double> runtimes(configRuntime.size());
    for (size_t i = 0; i < runtimes.size(); ++i) {
        if (normalizers[i] <= 0)
            throw std::invalid_argument("tile runtimes: normalizer " + std::to_string(i) + " is " +
                                        std::to_string(normalizers[i]) + " (must be > 0)");
        runtimes[i] = static_cast<double>(configRuntime[i]) / static_cast<double>(normalizers[i]);
    }
    return runtimes;
}

double tileScoreFromChosen(const std::vector<double>& runtimes,
                           const std::vector<int64_t>& chosen) {
    return 2.0 - chosenSlowdown(runtimes, chosen);
}

double topKError(const std::vector<float>& predictedScores, const std::vector<double>& runtimes,
                 int k) {
    if (predictedScores.size() != runtimes.size())
        throw std::invalid_argument("top-K error: " + std::to_string(predictedScores.size()) +
                                    " scores for " + std::to_string(runtimes.size()) + " configs");
    if (k < 1) throw std::invalid_argument("top-K error: K must be >= 1");
    return chosenSlowdown(runtimes, topKByScore(predictedScores, static_cast<size_t>(k))) - 1.0;
}

}  // namespace tpugraphs
