// The training run: opens the run directory, loads the data, builds the model and optimiser,
// then loops over the steps with reports, validations and checkpoints, until the end, a stop or
// early stopping. The pieces: RunRecorder (run files), loadTrainingData (data), TrainingStep
// (the step), RunValidation (validation), RunCheckpoints (checkpoints).
#include "train/trainer.h"

#include <torch/types.h>
#include <torch/utils.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <stdexcept>

#include "base/number_text.h"
#include "model/caching_cpu_allocator.h"
#include "model/cost_model.h"
#include "model/flat_adam.h"
#include "model/torch_device.h"
#include "prepare/prepared_loader.h"
#include "train/component_options.h"
#include "train/distributed/data_parallel.h"
#include "train/lr_schedule.h"
#include "train/random_streams.h"
#include "train/run_checkpoints.h"
#include "train/run_recorder.h"
#include "train/run_validation.h"
#include "train/time_limit.h"
#include "train/training_failure.h"
#include "train/training_step.h"

namespace tpugraphs {

using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point since) {
    return std::chrono::duration<double>(Clock::now() - since).count();
}

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

// A loss that grows by orders of magnitude over the first step's (the untrained model's, or the
// resumed one's) is a diverged run (a learning rate far too high): it fails naming the step
// instead of running on to a useless end.
class DivergenceWatch {
public:
    static constexpr double kFactor = 1000;

    void firstStep(double loss) {
        if (m_first < 0) m_first = std::max(loss, 1e-6);
    }
    // `loss`: the mean training loss of the report ending at `step`.
    void check(double loss, int64_t step) const {
        if (m_first < 0 || loss <= kFactor * m_first) return;
        char text[160];
        std::snprintf(text, sizeof text, "the training loss grew from %.4g to %.4g", m_first, loss);
        throw TrainingFailure("step " + std::to_string(step) + ": " + text +
                              " (diverged: lower the learning rate, or resume from the last "
                              "checkpoint)");
    }

private:
    double m_first = -1;
};

// Training reports between two logs: losses, configs and time summed.
struct ReportWindow {
    double loss = 0, seconds = 0;
    int64_t configs = 0, graphs = 0, steps = 0;
};

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
    // Marks the run failed with the reason `e` gives; throws RunError when even that fails.
    void recordFailure(const std::exception& e);
    // Run directory, data, model and optimiser; false when stopped while loading.
    bool prepare();
    void loadData(const StoredNormalizers& stored);
    void buildModel();
    TrainResult trainLoop();
    void fitToTimeLimit(SessionTiming* timing, int64_t firstStep, Clock::time_point loopStart);
    // Reports the training window of `step` (every logInterval steps and at the last).
    void reportTraining(int64_t step, int64_t firstStep, ReportWindow* window, double trainSeconds);
    // Validates after `step`; false when the run is to stop (a cancel or early stopping).
    bool validate(int64_t step, RunStatus* status, TrainResult* result);
    TrainResult finish(RunStatus status, TrainResult result);
    void report(const TrainProgress& progress);
    // This process's stop request; in a process group, cancelled() is the ranks' agreement.
    bool cancelled() const {
        return m_parallel ? m_parallel->stopAgreed() : m_cancel && m_cancel->load();
    }
    // Rank 0 of a process group, or a process training alone: writes the run directory.
    bool owner() const { return !m_parallel || m_parallel->owner(); }
    RunInfo& info() { return m_recorder->info(); }

    TrainOptions m_options;
    ProgressCallback m_progress;
    const std::atomic<bool>* m_cancel;
    torch::Device m_device;
    std::unique_ptr<DataParallel> m_parallel;  // null when training alone
    std::unique_ptr<RunRecorder> m_recorder;
    TrainingData m_data;
    std::shared_ptr<CostModelImpl> m_model;
    std::unique_ptr<FlatAdam> m_optimizer;
    std::unique_ptr<RunCheckpoints> m_checkpoints;
    std::unique_ptr<TrainingStep> m_step;
    std::unique_ptr<RunValidation> m_validation;
    std::string m_resumeFrom;          // the checkpoint a resume starts from ("" = step 0)
    std::vector<std::string> m_notes;  // on the run itself (a checkpoint passed over)
    DivergenceWatch m_divergence;
    int m_sinceBest = 0;
    bool m_timeLimitSaid = false;  // the note on a length cut by the time limit
    int64_t m_plannedSteps = 0;    // the length before the time limit fitted it
    Clock::time_point m_start = Clock::now();
};

