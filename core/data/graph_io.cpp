// Reading (schema check, decode, validation) and writing of tile and layout graph files.
#include "data/graph_io.h"

#include <algorithm>

#include "data/data_error.h"
#include "data/graph_schema.h"
#include "data/npy_convert.h"
#include "data/npz_file.h"
#include "data/npz_writer.h"

namespace tpugraphs {

namespace {

const std::vector<std::string> kTileArrays = {"node_feat",      "node_opcode",
                                              "edge_index",     "config_feat",
                                              "config_runtime", "config_runtime_normalizers"};
// Checks that every value is an integer in -1..5 (values[i] is element first + i of the
// C x K x 18 array, for the error message).
void checkLayoutValues(const float* values, int64_t count, int64_t first, int64_t nodes,
                       const std::string& file) {
    for (int64_t i = 0; i < count; ++i) {
        const float v = values[i];
        if (v >= -1.0f && v <= 5.0f && v == static_cast<float>(static_cast<int>(v))) continue;
        const int64_t at = first + i;
        throw DataError(file, "node_config_feat",
                        "value " + std::to_string(v) + " at config " +
                            std::to_string(at / (nodes * 18)) + ", configurable node " +
                            std::to_string(at / 18 % nodes) + ", feature " +
                            std::to_string(at % 18) + " is not an integer in -1..5");
    }
}

// The same over a whole array, a block at a time without branches (vectorised); a block with a
// bad value is searched again by checkLayoutValues for the message.
void checkLayoutArray(const float* values, int64_t count, int64_t nodes, const std::string& file) {
    constexpr int64_t kBlock = 4096;
    for (int64_t start = 0; start < count; start += kBlock) {
        const int64_t end = std::min(count, start + kBlock);
        int bad = 0;
        for (int64_t i = start; i < end; ++i) {
            const float v = values[i];
            // Adding and taking back 2^23 rounds a float of this range to an integer.
            bad |= !((v >= -1.0f) & (v <= 5.0f) & ((v + 0x1p23f) - 0x1p23f == v));
        }
        if (bad) checkLayoutValues(values + start, end - start, start, nodes, file);
    }
}

// Packs the whole cells (18 values) of values[0..count) into `builder`, checking as it goes that
// every value is an integer in -1..5 (values[0] is element `first` of the array).
void packCheckedCells(const float* values, int64_t count, int64_t first, int64_t nodes,
                      const std::string& file, PackedLayoutConfigsBuilder& builder) {
    for (int64_t i = 0; i + 18 <= count; i += 18) {
        NodeLayout layout;
        bool valid = true;
        for (int g = 0; g < kLayoutConfigGroups; ++g) {
            uint32_t packed = 0;
            for (int k = 0; k < 6; ++k) {
                const float v = values[i + g * 6 + k];
                const bool inRange = v >= -1.0f && v <= 5.0f;
                const int digit = static_cast<int>(inRange ? v : 0.0f);
                valid = valid && inRange && v == static_cast<float>(digit);
                packed = packed * 7 + static_cast<uint32_t>(digit + 1);
            }
            layout.groups[g] = packed;
        }
        if (!valid) checkLayoutValues(values + i, 18, first + i, nodes, file);
        builder.append(layout);
    }
}

// The same, inflating the float32 array in pieces of whole 18-value rows.
PackedLayoutConfigs streamLayoutConfigs(NpzFile& npz, const NpyHeader& header) {
    const int64_t nodes = header.shape[1];
    PackedLayoutConfigsBuilder builder(nodes, header.shape[0]);
    constexpr size_t kChunk = 18 * sizeof(float) * 16384;
    npz.readChunks(
        "node_config_feat", kChunk, [&](const uint8_t* data, size_t bytes, int64_t offset) {
            packCheckedCells(reinterpret_cast<const float*>(data),
                             static_cast<int64_t>(bytes / sizeof(float)),
                             offset / int64_t(sizeof(float)), nodes, npz.path(), builder);
        });
    return builder.finish();
}

// The members tile and layout graphs share, from the first three arrays read: node_feat,
// node_opcode, edge_index.
template <typename Graph>
Graph withSharedArrays(const NpzFile& npz, const std::vector<NpyArray>& a) {
    Graph g;
    g.name = graphNameFromPath(npz.path());
    g.nodeFeat = toFloatVector(a[0]);
    g.nodeOpcode = toUInt8Vector(a[1]);
    g.edgeIndex = toInt64Vector(a[2]);
    return g;
}

// Every array of a layout file, node_config_feat packed into graph.configs, or kept as read in
// *configFeat (values checked) when configFeat is given and the array is float32 and not
// streamed.
LayoutGraph readLayoutArrays(NpzFile& npz, const ReadOptions& options,
                             std::optional<NpyArray>* configFeat) {
    checkGraphHeaders(npz, GraphKind::Layout);
    const NpyHeader configHeader = npz.readHeader("node_config_feat");
    const bool stream = configHeader.dtype == DType::F32 &&
                        configHeader.dataBytes() > options.streamLayoutConfigsAbove;
    std::vector<std::string> names = {"node_feat",       "node_opcode",    "edge_index",
                                      "node_config_ids", "config_runtime", "node_splits"};
    if (!stream) names.push_back("node_config_feat");
    std::vector<NpyArray> a = npz.read(names, options.threads);
    LayoutGraph g = withSharedArrays<LayoutGraph>(npz, a);
    g.nodeConfigIds = toInt64Vector(a[3]);
    g.configRuntime = toInt64Vector(a[4]);
    g.nodeSplits = toInt64Vector(a[5]);
    if (stream) {
        g.configs = streamLayoutConfigs(npz, configHeader);
    } else if (configFeat && a[6].dtype() == DType::F32) {
        checkLayoutArray(a[6].data<float>(), a[6].elementCount(), a[6].dim(1), npz.path());
        *configFeat = std::move(a[6]);
    } else {
        g.configs = packLayoutConfigs(a[6]);
    }
    return g;
}

}  // namespace

std::string graphNameFromPath(const std::string& path) {
    std::string name = path.substr(path.find_last_of('/') + 1);
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".npz") == 0)
        name.resize(name.size() - 4);
    return name;
}

