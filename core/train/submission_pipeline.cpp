// The submission pipeline: probe, plan, train (a resumable sweep), ensemble, score, predict.
#include "train/submission_pipeline.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "base/atomic_file.h"
#include "base/file_tree.h"
#include "base/number_text.h"
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
// A run trains at least 20 steps, and a minute when that is at most 10 epochs: a collection
// with cheap steps (tile, 10-25 ms) is not left undertrained when scoring takes the budget (a
// full-size rehearsal gave tile 20 steps and a top-5 score of 0.62).
constexpr int64_t kMinimumSteps = 20;
constexpr double kMinimumRunSeconds = 60;
constexpr int64_t kMinimumRunEpochsCap = 10;
// A forward pass costs about a third of a training step's forward and backward, per config.
constexpr double kForwardShareOfStep = 1.0 / 3;

std::string planPath(const std::string& outDir) {
    return outDir + "/pipeline.json";
}

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
    const int64_t batch = std::max(1, trials[0].options.batchGraphs);
    const auto trainGraphs = static_cast<int64_t>(index.select(c, Split::Train).size());
    plan.stepsPerEpoch = std::max<int64_t>(1, (trainGraphs + batch - 1) / batch);
    plan.scoringSeconds = scoringSeconds(o, index, plan, trials[0].options, probes);
    removeTree(run.outDir);
    return plan;
}

// The scoring comes out of the budget first; the rest is divided by the cost of an epoch of each
// collection, then turned into steps per run: `seeds` runs share the collection's training
// minutes, `concurrentRuns` at a time.
void divideBudget(const PipelineOptions& o, std::vector<PipelineCollectionPlan>* plans,
                  const PipelineProgress& progress) {
    double epochs = 0, scoring = 0;
    for (const PipelineCollectionPlan& p : *plans) {
        epochs += p.secondsPerStep * p.stepsPerEpoch;
        scoring += p.scoringSeconds;
    }
    const double training = std::max(0.0, o.budgetMinutes * 60 - scoring);
    if (progress && training < o.budgetMinutes * 30)
        progress("scoring the valid and test splits will take about " +
                 std::to_string(std::lround(scoring / 60)) + " of the " +
                 std::to_string(std::lround(o.budgetMinutes)) +
                 " minutes; every run still trains at least " + std::to_string(kMinimumSteps) +
                 " steps, and a minute where that is at most " +
                 std::to_string(kMinimumRunEpochsCap) + " epochs");
    for (PipelineCollectionPlan& p : *plans) {
        const double share = training * p.secondsPerStep * p.stepsPerEpoch / epochs;
        p.budgetMinutes = (share + p.scoringSeconds) / 60;
        const double perRun = share * concurrentRuns(o) / o.seeds;
        const auto minimum = std::max(
            kMinimumSteps, std::min(static_cast<int64_t>(kMinimumRunSeconds / p.secondsPerStep),
                                    kMinimumRunEpochsCap * p.stepsPerEpoch));
        p.steps =
            std::max(minimum, static_cast<int64_t>((perRun - p.fixedSeconds) / p.secondsPerStep));
    }
}

nlohmann::json planJson(const PipelineOptions& o,
                        const std::vector<PipelineCollectionPlan>& plans) {
    nlohmann::json collections = nlohmann::json::array();
    for (const PipelineCollectionPlan& p : plans)
        collections.push_back({{"collection", collectionName(p.collection)},
                               {"fixed_seconds", p.fixedSeconds},
                               {"seconds_per_step", p.secondsPerStep},
                               {"seconds_per_validation", p.secondsPerValidation},
                               {"steps_per_epoch", p.stepsPerEpoch},
                               {"scoring_seconds", p.scoringSeconds},
                               {"budget_minutes", p.budgetMinutes},
                               {"steps", p.steps}});
    return {{"dataset", o.datasetRoot},
            {"budget_minutes", o.budgetMinutes},
            {"seeds", o.seeds},
            {"workers", o.workers},
            {"collections", collections}};
}