void TrainingSession::report(const TrainProgress& progress) {
    if (progress.phase == TrainPhase::Training || progress.phase == TrainPhase::Validation)
        m_recorder->record(progress);
    if (m_progress) m_progress(progress);
}

void TrainingSession::loadData(const StoredNormalizers& stored) {
    TrainProgress loading;
    loading.phase = TrainPhase::Loading;
    m_data = loadTrainingData(
        m_options, stored.nodes.get(), stored.configs.get(),
        [&](const std::string& message, size_t done, size_t total) {
            loading.message =
                message + " (" + std::to_string(done) + "/" + std::to_string(total) + ")";
            report(loading);
        },
        m_cancel);
}

void TrainingSession::buildModel() {
    torch::manual_seed(streamSeed(m_options.seed, RandomStream::ModelInit));
    try {
        m_model = makeCostModel(costModelOptions(m_options, m_data.nodeNormalizer.outputColumns(),
                                                 m_data.configNormalizer.outputColumns()));
        m_model->to(m_device);
        m_optimizer = makeOptimizer(m_options, *m_model);
    } catch (const std::bad_alloc&) {
        throw RunError("the model of --hidden-dim " + std::to_string(m_options.hiddenDim) +
                       ", --layers " + std::to_string(m_options.layers) +
                       " needs more memory than could be allocated: choose smaller ones");
    }
    m_checkpoints = std::make_unique<RunCheckpoints>(*m_recorder, m_options, m_data);
    if (!m_resumeFrom.empty())
        m_checkpoints->restore(m_resumeFrom, *m_model, *m_optimizer, m_device);
}

bool TrainingSession::prepare() {
    if (m_parallel) m_parallel->agreeOnOptions(&m_options);
    m_recorder = std::make_unique<RunRecorder>(m_options, owner());
    StoredNormalizers stored;
    if (owner() && m_options.resume) {
        m_resumeFrom = usableCheckpoint(m_options.runDir, &m_notes);
        if (m_resumeFrom.empty())
            m_recorder->restartFromScratch();
        else
            stored = readStoredNormalizers(m_resumeFrom);
    }
    if (m_parallel) m_device = m_parallel->start(m_options, &stored.nodes, &stored.configs);
    info().options = m_options;
    loadData(stored);
    if (m_data.train.empty()) {  // cancelled while loading
        if (m_parallel) m_parallel->failed(std::runtime_error("stopped while loading the data"));
        return false;
    }
    if (m_parallel) m_parallel->checkSameData(m_data);
    buildModel();
    m_step = std::make_unique<TrainingStep>(m_options, m_data, *m_model, *m_optimizer, m_device,
                                            m_parallel.get());
    m_validation = std::make_unique<RunValidation>(m_options, m_data, m_parallel.get(), m_cancel);
    TrainProgress note;
    note.phase = TrainPhase::Loading;
    using Notes = const std::vector<std::string>*;
    for (Notes notes : {Notes(&m_notes), Notes(&m_data.notes), Notes(&m_step->notes())})
        for (const std::string& line : *notes) {
            note.message = line;
            note.note =
                line.rfind(kPreparedCacheNote, 0) == 0 ? TrainNote::Routine : TrainNote::Advice;
            report(note);
        }
    if (m_parallel && m_options.timeLimitMinutes > 0)
        throw std::invalid_argument(
            "--time-limit-minutes applies to a run trained alone, not to a data-parallel run "
            "(its ranks must agree on the length)");
    if (m_parallel) m_parallel->broadcastState(*m_optimizer, &info());
    info().totalSteps = m_options.steps > 0
                            ? m_options.steps
                            : std::max(1, m_options.epochs) * m_step->batchesPerEpoch();
    return true;
}

