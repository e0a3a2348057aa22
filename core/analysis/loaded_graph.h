// A graph loaded for display: the tile or layout record with uniform accessors for the views.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "data/dataset.h"
#include "data/layout_graph.h"
#include "data/tile_graph.h"
#include "graphdraw/graph_topology.h"

namespace tpugraphs {

struct LoadedGraph {
    GraphEntry entry;
    GraphKind kind = GraphKind::Tile;
    std::shared_ptr<const TileGraph> tile;          // set for tile graphs
    std::shared_ptr<const LayoutGraph> layout;      // set for layout graphs
    std::shared_ptr<const GraphTopology> topology;  // what the graph view draws
    // Runtime of each config: tile = config_runtime / normalizer, layout = config_runtime.
    std::vector<double> runtimes;
    bool measured = false;  // false when every runtime is 0 (the test split)

    int64_t nodeCount() const;
    int64_t edgeCount() const;
    int64_t configCount() const { return static_cast<int64_t>(runtimes.size()); }
    const std::vector<float>& nodeFeat() const;
    const std::vector<uint8_t>& nodeOpcode() const;
    const std::vector<int64_t>& edgeIndex() const;  // E x 2, (consumer, producer)

    // Number of config features per config (tile: 24) or per configurable node (layout: 18).
    int configFeatureCount() const;
    // Tile: the 24 features of `config` (node ignored). Layout: the 18 features of `config` at
    // configurable node `nodeId`; empty when the node is not configurable.
    std::vector<float> configFeatures(int64_t config, int64_t nodeId) const;
    // Layout: position of nodeId in node_config_ids, -1 when not configurable (tile: -1).
    int64_t configurableIndex(int64_t nodeId) const;
    // Layout: the computation (from node_splits) a node belongs to, 0-based; -1 for tile.
    int computationOf(int64_t nodeId) const;
    int computationCount() const;

    int64_t bestConfig() const;  // fastest measured config, -1 when unmeasured
    // The config treated as the default: config 0 of the layout "default" collections (the data
    // carries no explicit default; their configs start from the compiler default). -1 otherwise.
    int64_t defaultConfig() const;
    // A scalar per config for feature `feature`: tile = the feature; layout = the value at
    // configurable node `nodeId`, or the mean over all configurable nodes when nodeId < 0.
    std::vector<double> configFeatureColumn(int feature, int64_t nodeId) const;
};

// Reads the graph of `entry` (kind from the collection, else from the file), and its drawing
// topology when asked. Throws DataError.
LoadedGraph loadGraph(const GraphEntry& entry, bool withTopology = true);

}  // namespace tpugraphs
