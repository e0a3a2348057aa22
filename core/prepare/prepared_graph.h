// A graph as the trainer holds it: (pruned) node arrays ready for batching, configs kept
// compact (layout: per-node layout codes), runtimes as training targets. Plain C++.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "data/graph_io.h"
#include "prepare/feature_normalizer.h"

namespace tpugraphs {

struct PreparedGraph {
    std::string name;  // file stem
    std::string path;
    GraphKind kind = GraphKind::Tile;
    int64_t nodes = 0;
    int featureColumns = 0;         // raw: 140; after normalize(): the normaliser's output width
    std::vector<float> nodeFeat;    // nodes x featureColumns
    std::vector<int64_t> opcode;    // nodes
    std::vector<int64_t> src, dst;  // message edges producer -> consumer
    int configColumns = 0;          // tile config feature width (raw 24, then normalised)
    std::vector<float> configFeat;  // tile: C x configColumns
    std::vector<int64_t> configNodeRows;  // layout: node row of each configurable node
    PackedLayoutConfigs configs;          // layout: C x nc layout codes
    std::vector<int64_t> configRuntime;   // raw runtimes (0 in the test split)
    std::vector<int64_t> normalizers;     // tile: config_runtime_normalizers
    std::vector<double> runtime;          // target: tile runtime / normalizer, layout runtime

    int64_t configCount() const { return static_cast<int64_t>(runtime.size()); }
    bool hasRuntimes() const;
};

// How raw graphs become model inputs (part of a run's options, so inference matches training).
struct PrepareOptions {
    bool prune = true;              // layout: configurable nodes + direct producers and consumers
    bool markLayoutPadding = true;  // layout_minor_to_major padding -1 instead of 0
    bool tileRelativeFeatures = true;  // tile: config features relative to the output shape
};

PreparedGraph prepareTileGraph(TileGraph&& graph, const std::string& path,
                               const PrepareOptions& options);
PreparedGraph prepareLayoutGraph(LayoutGraph&& graph, const std::string& path,
                                 const PrepareOptions& options);

// Normalises node (and tile config) features in place.
void normalizeGraph(PreparedGraph& graph, const FeatureNormalizer& nodes,
                    const FeatureNormalizer* tileConfigs);

// A subset of a graph's configs with their target runtimes.
struct ConfigSet {
    std::vector<int64_t> configs;
    std::vector<double> runtime;
};
ConfigSet allConfigs(const PreparedGraph& graph);
// One representative per group of identical configs, with the group's minimum runtime.
ConfigSet distinctConfigs(const PreparedGraph& graph);

}  // namespace tpugraphs