TrainResult TrainingSession::run() {
    try {
        return trainLoop();
    } catch (const c10::Error& e) {
        // LibTorch's own message without its C++ backtrace: state.json and the user get the
        // line that says what went wrong.
        const RunError plain(e.what_without_backtrace());
        recordFailure(plain);
        throw plain;
    } catch (const std::exception& e) {
        recordFailure(e);
        throw;
    }
}

void TrainingSession::recordFailure(const std::exception& e) {
    if (m_parallel) m_parallel->failed(e);
    // The state says failed (with the reason) instead of running; last.pt is left as the last
    // good checkpoint, so a resume can continue from there.
    const std::string unsaid = m_recorder ? m_recorder->markFailed(e.what()) : "";
    if (!unsaid.empty())
        throw RunError(std::string(e.what()) + "; the run's state could not say so either (" +
                       unsaid + "): resume it from its last checkpoint");
}

void TrainingSession::reportTraining(int64_t step, int64_t firstStep, ReportWindow* window,
                                     double trainSeconds) {
    const int64_t done = step + 1;
    const bool last = done == info().totalSteps;
    if (done % std::max(1, m_options.logInterval) != 0 && !last) return;
    TrainProgress p;
    p.step = done;
    p.totalSteps = info().totalSteps;
    p.epoch = static_cast<int>(step / m_step->batchesPerEpoch());
    p.lr = scheduledLearningRate(m_options.schedule, m_options.learningRate, step,
                                 info().totalSteps, m_options.warmupFraction);
    p.elapsedSeconds = seconds(m_start);
    p.etaSeconds = trainSeconds / static_cast<double>(done - firstStep) *
                   static_cast<double>(info().totalSteps - done);
    const double span = std::max(1e-9, window->seconds);
    p.loss = window->loss / static_cast<double>(window->steps);
    m_divergence.check(p.loss, done);
    p.configsPerSecond = static_cast<double>(window->configs) / span;
    p.graphsPerSecond = static_cast<double>(window->graphs) / span;
    report(p);
    *window = ReportWindow{};
}

bool TrainingSession::validate(int64_t step, RunStatus* status, TrainResult* result) {
    TrainProgress p;
    p.phase = TrainPhase::Validation;
    p.step = step + 1;
    p.totalSteps = info().totalSteps;
    p.epoch = static_cast<int>(step / m_step->batchesPerEpoch());
    p.lr = scheduledLearningRate(m_options.schedule, m_options.learningRate, step,
                                 info().totalSteps, m_options.warmupFraction);
    p.isValidation = true;
    p.validation = m_validation->run(*m_model, m_device, info().step, p.step == info().totalSteps);
    p.elapsedSeconds = seconds(m_start);  // when it ended: the history shows what it cost
    if (cancelled()) {
        *status = RunStatus::Cancelled;
        return false;
    }
    p.bestSoFar = info().bestStep < 0 || p.validation.primary() > info().best.primary();
    result->last = p.validation;
    if (p.bestSoFar) {
        info().best = p.validation;
        info().bestStep = info().step;
        m_checkpoints->saveBest(*m_model);
        m_sinceBest = 0;
    } else {
        ++m_sinceBest;
    }
    report(p);
    m_checkpoints->saveLast(*m_model, *m_optimizer, RunStatus::Running);
    if (m_options.earlyStoppingPatience > 0 && m_sinceBest >= m_options.earlyStoppingPatience) {
        *status = RunStatus::EarlyStopped;
        return false;
    }
    return true;
}