// The plan recorded by an earlier call with the same options, or a new one (probes first).
std::vector<PipelineCollectionPlan> planOf(const PipelineOptions& o, const DatasetIndex& index,
                                           const PipelineProgress& progress,
                                           const std::atomic<bool>* cancel) {
    const std::string path = planPath(o.outDir);
    PipelineOptions recorded;
    std::vector<PipelineCollectionPlan> plans = readPipelinePlan(o.outDir, &recorded);
    if (!plans.empty()) {
        if (recorded.datasetRoot != o.datasetRoot || recorded.budgetMinutes != o.budgetMinutes ||
            recorded.seeds != o.seeds || recorded.workers != o.workers)
            throw std::invalid_argument(o.outDir +
                                        " holds a pipeline of other options (dataset, budget, "
                                        "seeds or workers): choose another --out, or remove it");
        if (progress) progress("resuming the plan of " + path);
        return plans;
    }
    for (Collection c : kCollections) {
        const auto graphs = index.select(c, Split::Train);
        if (graphs.empty()) continue;
        if (progress)
            progress(std::string("probing ") + collectionName(c) + " (" +
                     std::to_string(kProbeSteps) + " steps)");
        plans.push_back(probe(o, c, index, progress, cancel));
    }
    if (plans.empty())
        throw std::invalid_argument(o.datasetRoot + ": no collection has train graphs");
    divideBudget(o, &plans, progress);
    fs::create_directories(o.outDir);
    writeFileAtomically(path, planJson(o, plans).dump(2) + "\n");
    return plans;
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

std::string reportOf(const PipelineOptions& o, const PipelineOutcome& outcome) {
    std::string md = "# Submission pipeline report\n\nDataset `" + o.datasetRoot + "`, budget " +
                     fixedText(o.budgetMinutes, 0) + " min, " + std::to_string(o.seeds) +
                     " runs per collection (ensembled), " + std::to_string(o.workers) +
                     " at a time; this call " + fixedText(outcome.minutes, 1) +
                     " min.\n\n"
                     "| collection | steps / run | s / step | budget min | run min (mean) | "
                     "peak MiB | valid: ensemble | valid: runs | ridge | heuristic | valid scoring "
                     "min |\n"
                     "|---|---|---|---|---|---|---|---|---|---|---|\n";
    for (const CollectionOutcome& c : outcome.collections) {
        double minutes = 0, peak = 0;
        std::string runs;
        for (const TrialResult& r : c.runs) {
            minutes += r.seconds / 60 / c.runs.size();
            peak = std::max(peak, r.peakMib);
        }
        for (const EvalMetrics& run : c.runMetrics)
            runs += (runs.empty() ? "" : " / ") + fixedText(run.primary(), 3);
        std::string ridge = "-", heuristic = "-";
        for (const ReferenceScore& ref : c.references)
            if (ref.kind != ReferenceKind::Oracle)
                (ref.kind == ReferenceKind::Ridge ? ridge : heuristic) = fixedText(ref.mean);
        md +=
            "| " + std::string(collectionName(c.collection)) + " | " + std::to_string(c.steps) +
            " | " + fixedText(c.secondsPerStep, 3) + " | " + fixedText(c.budgetMinutes, 1) + " | " +
            fixedText(minutes, 1) + " | " + fixedText(peak, 0) + " | **" +
            (c.ensemble.graphs ? fixedText(c.ensemble.primary()) : std::string("no valid graphs")) +
            "** | " + runs + " | " + ridge + " | " + heuristic + " | " +
            fixedText(c.scoringMinutes, 1) + " |\n";
    }
    md += "\nMetric: " + std::string(scoreMetric(GraphKind::Layout).label) + " (layout), " +
          scoreMetric(GraphKind::Tile).label +
          " (tile), on the valid split, the runs' "
          "last checkpoints. Layout models (ensemble and runs) are scored on a seeded subset of " +
          std::to_string(kPipelineLayoutValidConfigs) +
          " configs of each valid graph (Kaggle's test files hold about as many), the same "
          "subset for every run; the references on every config. Valid scoring: the runs, their "
          "ensemble and the references, after training.\n\n";
    double planned = 0, scored = 0;
    for (const CollectionOutcome& c : outcome.collections) {
        planned += c.plannedScoringMinutes;
        scored += c.scoringMinutes;
    }
    md += "Scoring after training took " + fixedText(scored + outcome.predictionMinutes, 1) +
          " min (valid " + fixedText(scored, 1) + ", test prediction " +
          fixedText(outcome.predictionMinutes, 1) + "); the plan estimated " +
          fixedText(planned, 1) + " min from the probes and took it out of the budget first.\n\n";
    md += outcome.submissionPath.empty()
              ? "No submission written.\n"
              : "Submission: `" + outcome.submissionPath + "`, " + std::to_string(outcome.rows) +
                    " rows, validated" +
                    (outcome.complete ? " as a complete Kaggle file.\n"
                                      : " (partial: the dataset lacks some of Kaggle's rows; "
                                        "give --template).\n");
    return md;
}

}  // namespace