GraphKind detectGraphKind(const std::string& path) {
    const NpzFile npz = NpzFile::open(path);
    return detectGraphKind(npz);
}

TileGraph readTileGraph(NpzFile& npz, const ReadOptions& options) {
    checkGraphHeaders(npz, GraphKind::Tile);
    std::vector<NpyArray> a = npz.read(kTileArrays, options.threads);
    TileGraph g = withSharedArrays<TileGraph>(npz, a);
    g.configFeat = toFloatVector(a[3]);
    g.configRuntime = toInt64Vector(a[4]);
    g.configRuntimeNormalizers = toInt64Vector(a[5]);
    validateTileGraph(g, npz.path(), options);
    return g;
}

LayoutGraph readLayoutGraph(NpzFile& npz, const ReadOptions& options) {
    LayoutGraph g = readLayoutArrays(npz, options, nullptr);
    validateLayoutGraph(g, npz.path(), options);
    return g;
}

PackedLayoutConfigs packLayoutConfigs(const NpyArray& array) {
    const int64_t configs = array.dim(0), nodes = array.dim(1);
    PackedLayoutConfigsBuilder builder(nodes, configs);
    if (array.dtype() == DType::F32) {
        packCheckedCells(array.data<float>(), array.elementCount(), 0, nodes, array.file(),
                         builder);
    } else {
        const std::vector<float> values = toFloatVector(array);
        packCheckedCells(values.data(), array.elementCount(), 0, nodes, array.file(), builder);
    }
    return builder.finish();
}

LayoutGraph readLayoutGraph(const std::string& path, const ReadOptions& options,
                            std::optional<NpyArray>* configFeat) {
    NpzFile npz = NpzFile::open(path);
    LayoutGraph g = readLayoutArrays(npz, options, configFeat);
    if (configFeat->has_value())
        validateLayoutGraphExceptConfigs(g, npz.path(), options);
    else
        validateLayoutGraph(g, npz.path(), options);
    return g;
}

TileGraph readTileGraph(const std::string& path, const ReadOptions& options) {
    NpzFile npz = NpzFile::open(path);
    return readTileGraph(npz, options);
}

LayoutGraph readLayoutGraph(const std::string& path, const ReadOptions& options) {
    NpzFile npz = NpzFile::open(path);
    return readLayoutGraph(npz, options);
}

void writeTileGraph(const std::string& path, const TileGraph& g) {
    validateTileGraph(g, path);
    const int64_t n = g.nodeCount(), c = g.configCount();
    NpzWriter w;
    w.add("node_feat", g.nodeFeat, {n, kNodeFeatureCount});
    w.add("node_opcode", g.nodeOpcode, {n});
    w.add("edge_index", g.edgeIndex, {g.edgeCount(), 2});
    w.add("config_feat", g.configFeat, {c, kTileConfigFeatureCount});
    w.add("config_runtime", g.configRuntime, {c});
    w.add("config_runtime_normalizers", g.configRuntimeNormalizers, {c});
    w.write(path);
}

void writeLayoutGraph(const std::string& path, const LayoutGraph& g) {
    validateLayoutGraph(g, path);
    const int64_t n = g.nodeCount(), c = g.configCount(), k = g.configurableCount();
    NpzWriter w;
    w.add("node_feat", g.nodeFeat, {n, kNodeFeatureCount});
    w.add("node_opcode", g.nodeOpcode, {n});
    w.add("edge_index", g.edgeIndex, {g.edgeCount(), 2}, /*fortranOrder=*/true);
    w.add("node_config_feat", g.configs.toFloats(), {c, k, kLayoutConfigFeatureCount});
    w.add("node_config_ids", g.nodeConfigIds, {k});
    w.add("config_runtime", g.configRuntime, {c});
    w.add("node_splits", g.nodeSplits, {1, static_cast<int64_t>(g.nodeSplits.size())});
    w.write(path);
}

}  // namespace tpugraphs
