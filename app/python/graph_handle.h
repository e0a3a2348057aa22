// What a tpugraphs.Graph holds: one tile or layout record as the core read it, with where it
// came from (collection and split from its folders), shared with the numpy views over it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "data/dataset.h"
#include "data/npy_array.h"

namespace tpugraphs::python {

struct GraphHandle {
    std::string path;
    GraphKind kind = GraphKind::Tile;
    std::optional<Collection> collection;
    std::optional<Split> split;
    std::shared_ptr<const TileGraph> tile;  // tile graphs
    // Layout graphs; read from a file, its configs are packed only when layoutGraph() is first
    // called (configFeat holds node_config_feat as read until then, and after).
    std::shared_ptr<LayoutGraph> layout;
    std::shared_ptr<const NpyArray> configFeat;
    // node_config_feat as floats decoded from the packed configs, once asked for (layout graphs
    // without configFeat).
    std::unique_ptr<std::vector<float>> configFloats;

    // Reads and validates `path`; requireRuntimes unset: as its split folder says (train and
    // valid need runtimes). Throws DataError.
    static GraphHandle read(const std::string& path, std::optional<bool> requireRuntimes);
    static GraphHandle of(TileGraph graph);
    static GraphHandle of(LayoutGraph graph);

    // Throw std::invalid_argument (ValueError) naming the array's kind when the graph is not one.
    const TileGraph& tileGraph() const;
    // The whole layout graph, configs packed (on the first call, with the GIL held).
    const LayoutGraph& layoutGraph() const;
    // Its arrays without packing the configs: graph.configs may be empty.
    const LayoutGraph& layoutArrays() const;

    const std::string& name() const;
    const std::vector<float>& nodeFeat() const;
    const std::vector<uint8_t>& nodeOpcode() const;
    const std::vector<int64_t>& edgeIndex() const;
    const std::vector<int64_t>& configRuntime() const;
    int64_t nodeCount() const;
    int64_t edgeCount() const;
    int64_t configCount() const;
    // The official array names of the graph's kind, in the files' order.
    std::vector<const char*> arrayNames() const;
};

}  // namespace tpugraphs::python
