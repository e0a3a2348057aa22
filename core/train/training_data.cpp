// Loading and preparing the graphs of a training run.
#include "train/training_data.h"

#include <algorithm>
#include <random>
#include <set>
#include <stdexcept>

#include "base/parallel_for.h"
#include "data/dataset.h"
#include "prepare/prepared_cache.h"
#include "prepare/prepared_loader.h"
#include "train/component_options.h"
#include "train/random_streams.h"

namespace tpugraphs {

namespace {

// Why a graph cannot be ranked (fewer than 2 configs, no runtimes), or "" when it can.
std::string unusableReason(const PreparedGraph& graph) {
    if (graph.configCount() < 2)
        return std::to_string(graph.configCount()) + " config" +
               (graph.configCount() == 1 ? "" : "s") + " (a ranking needs at least 2)";
    if (!graph.hasRuntimes()) return "no measured runtimes";
    return {};
}

std::vector<PreparedGraph> loadSplit(const DatasetIndex& index, const TrainOptions& options,
                                     GraphKind kind, Split split, size_t limit,
                                     const LoadProgress& progress, const std::atomic<bool>* cancel,
                                     std::vector<std::string>* notes) {
    const std::set<std::string> only(options.onlyGraphs.begin(), options.onlyGraphs.end());
    std::vector<const GraphEntry*> entries;
    for (const GraphEntry* entry : index.select(options.collection, split)) {
        if (!only.empty() && !only.count(entry->name)) continue;
        if (!entry->error.empty()) {
            notes->push_back("skipped " + entry->path + ": " + entry->error);
            continue;
        }
        entries.push_back(entry);
    }
    if (limit > 0 && entries.size() > limit) entries.resize(limit);
    PreparedLoadOptions load;
    load.kind = kind;
    load.prepare = prepareOptionsOf(options);
    const std::string message = std::string("loading ") + splitName(split) + " graphs";
    PreparedLoadResult loaded = loadPreparedGraphs(
        entries, load,
        [&](size_t done, size_t total) {
            if (progress) progress(message, done, total);
        },
        cancel);
    notes->insert(notes->end(), loaded.notes.begin(), loaded.notes.end());
    std::vector<PreparedGraph> graphs;
    for (PreparedGraph& graph : loaded.graphs) {
        const std::string reason = unusableReason(graph);
        if (reason.empty())
            graphs.push_back(std::move(graph));
        else
            notes->push_back("skipped " + graph.path + ": " + reason);
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

bool trainsOn(const TrainOptions& options, Split split) {
    return std::find(options.trainSplits.begin(), options.trainSplits.end(), split) !=
           options.trainSplits.end();
}

}  // namespace

int64_t TrainingData::trainConfigs() const {
    int64_t total = 0;
    for (const auto& set : trainSets) total += static_cast<int64_t>(set.configs.size());
    return total;
}

const char* const kNoValidationNote = "no validation:";

ConfigSet seededSubset(const ConfigSet& set, size_t count, uint64_t seed) {
    if (set.configs.size() <= count) return set;
    ConfigSet kept, rest;
    holdOut(set, static_cast<double>(count) / static_cast<double>(set.configs.size()), seed, &rest,
            &kept);
    return kept;
}

namespace {

// Step 1: the train graphs (and the valid ones when they are trained on too), then the valid
// split's graphs to validate on (unless configs are held out). Empty when cancelled.
void loadGraphs(const TrainOptions& options, const LoadProgress& progress,
                const std::atomic<bool>* cancel, TrainingData* data) {
    const DatasetIndex index = scanDataset(options.datasetRoot);
    for (Split split : {Split::Train, Split::Valid}) {
        if (!trainsOn(options, split)) continue;
        auto graphs =
            loadSplit(index, options, data->kind, split, 0, progress, cancel, &data->notes);
        for (auto& graph : graphs) data->train.push_back(std::move(graph));
    }
    if (cancel && cancel->load()) return;
    if (data->train.empty())
        throw std::invalid_argument(std::string("no usable train graphs of '") +
                                    collectionName(options.collection) + "' under " +
                                    options.datasetRoot +
                                    (data->notes.empty() ? "" : " (" + data->notes.front() + ")"));
    if (options.holdoutConfigs <= 0 && options.validate && !trainsOn(options, Split::Valid)) {
        data->valid = loadSplit(index, options, data->kind, Split::Valid,
                                static_cast<size_t>(std::max(0, options.maxValidGraphs)), progress,
                                cancel, &data->notes);
        if (data->valid.empty())
            data->notes.push_back(
                std::string(kNoValidationNote) + " the valid split has no usable graph of '" +
                collectionName(options.collection) + "' under " + options.datasetRoot +
                ": validate on held-out configs (--holdout-configs 0.1) instead");
    }
}

// Step 2: the normalisers (given, or fitted on the graphs trained on only, never on what is
// validated), applied to every graph.
void normalizeGraphs(const FeatureNormalizer* nodeNormalizer,
                     const FeatureNormalizer* configNormalizer, TrainingData* data) {
    const bool tile = data->kind == GraphKind::Tile;
    if (nodeNormalizer) {
        data->nodeNormalizer = *nodeNormalizer;
        if (configNormalizer) data->configNormalizer = *configNormalizer;
    } else {
        for (const auto& graph : data->train) {
            data->nodeNormalizer.observe(graph.nodeFeat.data(), graph.nodes, graph.featureColumns);
            if (tile)
                data->configNormalizer.observe(graph.configFeat.data(), graph.configCount(),
                                               graph.configColumns);
        }
        data->nodeNormalizer.fit();
        if (tile) data->configNormalizer.fit();
    }
    const FeatureNormalizer* configs = tile ? &data->configNormalizer : nullptr;
    parallelFor(data->train.size() + data->valid.size(), 0, [&](size_t i) {
        PreparedGraph& graph =
            i < data->train.size() ? data->train[i] : data->valid[i - data->train.size()];
        normalizeGraph(graph, data->nodeNormalizer, configs);
    });
}

// Step 3: the configs of each train graph (distinct ones when duplicates collapse), split into
// the ones trained on and the held-out ones (returned, per graph) when configs are held out.
// When collapsing would leave no graph with 2 distinct configs (the real sample's tile and
// layout:xla:random train graphs hold identical config vectors), they are trained as they are,
// with a note.
std::vector<ConfigSet> chooseTrainConfigs(const TrainOptions& options, TrainingData* data) {
    const bool holdout = options.holdoutConfigs > 0;
    bool collapse = options.collapseDuplicates;
    const auto distinctOf = [&](const PreparedGraph& graph) {
        return std::max(distinctConfigs(graph).configs.size(), size_t{1});
    };
    if (collapse && !holdout &&
        std::none_of(data->train.begin(), data->train.end(),
                     [&](const PreparedGraph& g) { return distinctOf(g) >= 2; })) {
        collapse = false;
        data->notes.push_back(
            "no train graph has 2 distinct config vectors: trained with "
            "duplicates kept (identical configs give the model nothing to rank; "
            "their runtimes differ by measurement noise only)");
    }
    std::vector<ConfigSet> heldSets(data->train.size()), all(data->train.size());
    parallelFor(all.size(), 0, [&](size_t i) {
        all[i] = collapse ? distinctConfigs(data->train[i]) : allConfigs(data->train[i]);
    });
    for (size_t i = 0; i < data->train.size(); ++i) {
        if (!holdout) {
            data->trainSets.push_back(std::move(all[i]));
            continue;
        }
        ConfigSet kept;
        holdOut(all[i], options.holdoutConfigs,
                streamSeed(options.seed, RandomStream::HoldoutConfigs, i), &kept, &heldSets[i]);
        data->trainSets.push_back(std::move(kept));
    }
    return heldSets;
}

// Step 4: drops the train graphs left with fewer than 2 configs to train on (no ranking
// signal), keeping `heldSets` in step; throws when none is left.
void dropUnrankableGraphs(const TrainOptions& options, TrainingData* data,
                          std::vector<ConfigSet>* heldSets) {
    size_t usable = 0;
    for (size_t i = 0; i < data->train.size(); ++i) {
        if (data->trainSets[i].configs.size() < 2) {
            data->notes.push_back("skipped " + data->train[i].path + ": " +
                                  std::to_string(data->trainSets[i].configs.size()) +
                                  " distinct config(s) left to train on");
            continue;
        }
        if (usable != i) {
            data->train[usable] = std::move(data->train[i]);
            data->trainSets[usable] = std::move(data->trainSets[i]);
            (*heldSets)[usable] = std::move((*heldSets)[i]);
        }
        ++usable;
    }
    data->train.resize(usable);
    data->trainSets.resize(usable);
    heldSets->resize(usable);
    if (data->train.empty())
        throw std::invalid_argument(
            "no train graph of '" + std::string(collectionName(options.collection)) + "' under " +
            options.datasetRoot + " has 2 distinct configs to rank (" + data->notes.back() + ")");
}

}  // namespace

TrainingData loadTrainingData(const TrainOptions& options, const FeatureNormalizer* nodeNormalizer,
                              const FeatureNormalizer* configNormalizer,
                              const LoadProgress& progress, const std::atomic<bool>* cancel) {
    checkTrainOptions(options);
    TrainingData data;
    data.kind = collectionKind(options.collection);
    loadGraphs(options, progress, cancel, &data);
    if (cancel && cancel->load()) return TrainingData{};
    normalizeGraphs(nodeNormalizer, configNormalizer, &data);
    std::vector<ConfigSet> heldSets = chooseTrainConfigs(options, &data);
    dropUnrankableGraphs(options, &data, &heldSets);
    // What is validated: the held-out configs of the train graphs, then the valid graphs.
    for (size_t i = 0; i < data.train.size(); ++i)
        if (heldSets[i].configs.size() >= 2)
            data.validation.push_back({&data.train[i], std::move(heldSets[i])});
    for (const auto& graph : data.valid) data.validation.push_back({&graph, allConfigs(graph)});
    return data;
}

PreparedGraph loadGraphForModel(const std::string& path, GraphKind kind,
                                const PrepareOptions& prepare,
                                const FeatureNormalizer& nodeNormalizer,
                                const FeatureNormalizer& configNormalizer, bool requireRuntimes) {
    ReadOptions read;
    read.requireRuntimes = requireRuntimes;
    PreparedGraph graph = loadPreparedFile(path, kind, prepare, read).graph;
    normalizeGraph(graph, nodeNormalizer, kind == GraphKind::Tile ? &configNormalizer : nullptr);
    return graph;
}

}  // namespace tpugraphs