TrainResult TrainingSession::trainLoop() {
    TrainResult result;
    result.runDir = m_options.runDir;
    if (!prepare()) {
        result.status = RunStatus::Cancelled;
        return result;
    }
    const int64_t validationInterval =
        m_options.validationInterval > 0 ? m_options.validationInterval : m_step->batchesPerEpoch();
    const int64_t firstStep = info().step;
    RunStatus status = RunStatus::Completed;
    ReportWindow window;
    double trainSeconds = 0;
    const auto firstSave = Clock::now();
    m_checkpoints->saveLast(*m_model, *m_optimizer, RunStatus::Running);
    SessionTiming timing;
    timing.limitSeconds = m_options.timeLimitMinutes * 60;
    timing.endSeconds = seconds(firstSave);
    const auto loopStart = Clock::now();
    for (int64_t step = firstStep; step < info().totalSteps; ++step) {
        if (cancelled()) {
            status = RunStatus::Cancelled;
            break;
        }
        const auto stepStart = Clock::now();
        const double loss = m_step->run(step, info().totalSteps, &window.configs);
        m_divergence.firstStep(loss);
        window.loss += loss;
        if (m_parallel)
            m_parallel->checkWeights(*m_optimizer, step + 1, step + 1 == info().totalSteps);
        const double stepSeconds = seconds(stepStart);
        trainSeconds += stepSeconds;
        window.seconds += stepSeconds;
        window.graphs +=
            std::min<int64_t>(m_options.batchGraphs, static_cast<int64_t>(m_data.train.size()));
        ++window.steps;
        info().step = step + 1;
        fitToTimeLimit(&timing, firstStep, loopStart);
        reportTraining(step, firstStep, &window, trainSeconds);
        const bool last = info().step == info().totalSteps;
        if ((info().step % validationInterval == 0 || last) && !m_validation->empty() &&
            !validate(step, &status, &result))
            break;
    }
    return finish(status, result);
}

// With a time limit, the run's length is cut (once said in a note) to the steps that fit.
void TrainingSession::fitToTimeLimit(SessionTiming* timing, int64_t firstStep,
                                     Clock::time_point loopStart) {
    if (timing->limitSeconds <= 0) return;
    timing->elapsedSeconds = seconds(m_start);
    timing->loopSeconds = seconds(loopStart);
    timing->sessionSteps = info().step - firstStep;
    if (timing->sessionSteps == 1) {
        timing->firstStepSeconds = timing->loopSeconds;
        m_plannedSteps = info().totalSteps;
    }
    const int64_t planned = m_plannedSteps;
    info().totalSteps = stepsWithinTimeLimit(*timing, info().step, planned);
    if (info().totalSteps == planned || m_timeLimitSaid) return;
    m_timeLimitSaid = true;
    TrainProgress note;
    note.phase = TrainPhase::Loading;
    note.message = "note: --time-limit-minutes " + fixedText(m_options.timeLimitMinutes, 2) +
                   ": the run ends at step " + std::to_string(info().totalSteps) + " of " +
                   std::to_string(planned) + " planned, the steps that fit at the time measured";
    report(note);
}

TrainResult TrainingSession::finish(RunStatus status, TrainResult result) {
    m_checkpoints->saveLast(*m_model, *m_optimizer, status);
    TrainProgress done;
    done.phase = TrainPhase::Finished;
    done.step = info().step;
    done.totalSteps = info().totalSteps;
    done.elapsedSeconds = seconds(m_start);
    done.validation = info().best;
    done.status = status;
    done.message = runStatusName(status);
    report(done);
    result.status = status;
    result.steps = info().step;
    result.bestStep = info().bestStep;
    result.best = info().best;
    result.seconds = seconds(m_start);
    if (m_parallel) {
        result.collectiveBytesPerStep = m_parallel->bytesPerStep();
        result.collectiveSecondsPerStep = m_parallel->secondsPerStep();
        result.collectiveWaitingSecondsPerStep = m_parallel->waitingSecondsPerStep();
        result.slowestRankOverMean = m_parallel->slowestOverMean();
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
