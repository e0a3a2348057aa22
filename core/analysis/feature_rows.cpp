// Named feature values of one node or one config for the inspector.
#include "analysis/feature_rows.h"

#include <algorithm>

#include "analysis/loaded_graph.h"
#include "data/feature_names.h"

namespace tpugraphs {

std::vector<FeatureRow> nodeFeatureRows(const LoadedGraph& graph, int64_t nodeId) {
    std::vector<FeatureRow> rows;
    if (nodeId < 0 || nodeId >= graph.nodeCount()) return rows;
    const float* values = graph.nodeFeat().data() + nodeId * kNodeFeatureCount;
    for (int f = 0; f < kNodeFeatureCount; ++f)
        rows.push_back({f, std::string(nodeFeatureName(f)), values[f]});
    std::stable_partition(rows.begin(), rows.end(),
                          [](const FeatureRow& row) { return row.value != 0.0; });
    return rows;
}

std::vector<FeatureRow> configFeatureRows(const LoadedGraph& graph, int64_t config,
                                          int64_t nodeId) {
    std::vector<FeatureRow> rows;
    const std::vector<float> values = graph.configFeatures(config, nodeId);
    for (size_t f = 0; f < values.size(); ++f) {
        const int index = static_cast<int>(f);
        const auto name =
            graph.tile ? tileConfigFeatureName(index) : layoutConfigFeatureName(index);
        rows.push_back({index, std::string(name), values[f]});
    }
    return rows;
}

}  // namespace tpugraphs
