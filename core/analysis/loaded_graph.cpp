// A graph loaded for display: uniform accessors over tile and layout records.
#include "analysis/loaded_graph.h"

#include <algorithm>

#include "data/graph_io.h"

namespace tpugraphs {

int64_t LoadedGraph::nodeCount() const {
    return tile ? tile->nodeCount() : layout->nodeCount();
}
int64_t LoadedGraph::edgeCount() const {
    return tile ? tile->edgeCount() : layout->edgeCount();
}
const std::vector<float>& LoadedGraph::nodeFeat() const {
    return tile ? tile->nodeFeat : layout->nodeFeat;
}
const std::vector<uint8_t>& LoadedGraph::nodeOpcode() const {
    return tile ? tile->nodeOpcode : layout->nodeOpcode;
}
const std::vector<int64_t>& LoadedGraph::edgeIndex() const {
    return tile ? tile->edgeIndex : layout->edgeIndex;
}

int LoadedGraph::configFeatureCount() const {
    return tile ? kTileConfigFeatureCount : kLayoutConfigFeatureCount;
}

std::vector<float> LoadedGraph::configFeatures(int64_t config, int64_t nodeId) const {
    if (config < 0 || config >= configCount()) return {};
    if (tile) {
        const auto* row = tile->configFeat.data() + config * kTileConfigFeatureCount;
        return {row, row + kTileConfigFeatureCount};
    }
    const int64_t slot = configurableIndex(nodeId);
    if (slot < 0) return {};
    std::vector<float> out(kLayoutConfigFeatureCount);
    layout->configs.unpack(config, slot, out.data());
    return out;
}

int64_t LoadedGraph::configurableIndex(int64_t nodeId) const {
    if (!layout) return -1;
    const auto& ids = layout->nodeConfigIds;
    const auto it = std::lower_bound(ids.begin(), ids.end(), nodeId);
    if (it != ids.end() && *it == nodeId) return it - ids.begin();
    const auto linear = std::find(ids.begin(), ids.end(), nodeId);  // ids need not be sorted
    return linear == ids.end() ? -1 : linear - ids.begin();
}

// node_splits holds computation boundaries, e.g. [0, 2314, 2774]: the interior ones start a
// new computation.
int LoadedGraph::computationOf(int64_t nodeId) const {
    if (!layout) return -1;
    int computation = 0;
    for (const int64_t boundary : layout->nodeSplits)
        if (boundary > 0 && boundary < nodeCount() && boundary <= nodeId) ++computation;
    return computation;
}

int LoadedGraph::computationCount() const {
    if (!layout) return 0;
    return computationOf(nodeCount()) + 1;
}

int64_t LoadedGraph::bestConfig() const {
    if (!measured || runtimes.empty()) return -1;
    return std::min_element(runtimes.begin(), runtimes.end()) - runtimes.begin();
}

int64_t LoadedGraph::defaultConfig() const {
    const bool isDefaultCollection =
        entry.collection && !isRandomSearchCollection(*entry.collection);
    return layout && isDefaultCollection && configCount() > 0 ? 0 : -1;
}

std::vector<double> LoadedGraph::configFeatureColumn(int feature, int64_t nodeId) const {
    std::vector<double> column(static_cast<size_t>(configCount()), 0.0);
    if (feature < 0 || feature >= configFeatureCount()) return column;
    if (tile) {
        for (int64_t c = 0; c < configCount(); ++c)
            column[c] = tile->configFeat[c * kTileConfigFeatureCount + feature];
        return column;
    }
    const int64_t nc = layout->configurableCount();
    const int64_t slot = configurableIndex(nodeId);
    float values[kLayoutConfigFeatureCount];
    for (int64_t c = 0; c < configCount(); ++c) {
        if (slot >= 0) {
            layout->configs.unpack(c, slot, values);
            column[c] = values[feature];
            continue;
        }
        double sum = 0;
        for (int64_t n = 0; n < nc; ++n) {
            layout->configs.unpack(c, n, values);
            sum += values[feature];
        }
        column[c] = nc > 0 ? sum / double(nc) : 0.0;
    }
    return column;
}

LoadedGraph loadGraph(const GraphEntry& entry, bool withTopology) {
    LoadedGraph graph;
    graph.entry = entry;
    graph.kind = entry.collection ? collectionKind(*entry.collection) : detectGraphKind(entry.path);
    if (graph.kind == GraphKind::Tile) {
        auto tile = std::make_shared<TileGraph>(readTileGraph(entry.path));
        graph.runtimes.resize(tile->configRuntime.size());
        for (size_t c = 0; c < graph.runtimes.size(); ++c) {
            const auto normalizer = tile->configRuntimeNormalizers[c];
            graph.runtimes[c] =
                double(tile->configRuntime[c]) / double(normalizer ? normalizer : 1);
        }
        if (withTopology) graph.topology = std::make_shared<GraphTopology>(topologyOf(*tile));
        graph.tile = std::move(tile);
    } else {
        auto layout = std::make_shared<LayoutGraph>(readLayoutGraph(entry.path));
        graph.runtimes.assign(layout->configRuntime.begin(), layout->configRuntime.end());
        if (withTopology) graph.topology = std::make_shared<GraphTopology>(topologyOf(*layout));
        graph.layout = std::move(layout);
    }
    graph.measured =
        std::any_of(graph.runtimes.begin(), graph.runtimes.end(), [](double r) { return r > 0; });
    return graph;
}

}  // namespace tpugraphs
