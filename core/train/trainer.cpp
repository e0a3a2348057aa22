// The training loop: data, model, optimiser, schedule, validation, checkpoints, resume, cancel.
#include "train/trainer.h"

#include <torch/types.h>
#include <torch/utils.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <random>
#include <stdexcept>

#include "model/caching_cpu_allocator.h"
#include "model/checkpoint.h"
#include "model/config_scorer.h"
#include "model/cost_model.h"
#include "model/flat_adam.h"
#include "model/graph_batch.h"
#include "model/ranking_loss.h"
#include "model/torch_device.h"
#include "train/distributed/data_parallel.h"
#include "train/graph_metrics.h"
#include "train/lr_schedule.h"
#include "train/predictor.h"
#include "train/run_files.h"
#include "train/run_lock.h"
#include "train/segment_training.h"
#include "train/step_budget.h"
#include "train/training_data.h"

namespace tpugraphs {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point since) {
    return std::chrono::duration<double>(Clock::now() - since).count();
}

constexpr double kHistoryWriteInterval = 2.0;  // seconds

// Weight decay applies to the weight matrices only, unless decayAllParameters: not to biases,
// LayerNorm weights, attention temperatures (1-D) nor embedding tables.
std::unique_ptr<FlatAdam> makeOptimizer(const TrainOptions& o, torch::nn::Module& model) {
    FlatAdamOptions options;
    options.learningRate = o.learningRate;
    options.weightDecay = o.weightDecay;
    options.decoupledWeightDecay = o.optimizer == OptimizerType::AdamW;
    std::vector<torch::Tensor> params;
    std::vector<bool> decay;
    for (const auto& named : model.named_parameters()) {
        params.push_back(named.value());
        decay.push_back(
            o.decayAllParameters ||
            (named.value().dim() >= 2 && named.key().find("embedding") == std::string::npos));
    }
    return std::make_unique<FlatAdam>(std::move(params), options, decay);
}

// A run that cannot go on (a non-finite loss or gradient): the message names the step.
class TrainingFailure : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

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

class TrainingSession {
public:
    TrainingSession(const TrainOptions& options, const ProgressCallback& progress,
                    const std::atomic<bool>* cancel, const DistributedLaunch& launch)
        : m_options(options),
          m_progress(progress),
          m_cancel(cancel),
          m_device(parseTorchDevice(launch.deviceFor(options.device))),
          m_parallel(launch.distributed() ? std::make_unique<DataParallel>(launch, cancel)
                                          : nullptr) {}

    TrainResult run();

private:
    void prepare();
    // The owner's side of prepare(): creates or reads the run directory; returns the
    // checkpoint to resume from ("" for a fresh run).
    std::string openRunDirectory(std::unique_ptr<FeatureNormalizer>* nodes,
                                 std::unique_ptr<FeatureNormalizer>* configs);
    TrainResult trainLoop();
    void trainStep(int64_t step, std::mt19937_64& rng, double* loss, int64_t* configs);
    // Graph Segment Training's stand-in scores: one segment's scores, no gradients or dropout.
    std::vector<float> scoreSegment(const BatchItem& item);
    // Periodic validations use the seeded config subsets (validConfigs); the final one all.
    EvalMetrics validate(bool final);
    void saveLast(RunStatus status);
    CheckpointMeta meta() const;
    void report(const TrainProgress& progress);
    // This process's stop request; in a process group, cancelled() is the ranks' agreement.
    bool stopAsked() const { return m_cancel && m_cancel->load(); }
    bool cancelled() const { return m_parallel ? m_parallel->stopAgreed() : stopAsked(); }
    // Rank 0 of a process group, or a process training alone: writes the run directory.
    bool owner() const { return !m_parallel || m_parallel->owner(); }

    TrainOptions m_options;
    ProgressCallback m_progress;
    const std::atomic<bool>* m_cancel;
    torch::Device m_device;
    std::unique_ptr<DataParallel> m_parallel;  // null when training alone
    TrainingData m_data;
    std::shared_ptr<CostModelImpl> m_model;
    std::unique_ptr<FlatAdam> m_optimizer;
    RunInfo m_info;
    std::unique_ptr<RunLock> m_lock;  // the owner's hold on the run directory while it trains
    std::vector<EvalItem> m_validationSubsets;  // validConfigs > 0: subsets of m_data.validation
    int64_t m_batchesPerEpoch = 1;
    int64_t m_configsPerGraph = 64;
    StepBudget m_budget;
    std::vector<int64_t> m_stepConfigs;           // per train graph: configs sampled per step
    std::unique_ptr<SegmentTraining> m_segments;  // segmentNodes > 0: graph segment training
    int m_sinceBest = 0;
    Clock::time_point m_start = Clock::now();
    Clock::time_point m_historyWritten = Clock::now();  // history.csv between checkpoints
};

