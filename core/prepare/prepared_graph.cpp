// Preparing graphs for training: pruning, normalisation, duplicate collapsing.
#include "prepare/prepared_graph.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <unordered_map>

#include "prepare/layout_padding.h"
#include "prepare/tile_relative_features.h"

namespace tpugraphs {

bool PreparedGraph::hasRuntimes() const {
    return !runtime.empty() && *std::min_element(runtime.begin(), runtime.end()) > 0;
}

PreparedGraph prepareTileGraph(TileGraph&& graph, const std::string& path,
                               const PrepareOptions& options) {
    PreparedGraph p;
    p.name = graph.name;
    p.path = path;
    p.kind = GraphKind::Tile;
    p.nodes = graph.nodeCount();
    p.featureColumns = kNodeFeatureCount;
    p.nodeFeat = std::move(graph.nodeFeat);
    p.configColumns = kTileConfigFeatureCount;
    p.configFeat = std::move(graph.configFeat);
    if (options.tileRelativeFeatures && p.nodes > 0) {
        // Appended per config, from the raw features of the output (the last node).
        const int64_t configs = static_cast<int64_t>(graph.configRuntime.size());
        const std::vector<float> relative = tileRelativeFeatures(
            p.nodeFeat.data() + (p.nodes - 1) * kNodeFeatureCount, p.configFeat.data(), configs);
        const int width = kTileConfigFeatureCount + kTileRelativeFeatureCount;
        std::vector<float> joined(static_cast<size_t>(configs * width));
        for (int64_t c = 0; c < configs; ++c) {
            std::copy_n(p.configFeat.data() + c * kTileConfigFeatureCount, kTileConfigFeatureCount,
                        joined.data() + c * width);
            std::copy_n(relative.data() + c * kTileRelativeFeatureCount, kTileRelativeFeatureCount,
                        joined.data() + c * width + kTileConfigFeatureCount);
        }
        p.configFeat = std::move(joined);
        p.configColumns = width;
    }
    if (options.markLayoutPadding) markLayoutPadding(p.nodeFeat.data(), p.nodes);
    p.opcode.assign(graph.nodeOpcode.begin(), graph.nodeOpcode.end());
    for (int64_t e = 0; e < graph.edgeCount(); ++e) {
        p.dst.push_back(graph.edgeIndex[2 * e]);
        p.src.push_back(graph.edgeIndex[2 * e + 1]);
    }
    p.configRuntime = std::move(graph.configRuntime);
    p.normalizers = std::move(graph.configRuntimeNormalizers);
    p.runtime.resize(p.configRuntime.size());
    for (size_t c = 0; c < p.runtime.size(); ++c)
        p.runtime[c] = static_cast<double>(p.configRuntime[c]) /
                       static_cast<double>(std::max<int64_t>(1, p.normalizers[c]));
    return p;
}

PreparedGraph prepareLayoutGraph(LayoutGraph&& graph, const std::string& path,
                                 const PrepareOptions& options) {
    const bool prune = options.prune;
    PreparedGraph p;
    p.name = graph.name;
    p.path = path;
    p.kind = GraphKind::Layout;
    const int64_t n = graph.nodeCount();
    std::vector<uint8_t> keep(static_cast<size_t>(n), prune ? 0 : 1);
    for (int64_t id : graph.nodeConfigIds) keep[id] = 1;
    if (prune) {
        std::vector<uint8_t> configurable = keep;
        for (int64_t e = 0; e < graph.edgeCount(); ++e) {
            const int64_t u = graph.edgeIndex[2 * e], v = graph.edgeIndex[2 * e + 1];
            if (configurable[u]) keep[v] = 1;
            if (configurable[v]) keep[u] = 1;
        }
    }
    std::vector<int64_t> row(static_cast<size_t>(n), -1);
    for (int64_t i = 0; i < n; ++i)
        if (keep[i]) row[i] = p.nodes++;
    p.featureColumns = kNodeFeatureCount;
    p.nodeFeat.reserve(static_cast<size_t>(p.nodes * kNodeFeatureCount));
    for (int64_t i = 0; i < n; ++i) {
        if (!keep[i]) continue;
        const float* f = graph.nodeFeat.data() + i * kNodeFeatureCount;
        p.nodeFeat.insert(p.nodeFeat.end(), f, f + kNodeFeatureCount);
        p.opcode.push_back(graph.nodeOpcode[i]);
    }
    if (options.markLayoutPadding) markLayoutPadding(p.nodeFeat.data(), p.nodes);
    for (int64_t e = 0; e < graph.edgeCount(); ++e) {
        const int64_t u = graph.edgeIndex[2 * e], v = graph.edgeIndex[2 * e + 1];
        if (row[u] < 0 || row[v] < 0) continue;
        p.dst.push_back(row[u]);
        p.src.push_back(row[v]);
    }
    for (int64_t id : graph.nodeConfigIds) p.configNodeRows.push_back(row[id]);
    p.configs = std::move(graph.configs);
    p.configRuntime = std::move(graph.configRuntime);
    p.runtime.assign(p.configRuntime.begin(), p.configRuntime.end());
    return p;
}

void normalizeGraph(PreparedGraph& graph, const FeatureNormalizer& nodes,
                    const FeatureNormalizer* tileConfigs) {
    graph.nodeFeat = nodes.apply(graph.nodeFeat);
    graph.featureColumns = nodes.outputColumns();
    if (tileConfigs && graph.kind == GraphKind::Tile) {
        graph.configFeat = tileConfigs->apply(graph.configFeat);
        graph.configColumns = tileConfigs->outputColumns();
    }
}

ConfigSet allConfigs(const PreparedGraph& graph) {
    ConfigSet set;
    set.configs.resize(graph.runtime.size());
    for (size_t c = 0; c < set.configs.size(); ++c) set.configs[c] = static_cast<int64_t>(c);
    set.runtime = graph.runtime;
    return set;
}

ConfigSet distinctConfigs(const PreparedGraph& graph) {
    // Rows compared by a 64-bit FNV-1a hash first, then byte for byte: no per-config key copies.
    const bool tile = graph.kind == GraphKind::Tile;
    const size_t rowBytes =
        tile ? sizeof(float) * static_cast<size_t>(graph.configColumns) : graph.configs.rowBytes();
    auto row = [&](int64_t c) {
        return tile ? reinterpret_cast<const unsigned char*>(graph.configFeat.data() +
                                                             c * graph.configColumns)
                    : graph.configs.row(c);
    };
    ConfigSet set;
    std::unordered_multimap<uint64_t, size_t> seen;  // hash -> position in set
    const int64_t count = graph.configCount();
    for (int64_t c = 0; c < count; ++c) {
        const unsigned char* bytes = row(c);
        uint64_t hash = 1469598103934665603ull;
        for (size_t i = 0; i < rowBytes; ++i) hash = (hash ^ bytes[i]) * 1099511628211ull;
        size_t found = SIZE_MAX;
        auto range = seen.equal_range(hash);
        for (auto it = range.first; it != range.second && found == SIZE_MAX; ++it)
            if (std::memcmp(row(set.configs[it->second]), bytes, rowBytes) == 0) found = it->second;
        if (found == SIZE_MAX) {
            seen.emplace(hash, set.configs.size());
            set.configs.push_back(c);
            set.runtime.push_back(graph.runtime[c]);
        } else {
            set.runtime[found] = std::min(set.runtime[found], graph.runtime[c]);
        }
    }
    return set;
}

}  // namespace tpugraphs
