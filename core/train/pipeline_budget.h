// The submission pipeline's time budget, as plain arithmetic over what the probes measured: the
// least a budget must buy (20 steps of every run, then the scoring), the division of the
// training time among the collections, and each run's time limit when it starts, from the time
// left and the runs still to train. The pipeline keeps `budgetMinutes` including its probes
// and scoring; the runs cut their steps to their limits (--time-limit-minutes) instead of
// overrunning. No torch.
#pragma once

#include <cstdint>
#include <vector>

#include "data/collection.h"

namespace tpugraphs {

// A run trains at least this many steps: a budget that cannot buy them is refused.
constexpr int64_t kPipelineMinimumSteps = 20;

// What the probe measured of a collection and the length planned from it (OUT/pipeline.json). A
// run's wall time is modelled as fixed (start, load, exit) + steps x step; the runs do not
// validate. After them, each run scores the valid split (its configs as the probe's validation
// did) and the test split: `scoringSeconds`, estimated from the probe's validation by the
// configs to score, is kept out of the training time. `probeSeconds`: the probe's wall time.
struct PipelineCollectionPlan {
    Collection collection = Collection::TileXla;
    double fixedSeconds = 0, secondsPerStep = 0, secondsPerValidation = 0;
    double probeSeconds = 0;
    int64_t stepsPerEpoch = 1;
    double scoringSeconds = 0;
    double budgetMinutes = 0;  // its share: training and scoring
    int64_t steps = 0;         // per run, planned
};

// How the runs share the cores: `seeds` runs per collection, `concurrent` at a time.
struct PipelineLanes {
    int seeds = 1;
    int concurrent = 1;
};

// Wall seconds of one collection's runs at `steps` steps each.
double trainingSeconds(const PipelineCollectionPlan& plan, const PipelineLanes& lanes,
                       int64_t steps);
// Seconds kept for the scoring after training: the plans' estimates with a margin for a
// machine busier than during the probes.
double scoringReserveSeconds(const std::vector<PipelineCollectionPlan>& plans);
// How the collections not probed yet are priced from those probed: each measure (fixed cost,
// step, scoring, probe) at its lowest (a lower bound) or at its mean (an estimate).
enum class UnprobedPricing { Lowest, Mean };
// The least training and scoring can take: every run at kPipelineMinimumSteps; with `unprobed`
// collections not probed yet, their probes too, each priced from `plans` by `pricing`.
double minimumSeconds(const std::vector<PipelineCollectionPlan>& plans, const PipelineLanes& lanes,
                      int unprobed = 0, UnprobedPricing pricing = UnprobedPricing::Lowest);
// The smallest budget, in minutes rounded up to a tenth, whose pipeline fits `seconds`.
double smallestBudgetMinutes(double seconds);

// Divides `seconds` of training among the plans: every run gets kPipelineMinimumSteps, and a
// minute (at most 10 epochs) where all of those fit; the rest by the cost of an epoch of each
// collection. Sets each plan's steps and budgetMinutes.
void divideTrainingTime(double seconds, const PipelineLanes& lanes,
                        std::vector<PipelineCollectionPlan>* plans);

// The time limit of each run as it starts: its planned share of the lane time left until the
// training must end, the runs still training counted until their own limits.
class RunTimeLimits {
public:
    // `plannedSeconds`: each run's planned wall time, in the order they start; `workers`: runs
    // at once; `trainingEnd`: seconds from the pipeline's start when the training must end.
    RunTimeLimits(std::vector<double> plannedSeconds, int workers, double trainingEnd);
    // The limit in seconds of run `run` starting `now` seconds after the pipeline's start,
    // while `running` (indices) train and `queued` wait (finished runs are in neither).
    double limitOf(size_t run, const std::vector<size_t>& running,
                   const std::vector<size_t>& queued, double now);

private:
    std::vector<double> m_planned;
    std::vector<double> m_ends;  // when each started run must end; < 0: not started
    int m_workers;
    double m_trainingEnd;
};

}  // namespace tpugraphs
