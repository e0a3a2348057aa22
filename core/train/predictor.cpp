// Inference with a trained run, or an ensemble of runs.
#include "train/predictor.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "base/atomic_file.h"
#include "data/data_error.h"
#include "metrics/eval_metrics.h"
#include "metrics/ranking.h"
#include "model/config_scorer.h"
#include "model/cost_model.h"
#include "model/torch_device.h"
#include "train/checkpoint.h"
#include "train/component_options.h"
#include "train/distributed/fingerprint.h"
#include "train/random_streams.h"
#include "train/training_data.h"

namespace tpugraphs {

struct Predictor::Impl {
    RunInfo run;
    PredictOptions options;
    torch::Device device{torch::kCPU};
    FeatureNormalizer nodes, configs;
    std::shared_ptr<CostModelImpl> model;
    std::vector<std::string> notes;  // checkpoints passed over

    std::vector<float> score(const PreparedGraph& graph,
                             const std::vector<int64_t>& configs) const {
        ScoreOptions score;
        score.chunk = options.configChunk > 0 ? options.configChunk
                      : model->comparesConfigs() || graph.kind == GraphKind::Layout
                          ? run.options.configsPerGraph
                          : kIndependentScoreChunk;
        score.averages = options.testTimeAverages;
        score.seed = streamSeed(options.seed.value_or(run.options.seed), RandomStream::ScoreOrder);
        score.segmentNodes = run.options.segmentNodes;
        score.progress = options.configProgress;
        std::vector<float> scores = scoreConfigs(*model, graph, configs, device, score);
        for (float s : scores)
            if (!std::isfinite(s))
                throw RunError(run.runDir + ": the model gives non-finite scores on " +
                               (graph.path.empty() ? graph.name : graph.path) +
                               " (a diverged run? evaluate another checkpoint)");
        return scores;
    }
    GraphKind kind() const { return modelGraphKind(run.options.model); }
    void checkKind(GraphKind graphKind) const {
        if (graphKind != kind())
            throw RunError(run.runDir + ": the run's '" + modelTypeName(run.options.model) +
                           "' model cannot score a " + graphKindName(graphKind) + " graph");
    }
};

Predictor::Predictor(const std::string& runDir, const PredictOptions& options)
    : m_impl(std::make_unique<Impl>()) {
    Impl& d = *m_impl;
    d.run = loadRunInfo(runDir);
    d.options = options;
    d.device = parseTorchDevice(options.device);
    // The best checkpoint (or the last with --last); one that is missing or damaged gives way
    // to the one before it, with a note, never silently.
    const std::string best = runDir + "/best.pt", last = runDir + "/last.pt";
    std::vector<std::string> candidates = {last, previousVersionPath(last)};
    if (options.useBest) candidates.insert(candidates.begin(), {best, previousVersionPath(best)});
    std::string passedOver;  // why the checkpoints before the one used were not
    for (const std::string& path : candidates) {
        std::string why;
        if (!std::filesystem::exists(path)) {
            if (path != best) continue;
            why = best + ": not found";
        } else {
            try {
                loadFrom(path);
                if (!passedOver.empty())
                    d.notes.push_back(passedOver + "; predicting with " + path + " instead");
                return;
            } catch (const RunError& e) {
                why = e.what();
            }
        }
        passedOver += (passedOver.empty() ? "" : "; ") + why;
    }
    throw RunError(passedOver.empty() ? last + ": checkpoint not found"
                                      : passedOver + "; no other checkpoint of the run is usable");
}

void Predictor::loadFrom(const std::string& path) {
    Impl& d = *m_impl;
    const CheckpointMeta meta = readCheckpointMeta(path);
    try {
        d.nodes = FeatureNormalizer::fromJson(meta.nodeNormalizer);
        if (!meta.configNormalizer.empty())
            d.configs = FeatureNormalizer::fromJson(meta.configNormalizer);
    } catch (const std::runtime_error& e) {
        throw RunError(path + ": " + e.what());
    }
    d.model = makeCostModel(
        costModelOptions(d.run.options, d.nodes.outputColumns(), d.configs.outputColumns()));
    d.model->to(d.device);
    loadCheckpoint(path, modelTypeName(d.run.options.model), *d.model, nullptr, d.device);
    d.model->eval();
}

const std::vector<std::string>& Predictor::notes() const {
    return m_impl->notes;
}

Predictor::~Predictor() = default;

const RunInfo& Predictor::run() const {
    return m_impl->run;
}
GraphKind Predictor::kind() const {
    return m_impl->kind();
}

std::vector<float> Predictor::predict(const TileGraph& graph) const {
    m_impl->checkKind(GraphKind::Tile);
    PreparedGraph prepared =
        prepareTileGraph(TileGraph(graph), graph.name, prepareOptionsOf(m_impl->run.options));
    normalizeGraph(prepared, m_impl->nodes, &m_impl->configs);
    return m_impl->score(prepared, allConfigs(prepared).configs);
}

std::vector<float> Predictor::predict(const LayoutGraph& graph) const {
    m_impl->checkKind(GraphKind::Layout);
    PreparedGraph prepared =
        prepareLayoutGraph(LayoutGraph(graph), graph.name, prepareOptionsOf(m_impl->run.options));
    normalizeGraph(prepared, m_impl->nodes, nullptr);
    return m_impl->score(prepared, allConfigs(prepared).configs);
}

GraphPrediction Predictor::predictFile(const std::string& path, Collection collection) const {
    const Impl& d = *m_impl;
    PreparedGraph graph = loadGraphForModel(path, d.kind(), prepareOptionsOf(d.run.options),
                                            d.nodes, d.configs, false);
    GraphPrediction prediction;
    prediction.collection = collection;
    prediction.name = graph.name;
    prediction.path = path;
    ConfigSet set = allConfigs(graph);
    if (d.options.maxConfigs > 0 &&
        static_cast<int64_t>(set.configs.size()) > d.options.maxConfigs) {
        set = seededSubset(set, static_cast<size_t>(d.options.maxConfigs),
                           streamSeed(d.options.subsetSeed, RandomStream::EvaluationSubset,
                                      fingerprint(graph.name)));
        prediction.configs = set.configs;
    }
    prediction.scores = d.score(graph, set.configs);
    prediction.hasRuntimes = graph.hasRuntimes();
    if (prediction.hasRuntimes) {
        prediction.metrics = graphMetrics(graph.kind, prediction.scores, set.runtime);
        prediction.runtime = std::move(set.runtime);
    }
    return prediction;
}

namespace {

// The predictors of an ensemble's runs, which must share one collection; the checkpoints they
// passed over go to `notes`.
std::vector<std::unique_ptr<Predictor>> loadEnsemble(const std::vector<std::string>& runDirs,
                                                     const PredictOptions& options,
                                                     std::vector<std::string>* notes) {
    std::vector<std::unique_ptr<Predictor>> predictors;
    for (const std::string& dir : runDirs) {
        predictors.push_back(std::make_unique<Predictor>(dir, options));
        for (const std::string& note : predictors.back()->notes()) notes->push_back(note);
        const TrainOptions& first = predictors.front()->run().options;
        const TrainOptions& trained = predictors.back()->run().options;
        if (trained.collection != first.collection)
            throw RunError(dir + ": trained on " + collectionName(trained.collection) + ", but " +
                           runDirs.front() + " on " + collectionName(first.collection) +
                           ": an ensemble needs one collection");
    }
    return predictors;
}

// One graph's prediction by every run of the ensemble: with several runs, the mean of their
// normalised ranks and its metrics. `runIndex` follows the run scoring now (the split's config
// progress reads it); each run's own metrics go to (*runMetrics)[run].
GraphPrediction predictWithEnsemble(const std::vector<std::unique_ptr<Predictor>>& predictors,
                                    const std::string& path, Collection collection,
                                    size_t* runIndex,
                                    std::vector<std::vector<EvalMetrics>>* runMetrics) {
    *runIndex = 0;
    GraphPrediction prediction = predictors.front()->predictFile(path, collection);
    if (prediction.hasRuntimes) (*runMetrics)[0].push_back(prediction.metrics);
    if (predictors.size() == 1) return prediction;
    std::vector<std::vector<float>> scores{std::move(prediction.scores)};
    for (*runIndex = 1; *runIndex < predictors.size(); ++*runIndex) {
        GraphPrediction own = predictors[*runIndex]->predictFile(path, collection);
        if (own.hasRuntimes) (*runMetrics)[*runIndex].push_back(own.metrics);
        scores.push_back(std::move(own.scores));
    }
    prediction.scores = meanNormalizedRanks(scores);
    if (prediction.hasRuntimes)
        prediction.metrics =
            graphMetrics(predictors.front()->kind(), prediction.scores, prediction.runtime);
    return prediction;
}

}  // namespace

SplitPrediction predictSplit(const std::vector<std::string>& runDirs,
                             const std::string& datasetRoot, Split split,
                             const PredictOptions& options,
                             const std::function<void(size_t, size_t)>& progress,
                             const std::atomic<bool>* cancel) {
    if (runDirs.empty()) throw RunError("no run given to predict with");
    // Split-wide config progress: graph g's scoring fraction over the runs times its configs.
    int64_t configsBefore = 0, graphConfigs = 0, splitConfigs = 0;
    size_t runIndex = 0;
    PredictOptions perRun = options;
    if (options.splitConfigProgress)
        perRun.configProgress = [&](int64_t done, int64_t total) {
            const double runs = static_cast<double>(runDirs.size());
            const double fraction =
                (static_cast<double>(runIndex) +
                 static_cast<double>(done) / static_cast<double>(std::max<int64_t>(1, total))) /
                runs;
            options.splitConfigProgress(
                configsBefore + static_cast<int64_t>(fraction * static_cast<double>(graphConfigs)),
                splitConfigs);
        };
    SplitPrediction result;
    const std::vector<std::unique_ptr<Predictor>> predictors =
        loadEnsemble(runDirs, perRun, &result.notes);
    const TrainOptions& trained = predictors.front()->run().options;
    const Collection collection = options.collection.value_or(trained.collection);
    if (collectionKind(collection) != predictors.front()->kind())
        throw RunError(runDirs.front() + ": a model trained on " +
                       collectionName(trained.collection) + " cannot predict " +
                       collectionName(collection) + " graphs");
    const DatasetIndex index = scanDataset(datasetRoot.empty() ? trained.datasetRoot : datasetRoot);
    const auto entries = index.select(collection, split);
    const auto scored = [&](int64_t configs) {
        return options.maxConfigs > 0 ? std::min(configs, options.maxConfigs) : configs;
    };
    for (const GraphEntry* entry : entries) splitConfigs += scored(entry->configs);
    std::vector<EvalMetrics> withRuntimes;
    std::vector<std::vector<EvalMetrics>> runMetrics(predictors.size());
    for (size_t i = 0; i < entries.size(); ++i) {
        if (cancel && cancel->load()) {
            result.cancelled = true;
            break;
        }
        if (progress) progress(i, entries.size());
        if (!entries[i]->error.empty()) throw DataError(entries[i]->path, "", entries[i]->error);
        graphConfigs = scored(entries[i]->configs);
        GraphPrediction prediction =
            predictWithEnsemble(predictors, entries[i]->path, collection, &runIndex, &runMetrics);
        if (prediction.hasRuntimes) withRuntimes.push_back(prediction.metrics);
        result.graphs.push_back(std::move(prediction));
        configsBefore += graphConfigs;
    }
    if (progress && !result.cancelled) progress(entries.size(), entries.size());
    const GraphKind kind = collectionKind(collection);
    result.mean = meanMetrics(kind, withRuntimes);
    for (const std::vector<EvalMetrics>& run : runMetrics)
        result.runs.push_back(meanMetrics(kind, run));
    return result;
}

SplitPrediction predictSplit(const std::string& runDir, const std::string& datasetRoot, Split split,
                             const PredictOptions& options,
                             const std::function<void(size_t, size_t)>& progress,
                             const std::atomic<bool>* cancel) {
    return predictSplit(std::vector<std::string>{runDir}, datasetRoot, split, options, progress,
                        cancel);
}

}  // namespace tpugraphs
