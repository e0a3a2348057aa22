// Inference with a trained run.
#include "train/predictor.h"

#include <filesystem>

#include "data/data_error.h"
#include "model/checkpoint.h"
#include "model/config_scorer.h"
#include "model/cost_model.h"
#include "model/torch_device.h"
#include "train/graph_metrics.h"
#include "train/training_data.h"

namespace tpugraphs {

struct Predictor::Impl {
    RunInfo run;
    PredictOptions options;
    torch::Device device{torch::kCPU};
    FeatureNormalizer nodes, configs;
    std::shared_ptr<CostModelImpl> model;

    std::vector<float> score(const PreparedGraph& graph) const {
        ScoreOptions score;
        const int64_t k = run.options.configsPerGraph > 0
                              ? run.options.configsPerGraph
                              : defaultConfigsPerGraph(run.options.collection);
        score.chunk = options.configChunk > 0 ? options.configChunk
                      : model->comparesConfigs() || graph.kind == GraphKind::Layout
                          ? std::max<int64_t>(k, kMinScoreChunk)
                          : 1024;
        score.averages = options.testTimeAverages;
        score.seed = options.seed;
        return scoreConfigs(*model, graph, allConfigs(graph).configs, device, score);
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
    const std::string best = runDir + "/best.pt", last = runDir + "/last.pt";
    const std::string path = options.useBest && std::filesystem::exists(best) ? best : last;
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

Predictor::~Predictor() = default;

const RunInfo& Predictor::run() const {
    return m_impl->run;
}
GraphKind Predictor::kind() const {
    return m_impl->kind();
}

std::vector<float> Predictor::predict(const TileGraph& graph) const {
    m_impl->checkKind(GraphKind::Tile);
    PreparedGraph prepared = prepareTileGraph(TileGraph(graph), graph.name);
    normalizeGraph(prepared, m_impl->nodes, &m_impl->configs);
    return m_impl->score(prepared);
}

std::vector<float> Predictor::predict(const LayoutGraph& graph) const {
    m_impl->checkKind(GraphKind::Layout);
    PreparedGraph prepared =
        prepareLayoutGraph(LayoutGraph(graph), graph.name, m_impl->run.options.pruneLayout);
    normalizeGraph(prepared, m_impl->nodes, nullptr);
    return m_impl->score(prepared);
}

GraphPrediction Predictor::predictFile(const std::string& path, Collection collection) const {
    const Impl& d = *m_impl;
    PreparedGraph graph =
        loadGraphForModel(path, d.kind(), d.run.options.pruneLayout, d.nodes, d.configs, false);
    GraphPrediction prediction;
    prediction.collection = collection;
    prediction.name = graph.name;
    prediction.path = path;
    prediction.scores = d.score(graph);
    prediction.hasRuntimes = graph.hasRuntimes();
    if (prediction.hasRuntimes)
        prediction.metrics = graphMetrics(graph.kind, prediction.scores, graph.runtime);
    return prediction;
}

SplitPrediction predictSplit(const std::string& runDir, const std::string& datasetRoot, Split split,
                             const PredictOptions& options,
                             const std::function<void(size_t, size_t)>& progress,
                             const std::atomic<bool>* cancel) {
    Predictor predictor(runDir, options);
    const TrainOptions& trained = predictor.run().options;
    const DatasetIndex index = scanDataset(datasetRoot.empty() ? trained.datasetRoot : datasetRoot);
    const auto entries = index.select(trained.collection, split);
    SplitPrediction result;
    std::vector<EvalMetrics> withRuntimes;
    for (size_t i = 0; i < entries.size(); ++i) {
        if (cancel && cancel->load()) {
            result.cancelled = true;
            break;
        }
        if (progress) progress(i, entries.size());
        if (!entries[i]->error.empty()) throw DataError(entries[i]->path, "", entries[i]->error);
        result.graphs.push_back(predictor.predictFile(entries[i]->path, trained.collection));
        if (result.graphs.back().hasRuntimes) withRuntimes.push_back(result.graphs.back().metrics);
    }
    if (progress && !result.cancelled) progress(entries.size(), entries.size());
    result.mean = meanMetrics(withRuntimes);
    return result;
}

}  // namespace tpugraphs
