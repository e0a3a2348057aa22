// Runtime spread statistics: ratios over the best runtime and the share of distinct configs.
#include "data/runtime_spread.h"

#include <algorithm>
#include <cstring>
#include <numeric>

namespace tpugraphs {

namespace {

// Fills the runtime ratios from runtimes that may be scaled (tile normalizers).
void fillRatios(std::vector<double> runtimes, RuntimeSpread* spread) {
    spread->configs = static_cast<int64_t>(runtimes.size());
    if (runtimes.empty() || *std::min_element(runtimes.begin(), runtimes.end()) <= 0) return;
    std::sort(runtimes.begin(), runtimes.end());
    const size_t n = runtimes.size();
    const double best = runtimes.front();
    const double median = n % 2 ? runtimes[n / 2] : 0.5 * (runtimes[n / 2 - 1] + runtimes[n / 2]);
    spread->medianOverBest = median / best;
    spread->maxOverBest = runtimes.back() / best;
    const auto near = std::upper_bound(runtimes.begin(), runtimes.end(), best * 1.01);
    spread->withinOnePercent =
        static_cast<double>(near - runtimes.begin()) / static_cast<double>(n);
}

// Share of distinct rows among `rows` rows of `width` elements of type T.
template <typename T>
double distinctShare(const T* data, size_t rows, size_t width) {
    if (rows == 0) return 0.0;
    std::vector<size_t> order(rows);
    std::iota(order.begin(), order.end(), size_t(0));
    const size_t bytes = width * sizeof(T);
    auto row = [&](size_t r) { return data + r * width; };
    std::sort(order.begin(), order.end(),
              [&](size_t a, size_t b) { return std::memcmp(row(a), row(b), bytes) < 0; });
    size_t distinct = 1;
    for (size_t i = 1; i < rows; ++i)
        distinct += std::memcmp(row(order[i - 1]), row(order[i]), bytes) != 0;
    return static_cast<double>(distinct) / static_cast<double>(rows);
}

}  // namespace

RuntimeSpread layoutRuntimeSpread(const LayoutGraph& graph) {
    RuntimeSpread spread;
    fillRatios(std::vector<double>(graph.configRuntime.begin(), graph.configRuntime.end()),
               &spread);
    spread.distinctShare =
        distinctShare(graph.configs.groups.data(), static_cast<size_t>(graph.configs.configs),
                      static_cast<size_t>(graph.configs.nodes * kLayoutConfigGroups));
    return spread;
}

RuntimeSpread tileRuntimeSpread(const TileGraph& graph) {
    RuntimeSpread spread;
    std::vector<double> runtimes(graph.configRuntime.size());
    for (size_t j = 0; j < runtimes.size(); ++j)
        runtimes[j] = static_cast<double>(graph.configRuntime[j]) /
                      static_cast<double>(std::max<int64_t>(1, graph.configRuntimeNormalizers[j]));
    fillRatios(std::move(runtimes), &spread);
    spread.distinctShare = distinctShare(graph.configFeat.data(), graph.configRuntime.size(),
                                         static_cast<size_t>(kTileConfigFeatureCount));
    return spread;
}

}  // namespace tpugraphs