CheckpointMeta TrainingSession::meta() const {
    CheckpointMeta meta;
    meta.formatVersion = kRunFormatVersion;
    meta.modelType = modelTypeName(m_options.model);
    meta.optionsJson = trainOptionsToJson(m_options);
    meta.nodeNormalizer = m_data.nodeNormalizer.toJson();
    meta.configNormalizer = m_data.kind == GraphKind::Tile ? m_data.configNormalizer.toJson() : "";
    meta.step = m_info.step;
    return meta;
}

void TrainingSession::report(const TrainProgress& progress) {
    if (progress.phase == TrainPhase::Training || progress.phase == TrainPhase::Validation)
        m_info.history.push_back(progress);
    if (m_progress) m_progress(progress);
}

std::string TrainingSession::openRunDirectory(std::unique_ptr<FeatureNormalizer>* nodes,
                                              std::unique_ptr<FeatureNormalizer>* configs) {
    const std::string& dir = m_options.runDir;
    std::string resumeFrom;
    if (m_options.resume) {
        m_lock = std::make_unique<RunLock>(dir);  // before anything is read or written
        RunInfo stored = loadRunInfo(dir);
        if (stored.options.model != m_options.model ||
            stored.options.collection != m_options.collection)
            throw RunError(dir + ": run holds a '" + modelTypeName(stored.options.model) +
                           "' model on '" + collectionName(stored.options.collection) +
                           "', cannot resume it as '" + modelTypeName(m_options.model) + "' on '" +
                           collectionName(m_options.collection) + "'");
        if (!stored.hasCheckpoint) throw RunError(dir + ": no last.pt checkpoint to resume from");
        resumeFrom = dir + "/last.pt";
        const CheckpointMeta stored_meta = readCheckpointMeta(resumeFrom);
        *nodes = std::make_unique<FeatureNormalizer>(
            FeatureNormalizer::fromJson(stored_meta.nodeNormalizer));
        if (!stored_meta.configNormalizer.empty())
            *configs = std::make_unique<FeatureNormalizer>(
                FeatureNormalizer::fromJson(stored_meta.configNormalizer));
        m_info = stored;
    } else {
        std::error_code error;
        if (fs::exists(dir) && !fs::is_empty(dir, error))
            throw RunError(
                dir + ": run directory exists and is not empty (resume it, or choose another)");
        fs::create_directories(dir, error);
        if (error) throw RunError(dir + ": cannot create run directory: " + error.message());
        m_lock = std::make_unique<RunLock>(dir);
        writeRunHeader(dir, m_options);
        m_info.runDir = dir;
        m_info.formatVersion = kRunFormatVersion;
    }
    return resumeFrom;
}