std::vector<PipelineCollectionPlan> readPipelinePlan(const std::string& outDir,
                                                     PipelineOptions* recorded) {
    const std::string path = planPath(outDir);
    std::vector<PipelineCollectionPlan> plans;
    if (!fs::exists(path)) return plans;
    try {
        const auto j = nlohmann::json::parse(readTextFile(path));
        if (recorded) {
            recorded->datasetRoot = j.at("dataset");
            recorded->budgetMinutes = j.at("budget_minutes");
            recorded->seeds = j.at("seeds");
            recorded->workers = j.at("workers");
        }
        for (const auto& c : j.at("collections")) {
            PipelineCollectionPlan p;
            const std::string name = c.at("collection");
            if (!parseCollection(name, &p.collection))
                throw std::invalid_argument("unknown collection '" + name + "'");
            p.fixedSeconds = c.at("fixed_seconds");
            p.secondsPerStep = c.at("seconds_per_step");
            p.secondsPerValidation = c.at("seconds_per_validation");
            p.stepsPerEpoch = c.at("steps_per_epoch");
            p.scoringSeconds = c.value("scoring_seconds", 0.0);  // not in the first plans
            p.budgetMinutes = c.at("budget_minutes");
            p.steps = c.at("steps");
            plans.push_back(p);
        }
    } catch (const nlohmann::json::exception& e) {
        throw RunError(path + ": not a pipeline plan (" + e.what() + ")");
    } catch (const std::invalid_argument& e) {
        throw RunError(path + ": " + e.what());
    }
    return plans;
}

std::string pipelineRunDirectory(const std::string& outDir, Collection collection, int seed) {
    return trialRunDirectory(trainingFolder(outDir), trialId(collection, seed));
}

PipelineOutcome runSubmissionPipeline(const PipelineOptions& o, const PipelineProgress& progress,
                                      const std::atomic<bool>* cancel) {
    const auto start = Clock::now();
    if (o.seeds < 1) throw std::invalid_argument("--seeds must be at least 1");
    const DatasetIndex index = scanDataset(o.datasetRoot);
    const std::vector<PipelineCollectionPlan> plans = planOf(o, index, progress, cancel);
    SweepRunOptions run;
    run.outDir = trainingFolder(o.outDir);
    run.workers = o.workers;
    run.program = o.program;
    const std::vector<TrialResult> results = runSweep(trialsOf(o, plans), run, progress, cancel);
    PipelineOutcome outcome;
    SubmissionRequest request;
    request.datasetRoot = o.datasetRoot;
    request.split = Split::Test;
    request.templatePath = o.templatePath;
    request.outputPath = o.outDir + "/submission.csv";
    request.full =
        o.templatePath.empty() && !hasKaggleTestSplit(index) ? FullCheck::Never : FullCheck::Always;
    bool allDone = !(cancel && cancel->load());
    for (const PipelineCollectionPlan& p : plans) {
        CollectionOutcome c;
        c.collection = p.collection;
        c.steps = p.steps;
        c.secondsPerStep = p.secondsPerStep;
        c.budgetMinutes = p.budgetMinutes;
        c.plannedScoringMinutes = p.scoringSeconds / 60;
        std::vector<std::string> dirs;
        for (const TrialResult& r : results) {
            if (r.trial.collection != p.collection) continue;
            c.runs.push_back(r);
            if (r.status == RunStatus::Completed || r.status == RunStatus::EarlyStopped)
                dirs.push_back(r.runDir);
        }
        allDone = allDone && !dirs.empty();
        if (!dirs.empty() && !index.select(p.collection, Split::Valid).empty()) {
            if (progress)
                progress(std::string("scoring the ensemble of ") + collectionName(p.collection) +
                         " on the valid split");
            const auto scoringStart = Clock::now();
            const SplitPrediction scored = scoreEnsemble(dirs, o, p.collection);
            c.ensemble = scored.mean;
            c.runMetrics = scored.runs;
            c.references = referenceScores(index, p.collection, Split::Valid);
            c.scoringMinutes =
                std::chrono::duration<double>(Clock::now() - scoringStart).count() / 60;
        }
        if (!dirs.empty()) request.runs.push_back({p.collection, dirs});
        outcome.collections.push_back(c);
    }
    if (allDone) {
        if (progress) progress("predicting the test split into " + request.outputPath);
        request.predict.useBest = false;
        const auto predictionStart = Clock::now();
        const SubmissionSummary summary = buildSubmission(request);
        outcome.predictionMinutes =
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
        outcome.submissionPath = request.outputPath;
        outcome.rows = report.rows;
        outcome.complete = report.checkedAsFull;
    }
    outcome.minutes = std::chrono::duration<double>(Clock::now() - start).count() / 60;
    outcome.report = reportOf(o, outcome);
    writeFileAtomically(o.outDir + "/report.md", outcome.report);
    return outcome;
}

}  // namespace tpugraphs
