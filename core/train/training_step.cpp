// One optimiser step of a run.
#include "train/training_step.h"

#include <algorithm>
#include <cmath>

#include "model/caching_cpu_allocator.h"
#include "model/flat_adam.h"
#include "model/ranking_loss.h"
#include "train/distributed/data_parallel.h"
#include "train/lr_schedule.h"
#include "train/random_streams.h"
#include "train/training_failure.h"

namespace tpugraphs {

namespace {

// Picks min(K, n) configs of a set without replacement (all of them when n <= K).
BatchItem sampleItem(const PreparedGraph& graph, const ConfigSet& set, int64_t k,
                     std::mt19937_64& rng) {
    BatchItem item;
    item.graph = &graph;
    const size_t n = set.configs.size();
    std::vector<size_t> order(n);
    for (size_t i = 0; i < n; ++i) order[i] = i;
    const size_t take = std::min(n, static_cast<size_t>(k));
    for (size_t i = 0; i < take; ++i) {
        std::uniform_int_distribution<size_t> pick(i, n - 1);
        std::swap(order[i], order[pick(rng)]);
        item.configs.push_back(set.configs[order[i]]);
        item.runtime.push_back(set.runtime[order[i]]);
    }
    return item;
}

// The step's items in micro-batches within the budget, as index groups (one group of all
// without a budget). A segment-trained item counts its segment's rows.
std::vector<std::vector<size_t>> microBatchesOf(const std::vector<BatchItem>& items,
                                                const StepBudget& budget) {
    std::vector<GraphStepShape> shapes;
    for (const BatchItem& item : items)
        shapes.push_back(
            {item.rows.size(item.graph->nodes), static_cast<int64_t>(item.configs.size())});
    return microBatches(shapes, budget);
}

std::string failureAt(int64_t step, const std::string& what) {
    return "step " + std::to_string(step + 1) + ": " + what;
}

}  // namespace

TrainingStep::TrainingStep(const TrainOptions& options, const TrainingData& data,
                           CostModelImpl& model, FlatAdam& optimizer, const torch::Device& device,
                           DataParallel* parallel)
    : m_options(options),
      m_data(data),
      m_model(model),
      m_optimizer(optimizer),
      m_device(device),
      m_parallel(parallel),
      m_budget(stepBudgetOf(options)) {
    const int64_t batch = std::max(1, options.batchGraphs);
    m_batchesPerEpoch = (static_cast<int64_t>(data.train.size()) + batch - 1) / batch;
    m_stepConfigs = stepConfigCounts(data, options.configsPerGraph, m_budget, &m_notes);
    if (options.segmentNodes <= 0) return;
    m_segments = std::make_unique<SegmentTraining>(data.train, options.segmentNodes);
    size_t most = 1;
    for (size_t i = 0; i < data.train.size(); ++i)
        most = std::max(most, m_segments->segmentCount(i));
    m_notes.push_back("--segment-nodes " + std::to_string(options.segmentNodes) + ": " +
                      std::to_string(m_segments->cutGraphs()) + " of " +
                      std::to_string(data.train.size()) +
                      " train graphs train by segments (up to " + std::to_string(most) +
                      " per graph, one per step)");
}

TrainingStep::~TrainingStep() = default;

std::vector<BatchItem> TrainingStep::stepItems(int64_t step, std::mt19937_64& rng) const {
    const int64_t epoch = step / m_batchesPerEpoch;
    const int64_t position = step % m_batchesPerEpoch;
    std::vector<size_t> order(m_data.train.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::mt19937_64 epochRng(
        streamSeed(m_options.seed, RandomStream::EpochOrder, static_cast<uint64_t>(epoch)));
    std::shuffle(order.begin(), order.end(), epochRng);
    const size_t batch = static_cast<size_t>(std::max(1, m_options.batchGraphs));
    std::vector<BatchItem> items;
    for (size_t i = position * batch; i < std::min(order.size(), (position + 1) * batch); ++i)
        items.push_back(sampleItem(m_data.train[order[i]], m_data.trainSets[order[i]],
                                   m_stepConfigs[order[i]], rng));
    return items;
}

std::vector<float> TrainingStep::scoreSegment(const BatchItem& item) {
    torch::NoGradGuard noGrad;
    m_model.eval();
    const GraphBatch batch = buildGraphBatch({item});
    const torch::Tensor scores =
        m_model.forward(batch.model.to(m_device)).to(torch::kCPU).contiguous();
    m_model.train();
    const float* s = scores.data_ptr<float>();
    return std::vector<float>(s, s + item.configs.size());
}

torch::Tensor TrainingStep::stepTermCount(const std::vector<BatchItem>& items) const {
    // Depends on targets and masks alone, so every rank computes it from the whole step.
    const BatchTargets targets = buildBatchTargets(items);
    const RankingLossOptions lossOptions{m_options.loss, m_options.margin};
    return rankingLossCount(targets.target, targets.mask, lossOptions).clamp_min(1).to(m_device);
}

double TrainingStep::forwardBackward(const std::vector<BatchItem>& mine, const torch::Tensor& count,
                                     std::mt19937_64& rng) {
    // `mine` may be empty: a rank's share of the last, short batch of an epoch.
    const RankingLossOptions lossOptions{m_options.loss, m_options.margin};
    double lossValue = 0;
    SegmentStep segmentStep;
    if (m_segments && !mine.empty())
        segmentStep = m_segments->begin(
            mine, rng, [this](const BatchItem& item) { return scoreSegment(item); });
    const std::vector<BatchItem>& stepItems = m_segments ? segmentStep.items : mine;
    const std::vector<std::vector<size_t>> micros = microBatchesOf(stepItems, m_budget);
    for (const std::vector<size_t>& group : micros) {
        std::vector<BatchItem> micro;
        for (size_t i : group) micro.push_back(stepItems[i]);
        auto graphBatch = buildGraphBatch(micro);
        auto scores = m_model.forward(graphBatch.model.to(m_device));
        if (m_segments) {
            const torch::Tensor fresh = scores.detach().to(torch::kCPU).contiguous();
            const int64_t k = fresh.size(1);
            for (size_t g = 0; g < group.size(); ++g)
                m_segments->remember(segmentStep, group[g],
                                     fresh.data_ptr<float>() + static_cast<int64_t>(g) * k);
            std::vector<float> stale = segmentStep.staleSlots(group, k);
            scores =
                scores +
                torch::from_blob(stale.data(), fresh.sizes(), torch::kFloat).clone().to(m_device);
        }
        auto value = rankingLossTerms(scores, graphBatch.target.to(m_device),
                                      graphBatch.mask.to(m_device), lossOptions)
                         .sum /
                     count;
        value.backward();
        lossValue += value.item<double>();
        // The CPU cache's blocks freed by one micro-batch rarely fit the next one's shapes and
        // would come on top of the budget (4 graphs at 512 MiB: 1,454 MiB peak, 960 released).
        if (micros.size() > 1) releaseCachedCpuMemory();
    }
    return lossValue;
}

double TrainingStep::run(int64_t step, int64_t totalSteps, int64_t* configs) {
    std::mt19937_64 rng(
        streamSeed(m_options.seed, RandomStream::StepSampling, static_cast<uint64_t>(step)));
    const std::vector<BatchItem> items = stepItems(step, rng);
    for (const BatchItem& item : items) *configs += static_cast<int64_t>(item.configs.size());

    m_model.train();
    // Dropout masks depend on the seed, the step and the rank alone: a resumed run draws the
    // masks the uninterrupted run would have drawn, and ranks draw different ones.
    const uint64_t rank = m_parallel ? static_cast<uint64_t>(m_parallel->rank()) : 0;
    torch::manual_seed(
        streamSeed(m_options.seed, RandomStream::Dropout, static_cast<uint64_t>(step), rank));
    m_optimizer.zeroGrad();
    const torch::Tensor count = stepTermCount(items);
    if (m_parallel) m_parallel->beginStep(step + 1);
    const std::vector<BatchItem> mine = m_parallel ? m_parallel->share(items) : items;
    double loss = forwardBackward(mine, count, rng);
    if (m_parallel) loss = m_parallel->sumGradients(m_optimizer, loss, step + 1);
    if (!std::isfinite(loss))
        throw TrainingFailure(failureAt(step, "the training loss is " + std::to_string(loss) +
                                                  " (diverged: lower the learning rate, or "
                                                  "resume from the last checkpoint); the "
                                                  "weights were not updated"));
    m_optimizer.setLearningRate(scheduledLearningRate(m_options.schedule, m_options.learningRate,
                                                      step, totalSteps, m_options.warmupFraction));
    if (m_options.gradClip > 0) {
        const double norm = m_optimizer.clipGradNorm(m_options.gradClip);
        if (!std::isfinite(norm))
            throw TrainingFailure(failureAt(step, "the gradient norm is " + std::to_string(norm) +
                                                      "; the weights were not updated"));
    }
    m_optimizer.step();
    return loss;
}

}  // namespace tpugraphs
