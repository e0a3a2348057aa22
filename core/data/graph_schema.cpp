// Header-level schema check of tile and layout files: member set, dtypes, ranks, shapes.
#include "data/graph_schema.h"

#include <map>
#include <vector>

#include "data/data_error.h"
#include "data/npz_file.h"

namespace tpugraphs {

namespace {

// A dimension is a fixed size or a symbol bound by the first array that uses it:
// N nodes, E edges, C configs, K configurable nodes, S node splits.
struct Dim {
    Dim(char name) : symbol(name) {}
    Dim(int size) : fixed(size) {}
    char symbol = 0;  // 0 for a fixed size
    int64_t fixed = 0;
};

struct ArraySpec {
    const char* name;
    bool isFloat;
    std::vector<Dim> dims;
};

const std::vector<ArraySpec>& specFor(GraphKind kind) {
    static const std::vector<ArraySpec> tile = {
        {"node_feat", true, {'N', kNodeFeatureCount}},
        {"node_opcode", false, {'N'}},
        {"edge_index", false, {'E', 2}},
        {"config_feat", true, {'C', kTileConfigFeatureCount}},
        {"config_runtime", false, {'C'}},
        {"config_runtime_normalizers", false, {'C'}},
    };
    static const std::vector<ArraySpec> layout = {
        {"node_feat", true, {'N', kNodeFeatureCount}},
        {"node_opcode", false, {'N'}},
        {"edge_index", false, {'E', 2}},
        {"node_config_feat", true, {'C', 'K', kLayoutConfigFeatureCount}},
        {"node_config_ids", false, {'K'}},
        {"config_runtime", false, {'C'}},
        {"node_splits", false, {1, 'S'}},
    };
    return kind == GraphKind::Tile ? tile : layout;
}

std::string describeDim(char symbol) {
    switch (symbol) {
        case 'N':
            return "the node count";
        case 'E':
            return "the edge count";
        case 'C':
            return "the config count";
        case 'K':
            return "the configurable node count";
        default:
            return "the split count";
    }
}

}  // namespace

GraphKind detectGraphKind(const NpzFile& npz) {
    const bool tile = npz.find("config_feat") != nullptr;
    const bool layout = npz.find("node_config_feat") != nullptr;
    if (tile && layout)
        throw DataError(npz.path(), "",
                        "has both config_feat (tile) and node_config_feat (layout)");
    if (!tile && !layout)
        throw DataError(
            npz.path(), "",
            "is neither a tile file (no config_feat) nor a layout file (no node_config_feat)");
    return tile ? GraphKind::Tile : GraphKind::Layout;
}

GraphCounts checkGraphHeaders(NpzFile& npz, GraphKind kind) {
    const std::vector<ArraySpec>& spec = specFor(kind);
    const char* kindName = graphKindName(kind);
    for (const NpzMember& m : npz.members()) {
        bool known = false;
        for (const ArraySpec& s : spec) known = known || m.name == s.name;
        if (!known)
            throw DataError(npz.path(), m.name,
                            std::string("unexpected array in a ") + kindName + " file");
    }
    std::map<char, std::pair<int64_t, const char*>> bound;  // symbol -> value, array that set it
    GraphCounts counts;
    counts.kind = kind;
    for (const ArraySpec& s : spec) {
        if (!npz.find(s.name))
            throw DataError(npz.path(), s.name,
                            std::string("missing array (required in a ") + kindName + " file)");
        const NpyHeader header = npz.readHeader(s.name);
        if (dtypeIsFloat(header.dtype) != s.isFloat)
            throw DataError(npz.path(), s.name,
                            std::string("has dtype ") + dtypeName(header.dtype) + ", expected " +
                                (s.isFloat ? "float32" : "an integer dtype (int64)"));
        if (header.shape.size() != s.dims.size())
            throw DataError(npz.path(), s.name,
                            "has rank " + std::to_string(header.shape.size()) + " (shape " +
                                header.shapeString() + "), expected rank " +
                                std::to_string(s.dims.size()));
        for (size_t axis = 0; axis < s.dims.size(); ++axis) {
            const Dim& dim = s.dims[axis];
            const int64_t value = header.shape[axis];
            if (!dim.symbol) {
                if (value != dim.fixed)
                    throw DataError(npz.path(), s.name,
                                    "has shape " + header.shapeString() + ", expected " +
                                        std::to_string(dim.fixed) + " in dimension " +
                                        std::to_string(axis));
                continue;
            }
            const auto it = bound.find(dim.symbol);
            if (it == bound.end()) {
                bound[dim.symbol] = {value, s.name};
            } else if (it->second.first != value) {
                throw DataError(npz.path(), s.name,
                                "has shape " + header.shapeString() + ", inconsistent with " +
                                    describeDim(dim.symbol) + " " +
                                    std::to_string(it->second.first) + " of " + it->second.second);
            }
        }
        counts.dataBytes += header.dataBytes();
    }
    counts.nodes = bound['N'].first;
    counts.edges = bound['E'].first;
    counts.configs = bound['C'].first;
    if (kind == GraphKind::Layout) counts.configurableNodes = bound['K'].first;
    return counts;
}

}  // namespace tpugraphs
