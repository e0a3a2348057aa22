// The submission pipeline: probe, plan within the budget, train (a resumable sweep whose runs
// get time limits), ensemble, score, predict.
#include "train/submission_pipeline.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "base/atomic_file.h"
#include "base/core_count.h"
#include "base/file_tree.h"
#include "base/number_text.h"
#include "train/pipeline_probes.h"
#include "train/pipeline_report.h"
#include "train/run_directory.h"
#include "train/run_files.h"
#include "train/submission_builder.h"
#include "train/trainer.h"

namespace tpugraphs {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int64_t kProbeSteps = 12;
constexpr int64_t kProbeSkippedSteps = 3;  // warm-up: the allocator, the first configs drawn
// A forward pass costs about a third of a training step's forward and backward, per config.
constexpr double kForwardShareOfStep = 1.0 / 3;
// A run's process starts and exits outside its session's clock (the program and LibTorch
// load, the last files close): its time limit leaves this much for them.
constexpr double kProcessSeconds = 2;

std::string slug(Collection c) {
    std::string name = collectionName(c);
    std::replace(name.begin(), name.end(), ':', '-');
    return name;
}

std::string trialId(Collection c, int seed) {
    return slug(c) + "/seed-" + std::to_string(seed);
}

std::string trainingFolder(const std::string& outDir) {
    return outDir + "/training";
}

// The collection's recipe with the pipeline's dataset; layout graphs validate on config subsets,
// the final validation too (the probe's; the runs themselves do not validate).
TrainOptions recipe(const PipelineOptions& o, Collection c) {
    TrainOptions options = defaultTrainOptions(c);
    options.datasetRoot = o.datasetRoot;
    if (collectionKind(c) == GraphKind::Layout) {
        options.validConfigs = static_cast<int>(kPipelineLayoutValidConfigs);
        options.fullFinalValidation = false;
    }
    return options;
}

// The ensemble's and each run's metrics on the valid split (layout: on each graph's seeded
// config subset, the same for every run).
SplitPrediction scoreEnsemble(const std::vector<std::string>& runDirs, const PipelineOptions& o,
                              Collection c) {
    PredictOptions predict;
    predict.useBest = false;
    if (collectionKind(c) == GraphKind::Layout) predict.maxConfigs = kPipelineLayoutValidConfigs;
    return predictSplit(runDirs, o.datasetRoot, Split::Valid, predict);
}

// The configs that scoring reads of a split: every config, or a layout valid graph's subset.
double scoredConfigs(const DatasetIndex& index, Collection c, Split split) {
    const bool subset = collectionKind(c) == GraphKind::Layout && split == Split::Valid;
    int64_t total = 0;
    for (const GraphEntry* g : index.select(c, split))
        total += subset ? std::min(g->configs, kPipelineLayoutValidConfigs) : g->configs;
    return static_cast<double>(total);
}

// Runs at once: the workers, or fewer when there are fewer seeds.
int concurrentRuns(const PipelineOptions& o) {
    return std::max(1, std::min(o.workers, o.seeds));
}

// The probe's timings of one run from its history: the step (slope after the warm-up), its one
// validation, and the rest of the process's wall time.
void measureProbe(const TrialResult& result, PipelineCollectionPlan* plan, int probes) {
    const RunInfo info = loadRunInfo(result.runDir);
    double warm = -1, last = -1, validated = -1;
    for (const TrainProgress& p : info.history) {
        if (p.isValidation)
            validated = p.elapsedSeconds;
        else if (p.step == kProbeSkippedSteps)
            warm = p.elapsedSeconds;
        else if (p.step == kProbeSteps)
            last = p.elapsedSeconds;
    }
    if (warm < 0 || last <= warm)
        throw RunError(result.runDir + ": the probe of " + collectionName(plan->collection) +
                       " recorded no step timings (" + result.problem + ")");
    const double step = (last - warm) / double(kProbeSteps - kProbeSkippedSteps);
    const double validation = validated > last ? validated - last : 0;
    plan->secondsPerStep += step / probes;
    plan->secondsPerValidation += validation / probes;
    plan->fixedSeconds += std::max(0.0, result.seconds - kProbeSteps * step - validation) / probes;
}

// The scoring after training, from the probe: each of the seeds' runs scores the valid split
// (as the probe's validation, which ran on `probes` processes at once where the scoring has all
// cores) and the test split, in proportion to their configs. Without valid graphs, from the step
// time: a forward pass per config.
double scoringSeconds(const PipelineOptions& o, const DatasetIndex& index,
                      const PipelineCollectionPlan& plan, const TrainOptions& recipe, int probes) {
    const double valid = scoredConfigs(index, plan.collection, Split::Valid);
    const double test = scoredConfigs(index, plan.collection, Split::Test);
    if (valid > 0 && plan.secondsPerValidation > 0)
        return o.seeds * plan.secondsPerValidation / probes * (valid + test) / valid;
    const double configsPerStep =
        static_cast<double>(std::max(1, recipe.batchGraphs) * std::max(1, recipe.configsPerGraph));
    return o.seeds * test * kForwardShareOfStep * plan.secondsPerStep / configsPerStep / probes;
}

// A few steps and one validation of the collection's recipe, as many runs at once as the
// training will have, as child processes like the training's: times measured under the same
// sharing of the cores.
PipelineCollectionPlan probe(const PipelineOptions& o, Collection c, const DatasetIndex& index,
                             const PipelineProgress& progress, const std::atomic<bool>* cancel) {
    const int probes = concurrentRuns(o);
    std::vector<SweepTrial> trials;
    for (int k = 0; k < probes; ++k) {
        SweepTrial t;
        t.collection = c;
        t.point = "probe";
        t.options = recipe(o, c);
        t.options.steps = kProbeSteps;
        t.options.logInterval = 1;
        t.options.validationInterval = kProbeSteps;
        t.options.seed = static_cast<uint64_t>(k);
        t.id = "seed-" + std::to_string(k);
        trials.push_back(t);
    }
    SweepRunOptions run;
    run.outDir = o.outDir + "/probes/" + slug(c);
    run.workers = probes;
    run.program = o.program;
    removeTree(run.outDir);
    const std::vector<TrialResult> results = runSweep(trials, run, progress, cancel);
    if (cancel && cancel->load())
        throw RunError("stopped while probing " + std::string(collectionName(c)));
    PipelineCollectionPlan plan;
    plan.collection = c;
    for (const TrialResult& r : results) measureProbe(r, &plan, probes);
    removeTree(run.outDir);
    return plan;
}

// A probe's measures completed for this call: the steps of an epoch, the scoring of its seeds.
PipelineCollectionPlan completedPlan(const PipelineOptions& o, const DatasetIndex& index,
                                     PipelineCollectionPlan plan) {
    const TrainOptions options = recipe(o, plan.collection);
    const int64_t batch = std::max(1, options.batchGraphs);
    const auto trainGraphs =
        static_cast<int64_t>(index.select(plan.collection, Split::Train).size());
    plan.stepsPerEpoch = std::max<int64_t>(1, (trainGraphs + batch - 1) / batch);
    plan.scoringSeconds = scoringSeconds(o, index, plan, options, concurrentRuns(o));
    return plan;
}

// What a probe of `c` measures depends on (pipeline_probes.h), never the seeds nor the budget:
// the dataset's folder and the collection's train and valid graphs, the recipe but its seed,
// the machine's cores and the runs at once.
std::string probeKey(const PipelineOptions& o, Collection c, const DatasetIndex& index) {
    std::error_code error;
    fs::path root = fs::weakly_canonical(fs::absolute(o.datasetRoot), error);
    if (error) root = fs::absolute(o.datasetRoot);
    std::string key = root.string() + " | " + collectionName(c);
    for (Split split : {Split::Train, Split::Valid}) {
        int64_t graphs = 0, nodes = 0, configs = 0;
        for (const GraphEntry* g : index.select(c, split)) {
            ++graphs;
            nodes += g->nodes;
            configs += g->configs;
        }
        key += " | " + std::string(splitName(split)) + " " + std::to_string(graphs) + " graphs, " +
               std::to_string(nodes) + " nodes, " + std::to_string(configs) + " configs";
    }
    TrainOptions options = recipe(o, c);
    options.datasetRoot.clear();
    options.seed = 0;
    const std::string recipeJson = trainOptionsToJson(options);
    uint64_t hash = 1469598103934665603ull;  // FNV-1a of the recipe
    for (unsigned char ch : recipeJson) hash = (hash ^ ch) * 1099511628211ull;
    char digits[17];
    std::snprintf(digits, sizeof digits, "%016llx", static_cast<unsigned long long>(hash));
    return key + " | recipe " + digits + " | " + std::to_string(coresFor(CorePolicy::AllCores)) +
           " cores, " + std::to_string(concurrentRuns(o)) + " at once";
}

// The probe of `c` kept for these options: the folder's first, then the user's.
std::optional<KeptProbe> keptProbe(const PipelineOptions& o, const std::string& key) {
    if (auto probe = findKeptProbe(o.outDir + "/probes.json", key)) return probe;
    return findKeptProbe(userPipelineProbesFile(), key);
}

std::vector<SweepTrial> trialsOf(const PipelineOptions& o,
                                 const std::vector<PipelineCollectionPlan>& plans) {
    std::vector<SweepTrial> trials;
    for (const PipelineCollectionPlan& p : plans)
        for (int k = 0; k < o.seeds; ++k) {
            SweepTrial t;
            t.collection = p.collection;
            t.point = "recipe";
            t.options = recipe(o, p.collection);
            t.options.steps = p.steps;
            t.options.validate = false;  // scored after training, with the ensemble
            t.options.seed = static_cast<uint64_t>(k);
            t.id = trialId(p.collection, k);
            trials.push_back(t);
        }
    return trials;
}

// Every collection's test split has Kaggle's count of graphs (the real dataset): the submission
// must then be the full file; a generated dataset's is partial unless a template fills it.
bool hasKaggleTestSplit(const DatasetIndex& index) {
    for (const auto& [collection, rows] : fullSubmissionRowCounts())
        if (static_cast<int64_t>(index.select(collection, Split::Test).size()) != rows)
            return false;
    return true;
}

// The test split predicted into the validated submission.
void predictSubmission(SubmissionRequest request, PipelineOutcome* outcome) {
    request.predict.useBest = false;
    const auto predictionStart = Clock::now();
    const SubmissionSummary summary = buildSubmission(request);
    outcome->predictionMinutes =
        std::chrono::duration<double>(Clock::now() - predictionStart).count() / 60;
    const SubmissionReport& report = summary.result.report;
    if (!summary.result.written) {
        std::string why;
        for (const SubmissionIssue& issue : report.errors)
            why += "\n  " + (issue.line ? "line " + std::to_string(issue.line) + ": " : "") +
                   issue.message;
        throw RunError(request.outputPath + ": the predicted submission did not validate (" +
                       std::to_string(report.errorCount) + " errors), nothing written:" + why);
    }
    outcome->submissionPath = request.outputPath;
    outcome->rows = report.rows;
    outcome->complete = report.checkedAsFull;
}

// One call of the pipeline: its clock (the budget counts from its start), its stages recorded
// in OUT/pipeline_state.json.
class SubmissionPipeline {
public:
    SubmissionPipeline(const PipelineOptions& o, const PipelineProgress& progress,
                       const std::atomic<bool>* cancel)
        : m_o(o), m_progress(progress), m_cancel(cancel) {
        m_state.startedAt = unixSeconds();
        m_state.budgetMinutes = o.budgetMinutes;
    }

