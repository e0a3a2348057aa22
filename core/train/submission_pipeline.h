// From a dataset to a submission in one call: every collection that has train graphs is trained
// with its recipe (the option table's defaults for it) by `seeds` runs, in a time budget that
// holds the whole call (probes, training and scoring): short probes measure each collection,
// the scoring is kept out first, the training time is divided among the collections by the cost
// of an epoch of each, and each run's time limit is set as it starts from the time left, so a
// slower machine cuts steps instead of overrunning. A budget that cannot buy 20 steps per run
// and the scoring is refused before training, naming the smallest that can: during the probes
// as soon as those done show it (the smallest budget then an estimate). Every probe is kept for
// later calls on the dataset in any folder (pipeline_probes.h), so that a call whose probes are
// all kept is refused at once, without probing. The runs of a
// collection are ensembled, scored on its valid split against the ridge reference (each run's
// score kept in its folder), and every test graph predicted into a validated submission.
// Resumable at any moment: the plan is recorded in OUT/pipeline.json (pipeline_plan.h), the
// training is a resumable sweep, and the prediction is done again. No torch in this header.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "export/reference_scores.h"
#include "train/pipeline_plan.h"
#include "train/sweep_runner.h"

namespace tpugraphs {

// Layout valid graphs are scored on a seeded subset of this many configs each, by the runs'
// validations and by the ensemble: Kaggle's layout test files hold ~1,000, and full-size valid
// graphs up to ~100k, whose every config took 13 min and 7.6 GiB per validation.
constexpr int64_t kPipelineLayoutValidConfigs = 1000;

struct CollectionOutcome {
    Collection collection = Collection::TileXla;
    int64_t steps = 0;          // per run
    double secondsPerStep = 0;  // measured by the probe
    double budgetMinutes = 0;   // this collection's share
    int64_t stepsDone = 0;      // the runs' steps, all together (time limits may cut the plan)
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
    double minutes = 0;            // of this call, probes and scoring included
    double predictionMinutes = 0;  // predicting the test split
};

using PipelineProgress = std::function<void(const std::string& message)>;

// What a budget too small for the minimum is refused with (before any run trains).
class PipelineBudgetError : public std::invalid_argument {
public:
    PipelineBudgetError(const std::string& message, double smallestMinutes)
        : std::invalid_argument(message), m_smallest(smallestMinutes) {}
    double smallestBudgetMinutes() const { return m_smallest; }

private:
    double m_smallest;
};

// The bound a budget is kept within: max(M x 1.1, M + 1) minutes.
double pipelineBoundMinutes(double budgetMinutes);

// The run of `collection` and training seed `seed` in the pipeline's folder `outDir`.
std::string pipelineRunDirectory(const std::string& outDir, Collection collection, int seed);

// The smallest budget of a call with `options` when the probes of every collection are kept
// (pipeline_probes.h: by any earlier call on the dataset), and when the earliest of them was
// measured (seconds since the Unix epoch); nullopt when a collection has none. Scans the dataset.
struct KnownBudget {
    double smallestMinutes = 0;
    double measuredAt = 0;
};
std::optional<KnownBudget> knownSmallestBudget(const PipelineOptions& options);

// Runs (or resumes) the pipeline. Throws std::runtime_error (DataError, RunError, ...) with a
// clear message; a stop (*cancel) ends after the running trainings have kept their checkpoints
// (outcome without a submission).
PipelineOutcome runSubmissionPipeline(const PipelineOptions& options,
                                      const PipelineProgress& progress = {},
                                      const std::atomic<bool>* cancel = nullptr);

}  // namespace tpugraphs
