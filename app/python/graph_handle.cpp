// GraphHandle: reading a graph with the core's reader, and uniform access to tile and layout.
#include "graph_handle.h"

#include <stdexcept>

#include "data/graph_io.h"

namespace tpugraphs::python {

namespace {

// The collection and split of a file in the official layout, from its place in the dataset
// ("layout/nlp/random/test/<stem>").
void placeOf(const std::string& path, std::optional<Collection>* collection,
             std::optional<Split>* split) {
    std::string relative = datasetPlaceOf(path).relative;
    const size_t stem = relative.rfind('/');
    if (stem == std::string::npos) return;
    relative.resize(stem);
    const size_t splitStart = relative.rfind('/');
    if (splitStart == std::string::npos) return;
    Split s;
    Collection c;
    std::string name = relative.substr(0, splitStart);
    for (char& ch : name)
        if (ch == '/') ch = ':';
    if (!parseSplit(relative.substr(splitStart + 1), &s) || !parseCollection(name, &c)) return;
    *collection = c;
    *split = s;
}

}  // namespace

GraphHandle GraphHandle::read(const std::string& path, std::optional<bool> requireRuntimes) {
    GraphHandle g;
    g.path = path;
    placeOf(path, &g.collection, &g.split);
    ReadOptions options = g.split ? readOptionsFor(*g.split) : ReadOptions{};
    if (requireRuntimes) options.requireRuntimes = *requireRuntimes;
    g.kind = g.collection ? collectionKind(*g.collection) : detectGraphKind(path);
    if (g.kind == GraphKind::Tile) {
        g.tile = std::make_shared<const TileGraph>(readTileGraph(path, options));
    } else {
        std::optional<NpyArray> configFeat;
        g.layout = std::make_shared<LayoutGraph>(readLayoutGraph(path, options, &configFeat));
        if (configFeat) g.configFeat = std::make_shared<const NpyArray>(std::move(*configFeat));
    }
    return g;
}

GraphHandle GraphHandle::of(TileGraph graph) {
    GraphHandle g;
    g.kind = GraphKind::Tile;
    g.tile = std::make_shared<const TileGraph>(std::move(graph));
    return g;
}

GraphHandle GraphHandle::of(LayoutGraph graph) {
    GraphHandle g;
    g.kind = GraphKind::Layout;
    g.layout = std::make_shared<LayoutGraph>(std::move(graph));
    return g;
}

const TileGraph& GraphHandle::tileGraph() const {
    if (!tile) throw std::invalid_argument(name() + " is a layout graph: it has no tile arrays");
    return *tile;
}

const LayoutGraph& GraphHandle::layoutArrays() const {
    if (!layout) throw std::invalid_argument(name() + " is a tile graph: it has no layout arrays");
    return *layout;
}

const LayoutGraph& GraphHandle::layoutGraph() const {
    const LayoutGraph& graph = layoutArrays();
    // Callers hold the GIL, which serialises this one-time packing.
    if (configFeat && graph.configs.configCount() != graph.configCount())
        layout->configs = packLayoutConfigs(*configFeat);
    return graph;
}

const std::string& GraphHandle::name() const {
    return tile ? tile->name : layout->name;
}
const std::vector<float>& GraphHandle::nodeFeat() const {
    return tile ? tile->nodeFeat : layout->nodeFeat;
}
const std::vector<uint8_t>& GraphHandle::nodeOpcode() const {
    return tile ? tile->nodeOpcode : layout->nodeOpcode;
}
const std::vector<int64_t>& GraphHandle::edgeIndex() const {
    return tile ? tile->edgeIndex : layout->edgeIndex;
}
const std::vector<int64_t>& GraphHandle::configRuntime() const {
    return tile ? tile->configRuntime : layout->configRuntime;
}
int64_t GraphHandle::nodeCount() const {
    return tile ? tile->nodeCount() : layout->nodeCount();
}
int64_t GraphHandle::edgeCount() const {
    return tile ? tile->edgeCount() : layout->edgeCount();
}
int64_t GraphHandle::configCount() const {
    return tile ? tile->configCount() : layout->configCount();
}

std::vector<const char*> GraphHandle::arrayNames() const {
    if (tile)
        return {"node_feat",   "node_opcode",    "edge_index",
                "config_feat", "config_runtime", "config_runtime_normalizers"};
    return {"node_feat",       "node_opcode",    "edge_index", "node_config_feat",
            "node_config_ids", "config_runtime", "node_splits"};
}

}  // namespace tpugraphs::python
