// Runtime spread statistics: ratios over the best runtime and the share of distinct configs.
#include "analysis/runtime_spread.h"

#include <algorithm>

#include "analysis/runtime_stats.h"

namespace tpugraphs {

namespace {

// Fills the runtime ratios from runtimes that may be scaled (tile normalizers).
void fillRatios(std::vector<double> runtimes, RuntimeSpread* spread) {
    spread->configs = static_cast<int64_t>(runtimes.size());
    if (runtimes.empty() || *std::min_element(runtimes.begin(), runtimes.end()) <= 0) return;
    std::sort(runtimes.begin(), runtimes.end());
    const double best = runtimes.front();
    spread->medianOverBest = medianOf(runtimes) / best;
    spread->maxOverBest = runtimes.back() / best;
    const auto near = std::upper_bound(runtimes.begin(), runtimes.end(), best * 1.01);
    spread->withinOnePercent =
        static_cast<double>(near - runtimes.begin()) / static_cast<double>(runtimes.size());
}

double share(int64_t part, size_t whole) {
    return whole ? static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

}  // namespace

RuntimeSpread layoutRuntimeSpread(const LayoutGraph& graph) {
    RuntimeSpread spread;
    fillRatios(std::vector<double>(graph.configRuntime.begin(), graph.configRuntime.end()),
               &spread);
    const size_t rows = static_cast<size_t>(graph.configs.configCount());
    spread.distinctShare =
        share(countDistinctRows(graph.configs.row(0), rows, graph.configs.rowBytes()), rows);
    return spread;
}

RuntimeSpread tileRuntimeSpread(const TileGraph& graph) {
    RuntimeSpread spread;
    std::vector<double> runtimes(graph.configRuntime.size());
    for (size_t j = 0; j < runtimes.size(); ++j)
        runtimes[j] = static_cast<double>(graph.configRuntime[j]) /
                      static_cast<double>(std::max<int64_t>(1, graph.configRuntimeNormalizers[j]));
    fillRatios(std::move(runtimes), &spread);
    const size_t rows = graph.configRuntime.size();
    spread.distinctShare = share(
        countDistinctRows(graph.configFeat.data(), rows, sizeof(float) * kTileConfigFeatureCount),
        rows);
    return spread;
}

}  // namespace tpugraphs
