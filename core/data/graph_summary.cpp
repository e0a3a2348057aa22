// Summary of one graph file: array list from the headers, counts and statistics from a full load.
#include "data/graph_summary.h"

#include <algorithm>
#include <map>
#include <set>

#include "data/npz_file.h"

namespace tpugraphs {

namespace {

template <typename T>
int64_t distinctRows(const T* values, size_t rowLength, size_t rows) {
    std::set<std::vector<T>> distinct;
    for (size_t r = 0; r < rows; ++r)
        distinct.emplace(values + r * rowLength, values + (r + 1) * rowLength);
    return static_cast<int64_t>(distinct.size());
}

void fillCommon(GraphSummary* s, const std::vector<uint8_t>& opcodes,
                const std::vector<int64_t>& runtimes) {
    std::map<int, int64_t> counts;
    for (uint8_t op : opcodes) ++counts[op];
    s->opcodeCounts.assign(counts.begin(), counts.end());
    std::stable_sort(s->opcodeCounts.begin(), s->opcodeCounts.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    if (!runtimes.empty()) {
        const auto [lo, hi] = std::minmax_element(runtimes.begin(), runtimes.end());
        s->runtimeMin = *lo;
        s->runtimeMax = *hi;
    }
    s->zeroRuntimes = std::count(runtimes.begin(), runtimes.end(), int64_t(0));
}

}  // namespace

std::vector<ArrayInfo> listArrays(const std::string& path) {
    NpzFile npz = NpzFile::open(path);
    std::vector<ArrayInfo> arrays;
    for (const NpzMember& m : npz.members()) {
        const NpyHeader h = npz.readHeader(m.name);
        arrays.push_back({m.name, dtypeDescr(h.dtype, h.bigEndian), h.shape, h.fortranOrder,
                          m.compressedBytes, m.bytes, h.dataBytes()});
    }
    return arrays;
}

GraphSummary summarizeGraphFile(const std::string& path, const ReadOptions& options) {
    GraphSummary s;
    s.path = path;
    s.name = graphNameFromPath(path);
    s.arrays = listArrays(path);
    for (const ArrayInfo& a : s.arrays) s.dataBytes += a.dataBytes;
    s.fileBytes = NpzFile::open(path).fileBytes();
    s.kind = detectGraphKind(path);
    if (s.kind == GraphKind::Tile) {
        const TileGraph g = readTileGraph(path, options);
        s.nodes = g.nodeCount();
        s.edges = g.edgeCount();
        s.configs = g.configCount();
        s.distinctConfigs =
            distinctRows(g.configFeat.data(), kTileConfigFeatureCount, size_t(s.configs));
        fillCommon(&s, g.nodeOpcode, g.configRuntime);
    } else {
        const LayoutGraph g = readLayoutGraph(path, options);
        s.nodes = g.nodeCount();
        s.edges = g.edgeCount();
        s.configs = g.configCount();
        s.configurableNodes = g.configurableCount();
        s.distinctConfigs = distinctRows(g.configs.row(0), g.configs.rowBytes(), size_t(s.configs));
        fillCommon(&s, g.nodeOpcode, g.configRuntime);
    }
    return s;
}

}  // namespace tpugraphs
