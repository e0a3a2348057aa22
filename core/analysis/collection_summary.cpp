// Summary statistics of each collection of a dataset.
#include "analysis/collection_summary.h"

#include <algorithm>

namespace tpugraphs {

std::vector<CollectionSummary> summarizeCollections(const DatasetIndex& index,
                                                    const std::vector<RuntimeStats>& stats) {
    std::vector<CollectionSummary> out;
    std::vector<std::vector<double>> nodes, speedups;
    for (size_t i = 0; i < index.graphs.size(); ++i) {
        const GraphEntry& entry = index.graphs[i];
        const std::string label = collectionLabel(entry);
        auto it = std::find_if(out.begin(), out.end(),
                               [&](const CollectionSummary& s) { return s.label == label; });
        if (it == out.end()) {
            out.push_back({});
            out.back().label = label;
            nodes.emplace_back();
            speedups.emplace_back();
            it = out.end() - 1;
        }
        const size_t c = static_cast<size_t>(it - out.begin());
        const RuntimeStats* s = i < stats.size() ? &stats[i] : nullptr;
        ++it->graphs[static_cast<int>(entry.split)];
        if (!entry.error.empty() || (s && !s->error.empty())) {
            ++it->unreadable;
            continue;
        }
        nodes[c].push_back(double(entry.nodes));
        it->totalConfigs += entry.configs;
        if (s && s->computed) {
            ++it->statsComputed;
            if (s->measured) {
                ++it->measuredGraphs;
                speedups[c].push_back(s->bestOverMedian);
            }
        }
    }
    for (size_t c = 0; c < out.size(); ++c) {
        if (!nodes[c].empty()) {
            const auto [lo, hi] = std::minmax_element(nodes[c].begin(), nodes[c].end());
            out[c].minNodes = int64_t(*lo);
            out[c].maxNodes = int64_t(*hi);
            out[c].medianNodes = int64_t(medianOf(nodes[c]));
        }
        if (!speedups[c].empty()) {
            out[c].medianBestOverMedian = medianOf(speedups[c]);
            out[c].maxBestOverMedian = *std::max_element(speedups[c].begin(), speedups[c].end());
        }
    }
    return out;
}

}  // namespace tpugraphs
