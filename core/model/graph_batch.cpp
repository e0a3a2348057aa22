// Building block-diagonal batches: node arrays concatenated, edges offset, configs expanded
// (layout: base-7 groups unpacked to one-hot only here).
#include "model/graph_batch.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace tpugraphs {

namespace {

torch::Tensor longTensor(const std::vector<int64_t>& values) {
    return torch::from_blob(const_cast<int64_t*>(values.data()),
                            {static_cast<int64_t>(values.size())}, torch::kLong)
        .clone();
}

torch::Tensor floatTensor(std::vector<float>& values, std::vector<int64_t> shape) {
    return torch::from_blob(values.data(), shape, torch::kFloat).clone();
}

// CSR lists of `to` grouped by `from` (counting sort): start [N + 1], list [E].
void groupEdges(const std::vector<int64_t>& from, const std::vector<int64_t>& to, int64_t nodes,
                torch::Tensor* start, torch::Tensor* list) {
    std::vector<int64_t> offsets(static_cast<size_t>(nodes + 1), 0), grouped(to.size());
    for (int64_t f : from) ++offsets[f + 1];
    for (int64_t n = 0; n < nodes; ++n) offsets[n + 1] += offsets[n];
    std::vector<int64_t> next(offsets.begin(), offsets.end() - 1);
    for (size_t e = 0; e < from.size(); ++e) grouped[next[from[e]]++] = to[e];
    *start = longTensor(offsets);
    *list = longTensor(grouped);
}

int64_t largestConfigCount(const std::vector<BatchItem>& items) {
    int64_t k = 0;
    for (const auto& item : items) {
        if (item.configs.empty())
            throw std::invalid_argument("batch: graph " + item.graph->name + " has no configs");
        k = std::max<int64_t>(k, static_cast<int64_t>(item.configs.size()));
    }
    return k;
}

// The node rows of an item and the config columns (configurable nodes) among them.
struct ItemRows {
    int64_t begin = 0, end = 0;
    std::vector<int64_t> columns;
};

ItemRows itemRows(const BatchItem& item) {
    const PreparedGraph& graph = *item.graph;
    ItemRows r{item.rows.begin, item.rows.end < 0 ? graph.nodes : item.rows.end, {}};
    if (r.begin < 0 || r.begin > r.end || r.end > graph.nodes)
        throw std::invalid_argument("batch: node rows [" + std::to_string(r.begin) + ", " +
                                    std::to_string(r.end) + ") outside graph " + graph.name +
                                    " of " + std::to_string(graph.nodes) + " nodes");
    const int64_t configurable = static_cast<int64_t>(graph.configNodeRows.size());
    for (int64_t j = 0; j < configurable; ++j)
        if (graph.configNodeRows[j] >= r.begin && graph.configNodeRows[j] < r.end)
            r.columns.push_back(j);
    return r;
}

}  // namespace

BatchTargets buildBatchTargets(const std::vector<BatchItem>& items) {
    if (items.empty()) throw std::invalid_argument("batch: no graphs");
    const int64_t k = largestConfigCount(items), g = static_cast<int64_t>(items.size());
    std::vector<float> target(static_cast<size_t>(g * k), 0.0f);
    std::vector<uint8_t> mask(static_cast<size_t>(g * k), 0);
    for (int64_t gi = 0; gi < g; ++gi) {
        const BatchItem& item = items[gi];
        const int64_t n = static_cast<int64_t>(item.configs.size());
        double best = 0;
        if (!item.runtime.empty())
            best = *std::min_element(item.runtime.begin(), item.runtime.end());
        for (int64_t slot = 0; slot < k; ++slot) {
            mask[gi * k + slot] = slot < n;
            if (!item.runtime.empty() && best > 0)
                target[gi * k + slot] = static_cast<float>(item.runtime[slot % n] / best);
        }
    }
    return {floatTensor(target, {g, k}),
            torch::from_blob(mask.data(), {g, k}, torch::kUInt8).to(torch::kBool)};
}

