// Validation during a run.
#include "train/run_validation.h"

#include <cmath>

#include "metrics/eval_metrics.h"
#include "model/config_scorer.h"
#include "train/distributed/data_parallel.h"
#include "train/predictor.h"
#include "train/random_streams.h"
#include "train/training_failure.h"

namespace tpugraphs {

RunValidation::RunValidation(const TrainOptions& options, const TrainingData& data,
                             DataParallel* parallel, const std::atomic<bool>* stop)
    : m_options(options), m_data(data), m_parallel(parallel), m_stop(stop) {
    if (options.validConfigs <= 0) return;
    for (size_t i = 0; i < data.validation.size(); ++i)
        m_subsets.push_back(
            {data.validation[i].graph,
             seededSubset(data.validation[i].set, static_cast<size_t>(options.validConfigs),
                          streamSeed(options.seed, RandomStream::ValidationSubset, i))});
}

EvalMetrics RunValidation::run(CostModelImpl& model, const torch::Device& device, int64_t step,
                               bool final) {
    ScoreOptions score;
    score.chunk = model.comparesConfigs() || m_data.kind == GraphKind::Layout
                      ? m_options.configsPerGraph
                      : kIndependentScoreChunk;
    score.averages = kDefaultTestTimeAverages;
    score.seed = streamSeed(m_options.seed, RandomStream::ScoreOrder);
    score.segmentNodes = m_options.segmentNodes;
    const bool everyConfig = final && m_options.fullFinalValidation;
    const auto& items = everyConfig || m_subsets.empty() ? m_data.validation : m_subsets;
    const std::vector<bool> mine =
        m_parallel ? m_parallel->validationShare(items) : std::vector<bool>(items.size(), true);
    std::vector<EvalMetrics> perGraph(items.size());
    for (size_t i = 0; i < items.size(); ++i) {
        if (!mine[i]) continue;
        if (m_stop && m_stop->load()) break;
        const EvalItem& item = items[i];
        auto scores = scoreConfigs(model, *item.graph, item.set.configs, device, score);
        for (float s : scores)
            if (!std::isfinite(s))
                throw TrainingFailure("step " + std::to_string(step) +
                                      ": the model gives non-finite scores on " + item.graph->path);
        perGraph[i] = graphMetrics(m_data.kind, scores, item.set.runtime);
    }
    if (m_parallel) m_parallel->gatherMetrics(&perGraph, mine);
    return meanMetrics(m_data.kind, perGraph);
}

}  // namespace tpugraphs