void TrainingSession::prepare() {
    if (m_options.runDir.empty()) throw std::invalid_argument("no run directory given");
    std::unique_ptr<FeatureNormalizer> nodes, configs;
    if (m_parallel) m_parallel->agreeOnOptions(&m_options);
    const std::string resumeFrom = owner() ? openRunDirectory(&nodes, &configs) : "";
    if (m_parallel) m_device = m_parallel->start(m_options, &nodes, &configs);
    m_info.options = m_options;

    TrainProgress loading;
    loading.phase = TrainPhase::Loading;
    m_data = loadTrainingData(
        m_options, nodes.get(), configs.get(),
        [&](const std::string& message, size_t done, size_t total) {
            loading.message =
                message + " (" + std::to_string(done) + "/" + std::to_string(total) + ")";
            report(loading);
        },
        m_cancel);
    if (m_data.train.empty()) {  // cancelled while loading
        if (m_parallel) m_parallel->failed(std::runtime_error("stopped while loading the data"));
        return;
    }
    if (m_parallel) m_parallel->checkSameData(m_data);
    m_configsPerGraph = configsPerStep(m_options);
    m_budget = stepBudgetOf(m_options);
    m_stepConfigs = stepConfigCounts(m_data, m_configsPerGraph, m_budget, &m_data.notes);
    if (m_options.segmentNodes > 0) {
        m_segments = std::make_unique<SegmentTraining>(m_data.train, m_options.segmentNodes);
        size_t most = 1;
        for (size_t i = 0; i < m_data.train.size(); ++i)
            most = std::max(most, m_segments->segmentCount(i));
        m_data.notes.push_back("--segment-nodes " + std::to_string(m_options.segmentNodes) + ": " +
                               std::to_string(m_segments->cutGraphs()) + " of " +
                               std::to_string(m_data.train.size()) +
                               " train graphs train by segments (up to " + std::to_string(most) +
                               " per graph, one per step)");
    }
    for (const std::string& note : m_data.notes) {
        loading.message = "note: " + note;
        report(loading);
    }
    if (m_options.validConfigs > 0)
        for (size_t i = 0; i < m_data.validation.size(); ++i)
            m_validationSubsets.push_back(
                {m_data.validation[i].graph,
                 seededSubset(m_data.validation[i].set, static_cast<size_t>(m_options.validConfigs),
                              m_options.seed * 7727 + i)});

    torch::manual_seed(m_options.seed);
    m_model = makeCostModel(costModelOptions(m_options, m_data.nodeNormalizer.outputColumns(),
                                             m_data.configNormalizer.outputColumns()));
    m_model->to(m_device);
    m_optimizer = makeOptimizer(m_options, *m_model);
    if (!resumeFrom.empty()) {
        m_info.step = loadCheckpoint(resumeFrom, modelTypeName(m_options.model), *m_model,
                                     m_optimizer.get(), m_device)
                          .step;
        // Drop history rows written after the checkpoint (e.g. of a crashed session).
        auto& h = m_info.history;
        h.erase(std::remove_if(h.begin(), h.end(),
                               [&](const TrainProgress& p) { return p.step > m_info.step; }),
                h.end());
    }
    if (m_parallel) m_parallel->broadcastState(*m_optimizer, &m_info);
    const int64_t batch = std::max(1, m_options.batchGraphs);
    m_batchesPerEpoch = (static_cast<int64_t>(m_data.train.size()) + batch - 1) / batch;
    m_info.totalSteps =
        m_options.steps > 0 ? m_options.steps : std::max(1, m_options.epochs) * m_batchesPerEpoch;
}

std::vector<float> TrainingSession::scoreSegment(const BatchItem& item) {
    torch::NoGradGuard noGrad;
    m_model->eval();
    const GraphBatch batch = buildGraphBatch({item});
    const torch::Tensor scores =
        m_model->forward(batch.model.to(m_device)).to(torch::kCPU).contiguous();
    m_model->train();
    const float* s = scores.data_ptr<float>();
    return std::vector<float>(s, s + item.configs.size());
}