namespace {

// The arrays of a batch as its items are appended, in batch order.
class BatchArrays {
public:
    BatchArrays(const std::vector<BatchItem>& items, const std::vector<ItemRows>& rows, int64_t k)
        : m_kind(items.front().graph->kind),
          m_features(items.front().graph->featureColumns),
          m_configColumns(items.front().graph->configColumns),
          m_k(k) {
        int64_t edges = 0, configurable = 0;
        for (size_t i = 0; i < items.size(); ++i) {
            m_nodes += rows[i].end - rows[i].begin;
            edges += static_cast<int64_t>(items[i].graph->src.size());
            configurable += static_cast<int64_t>(rows[i].columns.size());
        }
        const int64_t g = static_cast<int64_t>(items.size());
        m_nodeFeat.reserve(static_cast<size_t>(m_nodes * m_features));
        m_opcode.reserve(m_nodes);
        m_nodeGraph.reserve(m_nodes);
        m_src.reserve(edges);
        m_dst.reserve(edges);
        m_degIn.assign(static_cast<size_t>(m_nodes), 0);
        m_degOut.assign(static_cast<size_t>(m_nodes), 0);
        m_invCount.resize(static_cast<size_t>(g));
        if (m_kind == GraphKind::Tile)
            m_configFeat.resize(static_cast<size_t>(g * k * m_configColumns));
        if (m_kind == GraphKind::Layout)
            m_hotColumns =  // written in place: at 848 nodes x 64 slots it is 7.8 MB
                torch::empty({configurable, k, kLayoutConfigFeatureCount}, torch::kLong);
    }

    // Item `gi`'s node rows, the edges between them and its configs.
    void append(int64_t gi, const BatchItem& item, const ItemRows& r) {
        const PreparedGraph& graph = *item.graph;
        const int64_t count = r.end - r.begin;
        m_nodeFeat.insert(m_nodeFeat.end(), graph.nodeFeat.begin() + r.begin * m_features,
                          graph.nodeFeat.begin() + r.end * m_features);
        m_opcode.insert(m_opcode.end(), graph.opcode.begin() + r.begin,
                        graph.opcode.begin() + r.end);
        m_nodeGraph.insert(m_nodeGraph.end(), count, gi);
        m_nodeCounts.push_back(count);
        const int64_t shift = m_nodeOffset - r.begin;
        appendEdges(graph, r, shift);
        m_invCount[gi] = 1.0f / static_cast<float>(std::max<int64_t>(1, count));
        appendConfigs(gi, item, r);
        for (int64_t j : r.columns) m_configNodes.push_back(graph.configNodeRows[j] + shift);
        m_nodeOffset += count;
        m_configurableOffset += static_cast<int64_t>(r.columns.size());
        m_realConfigs += static_cast<int64_t>(item.configs.size());
    }

    GraphBatch finish(const std::vector<BatchItem>& items) {
        for (auto& d : m_degIn) d = 1.0f / std::max(1.0f, d);
        for (auto& d : m_degOut) d = 1.0f / std::max(1.0f, d);
        const int64_t g = static_cast<int64_t>(items.size());
        GraphBatch batch;
        batch.realConfigs = m_realConfigs;
        ModelBatch& m = batch.model;
        m.nodeFeat = floatTensor(m_nodeFeat, {m_nodes, m_features});
        m.opcode = longTensor(m_opcode);
        BatchTopology& t = m.topology;
        t.src = longTensor(m_src);
        t.dst = longTensor(m_dst);
        t.invDegIn = floatTensor(m_degIn, {m_nodes});
        t.invDegOut = floatTensor(m_degOut, {m_nodes});
        t.nodeGraph = longTensor(m_nodeGraph);
        t.invNodeCount = floatTensor(m_invCount, {g});
        t.graphs = g;
        t.nodeCounts = m_nodeCounts;
        groupEdges(m_dst, m_src, m_nodes, &t.producerStart, &t.producers);
        groupEdges(m_src, m_dst, m_nodes, &t.consumerStart, &t.consumers);
        m.configs = m_k;
        if (m_kind == GraphKind::Tile)
            m.configFeat = floatTensor(m_configFeat, {g, m_k, m_configColumns});
        if (m_kind == GraphKind::Layout) {
            m.configNodes = longTensor(m_configNodes);
            m.configHotColumns = m_hotColumns;
        }
        BatchTargets targets = buildBatchTargets(items);
        batch.target = std::move(targets.target);
        batch.mask = std::move(targets.mask);
        m.configMask = batch.mask;
        return batch;
    }

private:
    void appendEdges(const PreparedGraph& graph, const ItemRows& r, int64_t shift) {
        for (size_t e = 0; e < graph.src.size(); ++e) {
            const int64_t from = graph.src[e], to = graph.dst[e];
            if (from < r.begin || from >= r.end || to < r.begin || to >= r.end) continue;
            m_src.push_back(from + shift);
            m_dst.push_back(to + shift);
            m_degIn[to + shift] += 1;
            m_degOut[from + shift] += 1;
        }
    }