    PipelineOutcome run();

private:
    double elapsed() const { return std::chrono::duration<double>(Clock::now() - m_start).count(); }
    bool cancelled() const { return m_cancel && m_cancel->load(); }
    void say(const std::string& message) const {
        if (m_progress) m_progress(message);
    }
    void enter(PipelineStage stage, std::optional<Collection> collection = std::nullopt) {
        m_state.stage = stage;
        m_state.collection = collection;
        if (stage == PipelineStage::Finished || stage == PipelineStage::Stopped ||
            stage == PipelineStage::Failed)
            m_state.endedAt = unixSeconds();
        writePipelineState(m_o.outDir, m_state);
    }
    std::vector<PipelineCollectionPlan> probes();
    std::vector<PipelineCollectionPlan> plan();
    void checkBudget(const std::vector<PipelineCollectionPlan>& plans, int unprobed,
                     double probeSeconds) const;
    std::vector<TrialResult> train(const std::vector<PipelineCollectionPlan>& plans);
    CollectionOutcome score(const PipelineCollectionPlan& plan,
                            const std::vector<TrialResult>& results);

    const PipelineOptions& m_o;
    PipelineProgress m_progress;
    const std::atomic<bool>* m_cancel;
    Clock::time_point m_start = Clock::now();
    DatasetIndex m_index;
    PipelineState m_state;
};

// The probes of every collection with train graphs: those kept for what they measure (by an
// earlier call on this dataset, a refused one too, in any folder) and new ones, each kept as it
// ends. Before each new probe but the call's first, a budget that cannot buy the collections
// probed so far and the others priced at the lowest of them is refused; after the probes, one
// that cannot buy them all (at once when every probe was kept: no probe runs).
std::vector<PipelineCollectionPlan> SubmissionPipeline::probes() {
    std::vector<Collection> wanted;
    for (Collection c : kCollections)
        if (!m_index.select(c, Split::Train).empty()) wanted.push_back(c);
    if (wanted.empty())
        throw std::invalid_argument(m_o.datasetRoot + ": no collection has train graphs");
    std::vector<PipelineCollectionPlan> probed;
    std::vector<KeptProbe> used;  // this call's, recorded in OUT/probes.json
    std::vector<Collection> missing;
    for (Collection c : wanted) {
        if (auto kept = keptProbe(m_o, probeKey(m_o, c, m_index))) {
            probed.push_back(completedPlan(m_o, m_index, kept->measures));
            used.push_back(*kept);
        } else {
            missing.push_back(c);
        }
    }
    if (!used.empty()) {
        keepProbes(m_o.outDir + "/probes.json", used);
        say("the probes kept for this dataset are used again (" + std::to_string(used.size()) +
            " of " + std::to_string(wanted.size()) + " collections, measured " +
            timeOfDayText(earliestMeasure(used)) + "; " + userPipelineProbesFile() + ")");
    }
    double probing = 0;  // this call's probes, seconds
    for (size_t k = 0; k < missing.size(); ++k) {
        if (k > 0) checkBudget(probed, static_cast<int>(missing.size() - k), probing);
        enter(PipelineStage::Probing, missing[k]);
        say(std::string("probing ") + collectionName(missing[k]) + " (" +
            std::to_string(kProbeSteps) + " steps)");
        const double start = elapsed();
        KeptProbe fresh;
        fresh.key = probeKey(m_o, missing[k], m_index);
        fresh.measures = probe(m_o, missing[k], m_index, m_progress, m_cancel);
        fresh.measures.probeSeconds = elapsed() - start;
        fresh.measuredAt = unixSeconds();
        probing += fresh.measures.probeSeconds;
        probed.push_back(completedPlan(m_o, m_index, fresh.measures));
        keepProbes(m_o.outDir + "/probes.json", {fresh});
        keepProbes(userPipelineProbesFile(), {fresh});
    }
    checkBudget(probed, 0, probing);
    std::sort(probed.begin(), probed.end(),
              [](const PipelineCollectionPlan& a, const PipelineCollectionPlan& b) {
                  return collectionIndex(a.collection) < collectionIndex(b.collection);
              });
    return probed;
}

// Refuses, before any run trains, a budget that cannot buy kPipelineMinimumSteps per run and
// the scoring (and the probes of the `unprobed` collections not probed yet, priced at the lowest
// of those probed), naming the smallest that can (an estimate when some are not probed: priced
// at the mean of those probed).
void SubmissionPipeline::checkBudget(const std::vector<PipelineCollectionPlan>& plans, int unprobed,
                                     double probeSeconds) const {
    const PipelineLanes lanes{m_o.seeds, concurrentRuns(m_o)};
    const double now = elapsed();
    const double atLeast = minimumSeconds(plans, lanes, unprobed, UnprobedPricing::Lowest);
    if (now + atLeast <= m_o.budgetMinutes * 60) return;
    const bool partial = unprobed > 0;
    const double needed = minimumSeconds(plans, lanes, unprobed, UnprobedPricing::Mean);
    // The probes are kept: a new call does not measure them again.
    const double smallest = smallestBudgetMinutes(now - probeSeconds + needed);
    const std::string cost =
        (partial ? "at least " : "") + fixedText(atLeast / 60, 2) + " min" +
        (probeSeconds > 0 ? ", after " + fixedText(probeSeconds / 60, 2) + " min of probes"
                          : std::string()) +
        (partial ? "; " + std::to_string(plans.size()) + " of " +
                       std::to_string(plans.size() + unprobed) + " collections probed"
                 : std::string());
    throw PipelineBudgetError(
        "a budget of " + minutesText(m_o.budgetMinutes) + " min cannot buy " +
            std::to_string(kPipelineMinimumSteps) + " steps of each of the " +
            std::to_string(m_o.seeds * static_cast<int>(plans.size() + unprobed)) +
            " runs and their scoring" + (partial ? " and the probes still to do" : "") + " (" +
            cost + "): the smallest budget that can is " + minutesText(smallest) + " min" +
            (partial ? ", an estimate with the collections not probed priced at the mean of those "
                       "probed"
                     : "") +
            " (--budget-minutes " + minutesText(smallest) +
            "; the probes are kept for this "
            "dataset in " +
            userPipelineProbesFile() +
            (partial ? ", a call with it probes the others" : ", a call with it probes none") + ")",
        smallest);
}

// The plan recorded by an earlier call with the same options (a resume), or a new one: the
// probes, the budget checked, the training time divided.
std::vector<PipelineCollectionPlan> SubmissionPipeline::plan() {
    PipelineOptions recorded;
    std::vector<PipelineCollectionPlan> plans = readPipelinePlan(m_o.outDir, &recorded);
    if (!plans.empty()) {
        if (!resumesPipeline(recorded, m_o))
            throw std::invalid_argument(
                m_o.outDir +
                " holds a pipeline of other options (dataset, budget, "
                "seeds or runs at once): choose another --out, or remove it");
        say("resuming the plan of " + m_o.outDir + "/pipeline.json");
        return plans;
    }
    plans = probes();
    const PipelineLanes lanes{m_o.seeds, concurrentRuns(m_o)};
    const double training = m_o.budgetMinutes * 60 - elapsed() - scoringReserveSeconds(plans);
    divideTrainingTime(training, lanes, &plans);
    writePipelinePlan(m_o, plans);
    return plans;
}

// The runs, each with a time limit as it starts: its planned share of what is left until the
// training must end (the budget less the scoring kept for after it).
std::vector<TrialResult> SubmissionPipeline::train(
    const std::vector<PipelineCollectionPlan>& plans) {
    const std::vector<SweepTrial> trials = trialsOf(m_o, plans);
    std::vector<double> planned;
    for (const SweepTrial& t : trials)
        for (const PipelineCollectionPlan& p : plans)
            if (p.collection == t.collection)
                planned.push_back(p.fixedSeconds + static_cast<double>(p.steps) * p.secondsPerStep);
    m_state.trainingEnd = m_o.budgetMinutes * 60 - scoringReserveSeconds(plans);
    enter(PipelineStage::Training);
    RunTimeLimits limits(planned, m_o.workers, m_state.trainingEnd);
    SweepRunOptions run;
    run.outDir = trainingFolder(m_o.outDir);
    run.workers = m_o.workers;
    run.program = m_o.program;
    run.timeLimitMinutes = [&](size_t trial, const std::vector<size_t>& running,
                               const std::vector<size_t>& queued) {
        const double seconds = limits.limitOf(trial, running, queued, elapsed());
        return std::max(1.0, seconds - kProcessSeconds) / 60;
    };
    return runSweep(trials, run, m_progress, m_cancel);
}

// A collection's runs ensembled and scored on the valid split; each run's score kept in its
// folder (score.json), so that the app shows it beside the run.
CollectionOutcome SubmissionPipeline::score(const PipelineCollectionPlan& p,
                                            const std::vector<TrialResult>& results) {
    CollectionOutcome c;
    c.collection = p.collection;
    c.steps = p.steps;
    c.secondsPerStep = p.secondsPerStep;
    c.budgetMinutes = p.budgetMinutes;
    c.plannedScoringMinutes = p.scoringSeconds / 60;
    for (const TrialResult& r : results)
        if (r.trial.collection == p.collection) {
            c.runs.push_back(r);
            c.stepsDone += r.steps;
        }
    std::vector<const TrialResult*> done;
    std::vector<std::string> dirs;
    for (const TrialResult& r : c.runs)
        if (r.status == RunStatus::Completed || r.status == RunStatus::EarlyStopped) {
            done.push_back(&r);
            dirs.push_back(r.runDir);
        }
    if (done.empty() || m_index.select(p.collection, Split::Valid).empty()) return c;
    enter(PipelineStage::Scoring, p.collection);
    say(std::string("scoring the ensemble of ") + collectionName(p.collection) +
        " on the valid split");
    const auto scoringStart = Clock::now();
    const SplitPrediction scored = scoreEnsemble(dirs, m_o, p.collection);
    c.ensemble = scored.mean;
    c.runMetrics = scored.runs;
    for (size_t k = 0; k < done.size() && k < scored.runs.size(); ++k) {
        RunScore runScore;
        runScore.metrics = scored.runs[k];
        runScore.split = "valid";
        runScore.step = done[k]->steps;
        runScore.scoredBy = collectionKind(p.collection) == GraphKind::Layout
                                ? "the submission pipeline, on " +
                                      std::to_string(kPipelineLayoutValidConfigs) +
                                      " seeded configs of each valid graph"
                                : std::string("the submission pipeline, on every config");
        writeRunScore(done[k]->runDir, runScore);
    }
    c.references = referenceScores(m_index, p.collection, Split::Valid);
    c.scoringMinutes = std::chrono::duration<double>(Clock::now() - scoringStart).count() / 60;
    return c;
}

PipelineOutcome SubmissionPipeline::run() {
    if (m_o.seeds < 1) throw std::invalid_argument("--seeds must be at least 1");
    if (m_o.budgetMinutes <= 0) throw std::invalid_argument("--budget-minutes must be positive");
    fs::create_directories(m_o.outDir);
    try {
        m_index = scanDataset(m_o.datasetRoot);
        const std::vector<PipelineCollectionPlan> plans = plan();
        const std::vector<TrialResult> results = train(plans);
        PipelineOutcome outcome;
        SubmissionRequest request;
        request.datasetRoot = m_o.datasetRoot;
        request.split = Split::Test;
        request.templatePath = m_o.templatePath;
        request.outputPath = m_o.outDir + "/submission.csv";
        request.full = m_o.templatePath.empty() && !hasKaggleTestSplit(m_index) ? FullCheck::Never
                                                                                : FullCheck::Always;
        bool allDone = !cancelled();
        for (const PipelineCollectionPlan& p : plans) {
            outcome.collections.push_back(score(p, results));
            std::vector<std::string> dirs;
            for (const TrialResult& r : outcome.collections.back().runs)
                if (r.status == RunStatus::Completed || r.status == RunStatus::EarlyStopped)
                    dirs.push_back(r.runDir);
            allDone = allDone && !dirs.empty();
            if (!dirs.empty()) request.runs.push_back({p.collection, dirs});
        }
        if (allDone) {
            enter(PipelineStage::Predicting);
            say("predicting the test split into " + request.outputPath);
            predictSubmission(request, &outcome);
        }
        outcome.minutes = elapsed() / 60;
        outcome.report = pipelineReport(m_o, outcome);
        writeFileAtomically(m_o.outDir + "/report.md", outcome.report);
        enter(outcome.submissionPath.empty() ? PipelineStage::Stopped : PipelineStage::Finished);
        return outcome;
    } catch (...) {
        enter(cancelled() ? PipelineStage::Stopped : PipelineStage::Failed);
        throw;
    }
}

}  // namespace

