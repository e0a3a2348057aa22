// Per-graph runtime statistics: min / median / max runtime, best-over-median, distinct configs.
#include "analysis/runtime_stats.h"

#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "analysis/loaded_graph.h"

namespace tpugraphs {

double medianOf(std::vector<double> values) {
    if (values.empty()) return 0.0;
    const size_t mid = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + mid, values.end());
    const double upper = values[mid];
    if (values.size() % 2) return upper;
    const double lower = *std::max_element(values.begin(), values.begin() + mid);
    return (lower + upper) / 2.0;
}

int64_t countDistinctRows(const void* data, size_t rows, size_t rowBytes) {
    std::unordered_set<std::string_view> seen;
    const char* bytes = static_cast<const char*>(data);
    for (size_t r = 0; r < rows; ++r) seen.insert(std::string_view(bytes + r * rowBytes, rowBytes));
    return static_cast<int64_t>(seen.size());
}

int64_t countDistinctConfigs(const LoadedGraph& graph) {
    const size_t rows = static_cast<size_t>(graph.configCount());
    if (graph.tile)
        return countDistinctRows(graph.tile->configFeat.data(), rows,
                                 sizeof(float) * kTileConfigFeatureCount);
    const auto& packed = graph.layout->configs;
    return countDistinctRows(packed.row(0), rows, packed.rowBytes());
}

RuntimeStats computeRuntimeStats(const LoadedGraph& graph) {
    RuntimeStats stats;
    stats.computed = true;
    stats.measured = graph.measured;
    stats.distinctConfigs = countDistinctConfigs(graph);
    if (!graph.measured) return stats;
    const auto [lo, hi] = std::minmax_element(graph.runtimes.begin(), graph.runtimes.end());
    stats.min = *lo;
    stats.max = *hi;
    stats.median = medianOf(graph.runtimes);
    stats.bestOverMedian = stats.min > 0 ? stats.median / stats.min : 0.0;
    return stats;
}

}  // namespace tpugraphs