    // Tile: the configs' feature rows; layout: each configurable node's layout per config
    // slot as the 18 hot columns of its one-hot (base-7 digit d of feature f: f * 7 + d + 1).
    void appendConfigs(int64_t gi, const BatchItem& item, const ItemRows& r) {
        const PreparedGraph& graph = *item.graph;
        const int64_t n = static_cast<int64_t>(item.configs.size());
        if (m_kind == GraphKind::Tile) {
            for (int64_t slot = 0; slot < m_k; ++slot)
                std::copy_n(graph.configFeat.data() + item.configs[slot % n] * m_configColumns,
                            m_configColumns,
                            m_configFeat.data() + (gi * m_k + slot) * m_configColumns);
            return;
        }
        constexpr int kWidth = kLayoutConfigFeatureCount;
        for (size_t j = 0; j < r.columns.size(); ++j) {
            const int64_t node = r.columns[j];
            int64_t* out = m_hotColumns.data_ptr<int64_t>() +
                           (m_configurableOffset + static_cast<int64_t>(j)) * m_k * kWidth;
            // A node takes few distinct layouts (its table): each is decoded once per batch and
            // copied to the slots that take it, as decoding (divisions by 7) per slot was most
            // of a batch's host time (TRAINING.md, the GPU check). A node whose table is larger
            // than the slots decodes per slot.
            const std::vector<NodeLayout>& table = graph.configs.distinctLayouts(node);
            if (static_cast<int64_t>(table.size()) > m_k) {
                for (int64_t slot = 0; slot < m_k; ++slot)
                    writeHotColumns(graph.configs.layout(item.configs[slot % n], node),
                                    out + slot * kWidth);
                continue;
            }
            m_decoded.resize(table.size() * kWidth);
            for (size_t code = 0; code < table.size(); ++code)
                writeHotColumns(table[code], m_decoded.data() + code * kWidth);
            for (int64_t slot = 0; slot < m_k; ++slot)
                std::copy_n(
                    m_decoded.data() + graph.configs.code(item.configs[slot % n], node) * kWidth,
                    kWidth, out + slot * kWidth);
        }
    }

    static void writeHotColumns(const NodeLayout& layout, int64_t* out) {
        float values[kLayoutConfigFeatureCount];
        layout.unpack(values);
        for (int f = 0; f < kLayoutConfigFeatureCount; ++f)
            out[f] = f * 7 + static_cast<int64_t>(values[f]) + 1;
    }

    GraphKind m_kind;
    int m_features, m_configColumns;
    int64_t m_k, m_nodes = 0, m_nodeOffset = 0, m_configurableOffset = 0, m_realConfigs = 0;
    std::vector<float> m_nodeFeat, m_degIn, m_degOut, m_invCount, m_configFeat;
    std::vector<int64_t> m_opcode, m_src, m_dst, m_nodeGraph, m_configNodes;
    torch::Tensor m_hotColumns;      // layout: [configurable, K, 18]
    std::vector<int64_t> m_decoded;  // one node's distinct layouts as hot columns
    std::vector<int64_t> m_nodeCounts;
};

}  // namespace

GraphBatch buildGraphBatch(const std::vector<BatchItem>& items) {
    if (items.empty()) throw std::invalid_argument("batch: no graphs");
    const GraphKind kind = items.front().graph->kind;
    const int features = items.front().graph->featureColumns;
    std::vector<ItemRows> rows;
    for (const auto& item : items) {
        if (item.graph->kind != kind || item.graph->featureColumns != features)
            throw std::invalid_argument("batch: graphs of different kinds or feature widths");
        rows.push_back(itemRows(item));
    }
    BatchArrays arrays(items, rows, largestConfigCount(items));
    for (size_t gi = 0; gi < items.size(); ++gi)
        arrays.append(static_cast<int64_t>(gi), items[gi], rows[gi]);
    return arrays.finish(items);
}

}  // namespace tpugraphs
