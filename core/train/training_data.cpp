// Loading and preparing the graphs of a training run.
#include "train/training_data.h"

#include <algorithm>
#include <random>
#include <set>
#include <stdexcept>

#include "data/dataset.h"

namespace tpugraphs {

namespace {

PreparedGraph readPrepared(const std::string& path, GraphKind kind, bool prune,
                           bool requireRuntimes) {
    ReadOptions read;
    read.requireRuntimes = requireRuntimes;
    if (kind == GraphKind::Tile) return prepareTileGraph(readTileGraph(path, read), path);
    return prepareLayoutGraph(readLayoutGraph(path, read), path, prune);
}

std::vector<PreparedGraph> loadSplit(const DatasetIndex& index, const TrainOptions& options,
                                     GraphKind kind, Split split, size_t limit,
                                     const LoadProgress& progress,
                                     const std::atomic<bool>* cancel) {
    const std::set<std::string> only(options.onlyGraphs.begin(), options.onlyGraphs.end());
    std::vector<const GraphEntry*> entries;
    for (const GraphEntry* entry : index.select(options.collection, split))
        if (entry->error.empty() && (only.empty() || only.count(entry->name)))
            entries.push_back(entry);
    if (limit > 0 && entries.size() > limit) entries.resize(limit);
    std::vector<PreparedGraph> graphs;
    for (size_t i = 0; i < entries.size(); ++i) {
        if (cancel && cancel->load()) break;
        if (progress)
            progress(std::string("loading ") + splitName(split) + " graphs", i, entries.size());
        PreparedGraph graph = readPrepared(entries[i]->path, kind, options.pruneLayout, true);
        if (graph.configCount() >= 2 && graph.hasRuntimes()) graphs.push_back(std::move(graph));
    }
    return graphs;
}

// Splits a config set by a seeded shuffle: `fraction` of it into *held, the rest into *kept.
void holdOut(const ConfigSet& all, double fraction, uint64_t seed, ConfigSet* kept,
             ConfigSet* held) {
    std::vector<size_t> order(all.configs.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::mt19937_64 rng(seed);
    std::shuffle(order.begin(), order.end(), rng);
    const size_t heldCount =
        static_cast<size_t>(fraction * static_cast<double>(order.size()) + 0.5);
    for (size_t i = 0; i < order.size(); ++i) {
        ConfigSet* target = i < heldCount ? held : kept;
        target->configs.push_back(all.configs[order[i]]);
        target->runtime.push_back(all.runtime[order[i]]);
    }
}

}  // namespace

int64_t TrainingData::trainConfigs() const {
    int64_t total = 0;
    for (const auto& set : trainSets) total += static_cast<int64_t>(set.configs.size());
    return total;
}

TrainingData loadTrainingData(const TrainOptions& options, const FeatureNormalizer* nodeNormalizer,
                              const FeatureNormalizer* configNormalizer,
                              const LoadProgress& progress, const std::atomic<bool>* cancel) {
    const GraphKind kind = collectionKind(options.collection);
    if (kind != modelGraphKind(options.model))
        throw std::invalid_argument(std::string("model '") + modelTypeName(options.model) +
                                    "' cannot train on collection '" +
                                    collectionName(options.collection) + "'");
    if (options.holdoutConfigs < 0 || options.holdoutConfigs >= 1)
        throw std::invalid_argument("holdout fraction must be in [0, 1)");
    TrainingData data;
    data.kind = kind;
    const DatasetIndex index = scanDataset(options.datasetRoot);
    data.train = loadSplit(index, options, data.kind, Split::Train, 0, progress, cancel);
    if (cancel && cancel->load()) return TrainingData{};
    if (data.train.empty())
        throw std::invalid_argument(std::string("no usable train graphs of '") +
                                    collectionName(options.collection) + "' under " +
                                    options.datasetRoot);
    const bool holdout = options.holdoutConfigs > 0;
    if (!holdout)
        data.valid =
            loadSplit(index, options, data.kind, Split::Valid,
                      static_cast<size_t>(std::max(0, options.maxValidGraphs)), progress, cancel);

    if (nodeNormalizer) {
        data.nodeNormalizer = *nodeNormalizer;
        if (configNormalizer) data.configNormalizer = *configNormalizer;
    } else {
        for (const auto& graph : data.train) {
            data.nodeNormalizer.observe(graph.nodeFeat.data(), graph.nodes, graph.featureColumns);
            if (data.kind == GraphKind::Tile)
                data.configNormalizer.observe(graph.configFeat.data(), graph.configCount(),
                                              graph.configColumns);
        }
        data.nodeNormalizer.fit();
        if (data.kind == GraphKind::Tile) data.configNormalizer.fit();
    }
    const FeatureNormalizer* configs =
        data.kind == GraphKind::Tile ? &data.configNormalizer : nullptr;
    for (auto& graph : data.train) normalizeGraph(graph, data.nodeNormalizer, configs);
    for (auto& graph : data.valid) normalizeGraph(graph, data.nodeNormalizer, configs);

    for (size_t i = 0; i < data.train.size(); ++i) {
        const PreparedGraph& graph = data.train[i];
        ConfigSet all = options.collapseDuplicates ? distinctConfigs(graph) : allConfigs(graph);
        if (!holdout) {
            data.trainSets.push_back(std::move(all));
            continue;
        }
        ConfigSet kept, held;
        holdOut(all, options.holdoutConfigs, options.seed * 1000003 + i, &kept, &held);
        data.trainSets.push_back(std::move(kept));
        if (held.configs.size() >= 2) data.validation.push_back({&graph, std::move(held)});
    }
    for (const auto& graph : data.valid) data.validation.push_back({&graph, allConfigs(graph)});
    return data;
}

PreparedGraph loadGraphForModel(const std::string& path, GraphKind kind, bool prune,
                                const FeatureNormalizer& nodeNormalizer,
                                const FeatureNormalizer& configNormalizer, bool requireRuntimes) {
    PreparedGraph graph = readPrepared(path, kind, prune, requireRuntimes);
    normalizeGraph(graph, nodeNormalizer, kind == GraphKind::Tile ? &configNormalizer : nullptr);
    return graph;
}

}  // namespace tpugraphs