void TrainingSession::trainStep(int64_t step, std::mt19937_64& rng, double* loss,
                                int64_t* configs) {
    const int64_t epoch = step / m_batchesPerEpoch;
    const int64_t position = step % m_batchesPerEpoch;
    std::vector<size_t> order(m_data.train.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::mt19937_64 epochRng(m_options.seed * 7919 + static_cast<uint64_t>(epoch));
    std::shuffle(order.begin(), order.end(), epochRng);
    const size_t batch = static_cast<size_t>(std::max(1, m_options.batchGraphs));
    std::vector<BatchItem> items;
    for (size_t i = position * batch; i < std::min(order.size(), (position + 1) * batch); ++i)
        items.push_back(sampleItem(m_data.train[order[i]], m_data.trainSets[order[i]],
                                   m_stepConfigs[order[i]], rng));

    for (const BatchItem& item : items) *configs += static_cast<int64_t>(item.configs.size());

    m_model->train();
    // Dropout masks depend on the seed, the step and the rank alone: a resumed run draws the
    // masks the uninterrupted run would have drawn, and ranks draw different ones.
    const uint64_t rank = m_parallel ? static_cast<uint64_t>(m_parallel->rank()) : 0;
    torch::manual_seed(m_options.seed * 2654435761ULL + static_cast<uint64_t>(step) * 4099 + rank);
    m_optimizer->zeroGrad();
    // Each micro-batch (and in a process group each rank's share) backpropagates its loss
    // terms over the count of the whole batch's, which depends on targets and masks alone, and
    // the gradients add up (over the ranks: summed) to the step of the whole batch.
    // An empty share: a rank in the last, short batch of an epoch.
    const std::vector<BatchItem> mine = m_parallel ? m_parallel->share(items) : items;
    const RankingLossOptions lossOptions{m_options.loss, m_options.margin};
    torch::Tensor count = torch::zeros({}, torch::kLong);
    if (!mine.empty()) {
        const BatchTargets targets = buildBatchTargets(mine);
        count = rankingLossCount(targets.target, targets.mask, lossOptions);
    }
    if (m_parallel) count = m_parallel->batchCount(count, step + 1);
    count = count.clamp_min(1).to(m_device);
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
        auto scores = m_model->forward(graphBatch.model.to(m_device));
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
    if (m_parallel) lossValue = m_parallel->sumGradients(*m_optimizer, lossValue, step + 1);
    if (!std::isfinite(lossValue))
        throw TrainingFailure("step " + std::to_string(step + 1) + ": the training loss is " +
                              std::to_string(lossValue) +
                              " (diverged: lower the learning rate, or resume from the last "
                              "checkpoint); the weights were not updated");
    m_optimizer->setLearningRate(scheduledLearningRate(m_options.schedule, m_options.learningRate,
                                                       step, m_info.totalSteps,
                                                       m_options.warmupFraction));
    if (m_options.gradClip > 0) {
        const double norm = m_optimizer->clipGradNorm(m_options.gradClip);
        if (!std::isfinite(norm))
            throw TrainingFailure("step " + std::to_string(step + 1) + ": the gradient norm is " +
                                  std::to_string(norm) + "; the weights were not updated");
    }
    m_optimizer->step();
    *loss += lossValue;
}

EvalMetrics TrainingSession::validate(bool final) {
    ScoreOptions score;
    score.chunk = m_model->comparesConfigs() || m_data.kind == GraphKind::Layout
                      ? m_configsPerGraph
                      : kIndependentScoreChunk;
    score.averages = kDefaultTestTimeAverages;
    score.seed = m_options.seed;
    score.segmentNodes = m_options.segmentNodes;
    const auto& items =
        final || m_validationSubsets.empty() ? m_data.validation : m_validationSubsets;
    const std::vector<bool> mine =
        m_parallel ? m_parallel->validationShare(items) : std::vector<bool>(items.size(), true);
    std::vector<EvalMetrics> perGraph(items.size());
    for (size_t i = 0; i < items.size(); ++i) {
        if (!mine[i]) continue;
        if (stopAsked()) break;
        const EvalItem& item = items[i];
        auto scores = scoreConfigs(*m_model, *item.graph, item.set.configs, m_device, score);
        for (float s : scores)
            if (!std::isfinite(s))
                throw TrainingFailure("step " + std::to_string(m_info.step) +
                                      ": the model gives non-finite scores on " + item.graph->path);
        perGraph[i] = graphMetrics(m_data.kind, scores, item.set.runtime);
    }
    if (m_parallel) m_parallel->gatherMetrics(&perGraph, mine);
    return meanMetrics(perGraph);
}

void TrainingSession::saveLast(RunStatus status) {
    if (!owner()) return;
    saveCheckpoint(m_info.runDir + "/last.pt", meta(), *m_model, m_optimizer.get());
    m_info.hasCheckpoint = true;
    m_info.status = status;
    writeRunState(m_info);
}

TrainResult TrainingSession::run() {
    try {
        return trainLoop();
    } catch (const std::exception& e) {
        if (m_parallel) m_parallel->failed(e);
        // The state says failed (with the reason) instead of running; last.pt is left as the
        // last good checkpoint, so a resume can continue from there.
        if (owner() && !m_info.runDir.empty()) {
            m_info.status = RunStatus::Failed;
            m_info.failure = e.what();
            try {
                writeRunState(m_info);
            } catch (const std::exception&) {
                // the original error is the one to report
            }
        }
        throw;
    }
}

TrainResult TrainingSession::trainLoop() {
    prepare();
    TrainResult result;
    result.runDir = m_options.runDir;
    if (!m_model) {
        result.status = RunStatus::Cancelled;
        return result;
    }
    const int64_t validationInterval =
        m_options.validationInterval > 0 ? m_options.validationInterval : m_batchesPerEpoch;
    const int64_t logInterval = std::max(1, m_options.logInterval);
    const int64_t firstStep = m_info.step;
    RunStatus status = RunStatus::Completed;
    double lossSum = 0, trainSeconds = 0;
    int64_t configs = 0, graphs = 0, sinceReport = 0;
    double windowSeconds = 0;
    saveLast(RunStatus::Running);
    for (int64_t step = firstStep; step < m_info.totalSteps; ++step) {
        if (cancelled()) {
            status = RunStatus::Cancelled;
            break;
        }
        std::mt19937_64 rng(m_options.seed * 1000003 + static_cast<uint64_t>(step));
        const auto stepStart = Clock::now();
        trainStep(step, rng, &lossSum, &configs);
        if (m_parallel)
            m_parallel->checkWeights(*m_optimizer, step + 1, step + 1 == m_info.totalSteps);
        const double stepSeconds = seconds(stepStart);
        trainSeconds += stepSeconds;
        windowSeconds += stepSeconds;
        graphs +=
            std::min<int64_t>(m_options.batchGraphs, static_cast<int64_t>(m_data.train.size()));
        ++sinceReport;
        m_info.step = step + 1;

        TrainProgress p;
        p.step = m_info.step;
        p.totalSteps = m_info.totalSteps;
        p.epoch = static_cast<int>(step / m_batchesPerEpoch);
        p.lr = scheduledLearningRate(m_options.schedule, m_options.learningRate, step,
                                     m_info.totalSteps, m_options.warmupFraction);
        p.elapsedSeconds = seconds(m_start);
        p.etaSeconds = trainSeconds / static_cast<double>(m_info.step - firstStep) *
                       static_cast<double>(m_info.totalSteps - m_info.step);
        const bool last = m_info.step == m_info.totalSteps;
        if (m_info.step % logInterval == 0 || last) {
            const double window = std::max(1e-9, windowSeconds);
            p.loss = lossSum / static_cast<double>(sinceReport);
            p.configsPerSecond = static_cast<double>(configs) / window;
            p.graphsPerSecond = static_cast<double>(graphs) / window;
            report(p);
            // At most every few seconds, so that followers of the run directory see the curves.
            if (owner() && seconds(m_historyWritten) >= kHistoryWriteInterval) {
                writeRunHistory(m_info);
                m_historyWritten = Clock::now();
            }
            lossSum = 0;
            configs = graphs = sinceReport = 0;
            windowSeconds = 0;
        }
        if ((m_info.step % validationInterval == 0 || last) && !m_data.validation.empty()) {
            p.phase = TrainPhase::Validation;
            p.isValidation = true;
            p.validation = validate(last);
            if (cancelled()) {
                status = RunStatus::Cancelled;
                break;
            }
            const double score = p.validation.primary();
            p.bestSoFar = m_info.bestStep < 0 || score > m_info.best.primary();
            result.last = p.validation;
            if (p.bestSoFar) {
                m_info.best = p.validation;
                m_info.bestStep = m_info.step;
                if (owner()) saveCheckpoint(m_info.runDir + "/best.pt", meta(), *m_model, nullptr);
                m_info.hasBestCheckpoint = true;
                m_sinceBest = 0;
            } else {
                ++m_sinceBest;
            }
            report(p);
            saveLast(RunStatus::Running);
            if (m_options.earlyStoppingPatience > 0 &&
                m_sinceBest >= m_options.earlyStoppingPatience) {
                status = RunStatus::EarlyStopped;
                break;
            }
        }
    }
    saveLast(status);
    TrainProgress done;
    done.phase = TrainPhase::Finished;
    done.step = m_info.step;
    done.totalSteps = m_info.totalSteps;
    done.elapsedSeconds = seconds(m_start);
    done.validation = m_info.best;
    done.message = runStatusName(status);
    report(done);
    result.status = status;
    result.steps = m_info.step;
    result.bestStep = m_info.bestStep;
    result.best = m_info.best;
    result.seconds = seconds(m_start);
    if (m_parallel) {
        result.collectiveBytesPerStep = m_parallel->bytesPerStep();
        result.collectiveSecondsPerStep = m_parallel->secondsPerStep();
    }
    return result;
}

}  // namespace

TrainResult train(const TrainOptions& options, const ProgressCallback& progress,
                  const std::atomic<bool>* cancel, const DistributedLaunch& launch) {
    checkTrainOptions(options);
    // Declared first, so it runs after the session has freed the run's tensors: the blocks the
    // caching allocator kept and glibc's free pages go back to the system, and a program that
    // trained (the desktop app) does not hold a run's working memory while idle.
    struct ReleaseCachedMemory {
        ~ReleaseCachedMemory() { returnFreeCpuMemory(); }
    } release;
    TrainingSession session(options, progress, cancel, launch);
    return session.run();
}

}  // namespace tpugraphs