double pipelineBoundMinutes(double budgetMinutes) {
    return std::max(budgetMinutes * 1.1, budgetMinutes + 1);
}

std::string pipelineRunDirectory(const std::string& outDir, Collection collection, int seed) {
    return trialRunDirectory(trainingFolder(outDir), trialId(collection, seed));
}

std::optional<KnownBudget> knownSmallestBudget(const PipelineOptions& o) {
    const auto start = Clock::now();
    const DatasetIndex index = scanDataset(o.datasetRoot);
    std::vector<PipelineCollectionPlan> plans;
    std::vector<KeptProbe> kept;
    for (Collection c : kCollections) {
        if (index.select(c, Split::Train).empty()) continue;
        const std::optional<KeptProbe> probe = keptProbe(o, probeKey(o, c, index));
        if (!probe) return std::nullopt;
        plans.push_back(completedPlan(o, index, probe->measures));
        kept.push_back(*probe);
    }
    if (plans.empty()) return std::nullopt;
    const double scan = std::chrono::duration<double>(Clock::now() - start).count();
    const PipelineLanes lanes{o.seeds, concurrentRuns(o)};
    return KnownBudget{smallestBudgetMinutes(scan + minimumSeconds(plans, lanes)),
                       earliestMeasure(kept)};
}

PipelineOutcome runSubmissionPipeline(const PipelineOptions& o, const PipelineProgress& progress,
                                      const std::atomic<bool>* cancel) {
    return SubmissionPipeline(o, progress, cancel).run();
}

}  // namespace tpugraphs
