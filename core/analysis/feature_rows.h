// Named feature values of one node or one config, ordered for the inspector (non-zero first).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tpugraphs {

struct LoadedGraph;

struct FeatureRow {
    int index = 0;  // feature column
    std::string name;
    double value = 0;
};

// The 140 node features of `nodeId`: non-zero ones first (in feature order), then the zeros.
std::vector<FeatureRow> nodeFeatureRows(const LoadedGraph& graph, int64_t nodeId);
// Tile: the 24 features of `config`. Layout: the 18 features of `config` at configurable node
// `nodeId` (empty when the node is not configurable). Feature order, not reordered.
std::vector<FeatureRow> configFeatureRows(const LoadedGraph& graph, int64_t config, int64_t nodeId);

}  // namespace tpugraphs
