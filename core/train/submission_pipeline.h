// From a dataset to a submission in one call: every collection that has train graphs is trained
// with its recipe (the option table's defaults for it) by `seeds` runs, in a time budget divided
// among the collections by the cost of an epoch of each (measured by a short probe), the runs of
// a collection ensembled, scored on its valid split against the ridge reference, and every test
// graph predicted into a validated submission. Resumable at any moment: the probes' results and
// the plan are recorded in OUT/pipeline.json, the training is a resumable sweep, and the
// prediction is done again. No torch in this header.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "export/reference_scores.h"
#include "train/sweep_runner.h"

namespace tpugraphs {

// Layout valid graphs are scored on a seeded subset of this many configs each, by the runs'
// validations and by the ensemble: Kaggle's layout test files hold ~1,000, and full-size valid
// graphs up to ~100k, whose every config took 13 min and 7.6 GiB per validation.
constexpr int64_t kPipelineLayoutValidConfigs = 1000;

struct PipelineOptions {
    std::string datasetRoot;
    std::string outDir;
    double budgetMinutes = 60;  // training and scoring of all collections together
    int seeds = 3;              // runs per collection, ensembled
    int workers = 1;            // runs trained at once
    std::string templatePath;   // rows of graphs the dataset lacks (e.g. the sample submission)
    std::string program;        // the `tpugraphs` CLI that trains the runs (required)
};

// What the probe measured of a collection and the length planned from it (OUT/pipeline.json). A
// run's wall time is modelled as fixed (start, load, exit) + steps x step; the runs do not
// validate. After them, each run scores the valid split (its configs as the probe's validation
// did) and the test split: `scoringSeconds`, estimated from the probe's validation by the
// configs to score, comes out of the budget first. At full size it is no small part: a forward
// pass over a 100k-node graph per config.
struct PipelineCollectionPlan {
    Collection collection = Collection::TileXla;
    double fixedSeconds = 0, secondsPerStep = 0, secondsPerValidation = 0;
    int64_t stepsPerEpoch = 1;
    double scoringSeconds = 0;
    double budgetMinutes = 0;  // its share: training and scoring
    int64_t steps = 0;         // per run
};

struct CollectionOutcome {
    Collection collection = Collection::TileXla;
    int64_t steps = 0;          // per run
    double secondsPerStep = 0;  // measured by the probe
    double budgetMinutes = 0;   // this collection's share
    std::vector<TrialResult> runs;
    EvalMetrics ensemble;  // the ensemble on the valid split (graphs = 0: none to score)
    std::vector<EvalMetrics> runMetrics;     // each finished run on the same configs
    std::vector<ReferenceScore> references;  // on the valid split
    double scoringMinutes = 0;         // of the ensemble and the references on the valid split
    double plannedScoringMinutes = 0;  // the plan's estimate, the test split's prediction too
};

struct PipelineOutcome {
    std::vector<CollectionOutcome> collections;
    std::string submissionPath;  // empty when nothing was written
    int64_t rows = 0;
    bool complete = false;         // all of Kaggle's rows (894 with the real dataset)
    std::string report;            // markdown, also written to OUT/report.md
    double minutes = 0;            // of this call
    double predictionMinutes = 0;  // predicting the test split
};

using PipelineProgress = std::function<void(const std::string& message)>;

// The plan recorded in `outDir` (empty when none yet) and, when `recorded` is given, the options
// it was made with (dataset, budget, seeds, workers). Throws RunError naming a damaged file.
std::vector<PipelineCollectionPlan> readPipelinePlan(const std::string& outDir,
                                                     PipelineOptions* recorded = nullptr);
// The run of `collection` and training seed `seed` in the pipeline's folder `outDir`.
std::string pipelineRunDirectory(const std::string& outDir, Collection collection, int seed);

// Runs (or resumes) the pipeline. Throws std::runtime_error (DataError, RunError, ...) with a
// clear message; a stop (*cancel) ends after the running trainings have kept their checkpoints
// (outcome without a submission).
PipelineOutcome runSubmissionPipeline(const PipelineOptions& options,
                                      const PipelineProgress& progress = {},
                                      const std::atomic<bool>* cancel = nullptr);

}  // namespace tpugraphs
