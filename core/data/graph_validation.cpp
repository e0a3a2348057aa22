// Validation of in-memory tile and layout graphs: sizes, id ranges, NaN/Inf, runtimes.
#include <cmath>
#include <limits>

#include "data/data_error.h"
#include "data/graph_io.h"
#include "data/tpugraphs_format.h"

namespace tpugraphs {

namespace {

class Checker {
public:
    Checker(const std::string& path) : m_path(path) {}

    [[noreturn]] void fail(const char* array, const std::string& problem) const {
        throw DataError(m_path, array, problem);
    }
    void size(const char* array, size_t actual, int64_t expected, const char* what) const {
        if (static_cast<int64_t>(actual) != expected)
            fail(array, "holds " + std::to_string(actual) + " values, expected " +
                            std::to_string(expected) + " (" + what + ")");
    }
    void finite(const char* array, const std::vector<float>& values, int64_t rowLength) const {
        // A branch-free (vectorised) pass; only a bad array is searched for the value to name.
        int bad = 0;
        for (const float v : values) bad |= !(std::fabs(v) <= std::numeric_limits<float>::max());
        for (size_t i = 0; bad && i < values.size(); ++i)
            if (!std::isfinite(values[i]))
                fail(array, std::string(std::isnan(values[i]) ? "NaN" : "Inf") + " at row " +
                                std::to_string(i / rowLength) + ", column " +
                                std::to_string(i % rowLength));
    }
    void edges(const std::vector<int64_t>& edgeIndex, int64_t nodes) const {
        if (edgeIndex.size() % 2) fail("edge_index", "holds an odd number of values");
        for (size_t i = 0; i < edgeIndex.size(); ++i)
            if (edgeIndex[i] < 0 || edgeIndex[i] >= nodes)
                fail("edge_index", "edge " + std::to_string(i / 2) + " = (" +
                                       std::to_string(edgeIndex[i & ~size_t(1)]) + ", " +
                                       std::to_string(edgeIndex[i | 1]) + ") refers to node " +
                                       std::to_string(edgeIndex[i]) + ", outside 0.." +
                                       std::to_string(nodes - 1));
    }
    // Opcode ids index the models' embedding table: an id past it must stop here, not in a
    // training step.
    void opcodes(const std::vector<uint8_t>& opcodes) const {
        for (size_t i = 0; i < opcodes.size(); ++i)
            if (opcodes[i] > kOpcodeMaxId)
                fail("node_opcode", "opcode id " + std::to_string(opcodes[i]) + " of node " +
                                        std::to_string(i) + " is outside 0.." +
                                        std::to_string(kOpcodeMaxId) + " (the opcode table's ids)");
    }
    void runtimes(const std::vector<int64_t>& runtimes, const ReadOptions& options) const {
        for (size_t i = 0; i < runtimes.size(); ++i) {
            if (runtimes[i] < 0)
                fail("config_runtime", "runtime " + std::to_string(runtimes[i]) + " of config " +
                                           std::to_string(i) + " is negative");
            if (options.requireRuntimes && runtimes[i] == 0)
                fail("config_runtime", "runtime of config " + std::to_string(i) +
                                           " is 0 in a train/valid file (runtimes are required)");
        }
    }
    void counts(int64_t nodes, int64_t configs) const {
        if (nodes == 0) fail("node_opcode", "the graph has no nodes");
        if (configs == 0) fail("config_runtime", "the graph has no configs");
    }

private:
    const std::string& m_path;
};

}  // namespace

void validateTileGraph(const TileGraph& g, const std::string& path, const ReadOptions& options) {
    const Checker check(path);
    const int64_t n = g.nodeCount(), c = g.configCount();
    check.counts(n, c);
    check.size("node_feat", g.nodeFeat.size(), n * kNodeFeatureCount, "nodes x 140");
    check.size("config_feat", g.configFeat.size(), c * kTileConfigFeatureCount, "configs x 24");
    check.size("config_runtime_normalizers", g.configRuntimeNormalizers.size(), c,
               "one per config");
    check.opcodes(g.nodeOpcode);
    check.edges(g.edgeIndex, n);
    check.finite("node_feat", g.nodeFeat, kNodeFeatureCount);
    check.finite("config_feat", g.configFeat, kTileConfigFeatureCount);
    check.runtimes(g.configRuntime, options);
    for (size_t i = 0; i < g.configRuntimeNormalizers.size(); ++i)
        if (g.configRuntimeNormalizers[i] <= 0)
            check.fail("config_runtime_normalizers",
                       "normalizer " + std::to_string(g.configRuntimeNormalizers[i]) +
                           " of config " + std::to_string(i) + " is not positive");
}

void validateRuntimes(const std::vector<int64_t>& runtimes, const std::string& path,
                      const ReadOptions& options) {
    Checker(path).runtimes(runtimes, options);
}

namespace {

// The layout checks in their order; graph.configs only when `packed`.
void validateLayout(const LayoutGraph& g, const std::string& path, const ReadOptions& options,
                    bool packed) {
    const Checker check(path);
    const int64_t n = g.nodeCount(), c = g.configCount(), k = g.configurableCount();
    check.counts(n, c);
    check.size("node_feat", g.nodeFeat.size(), n * kNodeFeatureCount, "nodes x 140");
    check.opcodes(g.nodeOpcode);
    check.edges(g.edgeIndex, n);
    check.finite("node_feat", g.nodeFeat, kNodeFeatureCount);
    for (size_t i = 0; i < g.nodeConfigIds.size(); ++i) {
        const int64_t id = g.nodeConfigIds[i];
        if (id < 0 || id >= n)
            check.fail("node_config_ids", "configurable id " + std::to_string(id) + " at index " +
                                              std::to_string(i) + " is outside 0.." +
                                              std::to_string(n - 1));
        if (i > 0 && id <= g.nodeConfigIds[i - 1])
            check.fail("node_config_ids", "ids are not strictly increasing at index " +
                                              std::to_string(i) + " (" +
                                              std::to_string(g.nodeConfigIds[i - 1]) + ", " +
                                              std::to_string(id) + ")");
    }
    if (packed && (g.configs.configCount() != c || g.configs.nodeCount() != k))
        check.fail("node_config_feat", "holds " + std::to_string(g.configs.configCount()) + " x " +
                                           std::to_string(g.configs.nodeCount()) +
                                           " configs, expected " + std::to_string(c) + " x " +
                                           std::to_string(k));
    for (int64_t j = 0; packed && j < g.configs.nodeCount(); ++j)
        for (const NodeLayout& layout : g.configs.distinctLayouts(j))
            for (uint32_t group : layout.groups)
                if (group >= kLayoutGroupCodes)
                    check.fail("node_config_feat", "configurable node " + std::to_string(j) +
                                                       " has a packed group out of range");
    check.runtimes(g.configRuntime, options);
    for (size_t i = 0; i < g.nodeSplits.size(); ++i) {
        const int64_t s = g.nodeSplits[i];
        if (s < 0 || s > n || (i > 0 && s < g.nodeSplits[i - 1]))
            check.fail("node_splits", "split " + std::to_string(s) + " at index " +
                                          std::to_string(i) + " is outside 0.." +
                                          std::to_string(n) + " or not increasing");
    }
}

}  // namespace

void validateLayoutGraph(const LayoutGraph& g, const std::string& path,
                         const ReadOptions& options) {
    validateLayout(g, path, options, true);
}

void validateLayoutGraphExceptConfigs(const LayoutGraph& g, const std::string& path,
                                      const ReadOptions& options) {
    validateLayout(g, path, options, false);
}

}  // namespace tpugraphs
