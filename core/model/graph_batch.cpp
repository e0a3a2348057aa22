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

GraphBatch buildGraphBatch(const std::vector<BatchItem>& items) {
    if (items.empty()) throw std::invalid_argument("batch: no graphs");
    const GraphKind kind = items.front().graph->kind;
    const int features = items.front().graph->featureColumns;
    const int64_t k = largestConfigCount(items);
    std::vector<ItemRows> rows;
    int64_t nodes = 0, edges = 0, configurable = 0;
    for (const auto& item : items) {
        if (item.graph->kind != kind || item.graph->featureColumns != features)
            throw std::invalid_argument("batch: graphs of different kinds or feature widths");
        rows.push_back(itemRows(item));
        nodes += rows.back().end - rows.back().begin;
        edges += static_cast<int64_t>(item.graph->src.size());
        configurable += static_cast<int64_t>(rows.back().columns.size());
    }
    const int64_t g = static_cast<int64_t>(items.size());

    std::vector<float> nodeFeat;
    nodeFeat.reserve(static_cast<size_t>(nodes * features));
    std::vector<int64_t> opcode, src, dst, nodeGraph, configNodes;
    opcode.reserve(nodes);
    nodeGraph.reserve(nodes);
    src.reserve(edges);
    dst.reserve(edges);
    std::vector<float> degIn(static_cast<size_t>(nodes), 0), degOut(static_cast<size_t>(nodes), 0);
    std::vector<float> invCount(static_cast<size_t>(g));
    const int configColumns = items.front().graph->configColumns;
    std::vector<float> configFeat;
    if (kind == GraphKind::Tile) configFeat.resize(static_cast<size_t>(g * k * configColumns));
    std::vector<int64_t> hotColumns;
    if (kind == GraphKind::Layout)
        hotColumns.resize(static_cast<size_t>(configurable * k * kLayoutConfigFeatureCount));

    GraphBatch batch;
    int64_t nodeOffset = 0, configurableOffset = 0;
    float values[kLayoutConfigFeatureCount];
    for (int64_t gi = 0; gi < g; ++gi) {
        const auto& item = items[gi];
        const PreparedGraph& graph = *item.graph;
        const ItemRows& r = rows[gi];
        const int64_t count = r.end - r.begin;
        nodeFeat.insert(nodeFeat.end(), graph.nodeFeat.begin() + r.begin * features,
                        graph.nodeFeat.begin() + r.end * features);
        opcode.insert(opcode.end(), graph.opcode.begin() + r.begin, graph.opcode.begin() + r.end);
        nodeGraph.insert(nodeGraph.end(), count, gi);
        batch.model.topology.nodeCounts.push_back(count);
        const int64_t shift = nodeOffset - r.begin;
        for (size_t e = 0; e < graph.src.size(); ++e) {
            const int64_t from = graph.src[e], to = graph.dst[e];
            if (from < r.begin || from >= r.end || to < r.begin || to >= r.end) continue;
            src.push_back(from + shift);
            dst.push_back(to + shift);
            degIn[to + shift] += 1;
            degOut[from + shift] += 1;
        }
        invCount[gi] = 1.0f / static_cast<float>(std::max<int64_t>(1, count));
        const int64_t n = static_cast<int64_t>(item.configs.size());
        for (int64_t slot = 0; slot < k; ++slot) {
            const int64_t config = item.configs[slot % n];
            if (kind == GraphKind::Tile) {
                std::copy_n(graph.configFeat.data() + config * configColumns, configColumns,
                            configFeat.data() + (gi * k + slot) * configColumns);
                continue;
            }
            for (size_t j = 0; j < r.columns.size(); ++j) {
                graph.configs.unpack(config, r.columns[j], values);
                int64_t* row = hotColumns.data() +
                               ((configurableOffset + static_cast<int64_t>(j)) * k + slot) *
                                   kLayoutConfigFeatureCount;
                for (int f = 0; f < kLayoutConfigFeatureCount; ++f)
                    row[f] = f * 7 + static_cast<int64_t>(values[f]) + 1;
            }
        }
        for (int64_t j : r.columns) configNodes.push_back(graph.configNodeRows[j] + shift);
        nodeOffset += count;
        configurableOffset += static_cast<int64_t>(r.columns.size());
        batch.realConfigs += n;
    }
    for (auto& d : degIn) d = 1.0f / std::max(1.0f, d);
    for (auto& d : degOut) d = 1.0f / std::max(1.0f, d);

    ModelBatch& m = batch.model;
    m.nodeFeat = floatTensor(nodeFeat, {nodes, features});
    m.opcode = longTensor(opcode);
    m.topology.src = longTensor(src);
    m.topology.dst = longTensor(dst);
    m.topology.invDegIn = floatTensor(degIn, {nodes});
    m.topology.invDegOut = floatTensor(degOut, {nodes});
    m.topology.nodeGraph = longTensor(nodeGraph);
    m.topology.invNodeCount = floatTensor(invCount, {g});
    m.topology.graphs = g;
    groupEdges(dst, src, nodes, &m.topology.producerStart, &m.topology.producers);
    groupEdges(src, dst, nodes, &m.topology.consumerStart, &m.topology.consumers);
    m.configs = k;
    if (kind == GraphKind::Tile) m.configFeat = floatTensor(configFeat, {g, k, configColumns});
    if (kind == GraphKind::Layout) {
        m.configNodes = longTensor(configNodes);
        m.configHotColumns =
            longTensor(hotColumns).view({configurable, k, kLayoutConfigFeatureCount});
    }
    BatchTargets targets = buildBatchTargets(items);
    batch.target = std::move(targets.target);
    batch.mask = std::move(targets.mask);
    m.configMask = batch.mask;
    return batch;
}

}  // namespace tpugraphs
