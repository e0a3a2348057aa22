// The submission pipeline's budget arithmetic.
#include "train/pipeline_budget.h"

#include <algorithm>
#include <cmath>

namespace tpugraphs {

namespace {

// A busier machine than during the probes: the scoring is kept a quarter longer, plus a few
// seconds for its processes.
constexpr double kScoringMargin = 1.25;
constexpr double kScoringFixedSeconds = 5;
// The preferred minimum of a run: a minute, when that is at most this many epochs (a collection
// with cheap steps is not left undertrained beside one whose epochs are costly).
constexpr double kPreferredRunSeconds = 60;
constexpr int64_t kPreferredEpochsCap = 10;

double waves(const PipelineLanes& lanes) {
    return static_cast<double>(lanes.seeds) / std::max(1, std::min(lanes.concurrent, lanes.seeds));
}

int64_t preferredSteps(const PipelineCollectionPlan& p) {
    const auto minute = static_cast<int64_t>(kPreferredRunSeconds / p.secondsPerStep);
    return std::max(kPipelineMinimumSteps, std::min(minute, kPreferredEpochsCap * p.stepsPerEpoch));
}

// A collection not probed yet, priced from those probed.
PipelineCollectionPlan pricedLike(const std::vector<PipelineCollectionPlan>& probed,
                                  UnprobedPricing pricing) {
    PipelineCollectionPlan priced = probed.front();
    for (double PipelineCollectionPlan::*measure :
         {&PipelineCollectionPlan::fixedSeconds, &PipelineCollectionPlan::secondsPerStep,
          &PipelineCollectionPlan::scoringSeconds, &PipelineCollectionPlan::probeSeconds}) {
        double lowest = probed.front().*measure, sum = 0;
        for (const PipelineCollectionPlan& p : probed) {
            lowest = std::min(lowest, p.*measure);
            sum += p.*measure;
        }
        priced.*measure =
            pricing == UnprobedPricing::Lowest ? lowest : sum / static_cast<double>(probed.size());
    }
    return priced;
}

}  // namespace

double trainingSeconds(const PipelineCollectionPlan& p, const PipelineLanes& lanes, int64_t steps) {
    return waves(lanes) * (p.fixedSeconds + static_cast<double>(steps) * p.secondsPerStep);
}

double scoringReserveSeconds(const std::vector<PipelineCollectionPlan>& plans) {
    double seconds = kScoringFixedSeconds;
    for (const PipelineCollectionPlan& p : plans) seconds += kScoringMargin * p.scoringSeconds;
    return seconds;
}

double minimumSeconds(const std::vector<PipelineCollectionPlan>& plans, const PipelineLanes& lanes,
                      int unprobed, UnprobedPricing pricing) {
    std::vector<PipelineCollectionPlan> all = plans;
    double seconds = 0;
    if (unprobed > 0 && !plans.empty()) {
        const PipelineCollectionPlan priced = pricedLike(plans, pricing);
        all.insert(all.end(), static_cast<size_t>(unprobed), priced);
        seconds += unprobed * priced.probeSeconds;
    }
    seconds += scoringReserveSeconds(all);
    for (const PipelineCollectionPlan& p : all)
        seconds += trainingSeconds(p, lanes, kPipelineMinimumSteps);
    return seconds;
}

double smallestBudgetMinutes(double seconds) {
    return std::ceil(seconds / 6) / 10;
}

void divideTrainingTime(double seconds, const PipelineLanes& lanes,
                        std::vector<PipelineCollectionPlan>* plans) {
    double preferred = 0, epochs = 0;
    for (const PipelineCollectionPlan& p : *plans) {
        preferred += trainingSeconds(p, lanes, preferredSteps(p));
        epochs += p.secondsPerStep * static_cast<double>(p.stepsPerEpoch);
    }
    const bool usePreferred = preferred <= seconds;
    double left = seconds;
    for (PipelineCollectionPlan& p : *plans) {
        p.steps = usePreferred ? preferredSteps(p) : kPipelineMinimumSteps;
        left -= trainingSeconds(p, lanes, p.steps);
    }
    for (PipelineCollectionPlan& p : *plans) {
        const double share =
            std::max(0.0, left) * p.secondsPerStep * static_cast<double>(p.stepsPerEpoch) / epochs;
        p.steps += static_cast<int64_t>(share / waves(lanes) / p.secondsPerStep);
        p.budgetMinutes = (trainingSeconds(p, lanes, p.steps) + p.scoringSeconds) / 60;
    }
}

RunTimeLimits::RunTimeLimits(std::vector<double> plannedSeconds, int workers, double trainingEnd)
    : m_planned(std::move(plannedSeconds)),
      m_ends(m_planned.size(), -1),
      m_workers(std::max(1, workers)),
      m_trainingEnd(trainingEnd) {}

double RunTimeLimits::limitOf(size_t run, const std::vector<size_t>& running,
                              const std::vector<size_t>& queued, double now) {
    const double window = std::max(0.0, m_trainingEnd - now);
    double laneSeconds = m_workers * window;
    for (size_t r : running)
        if (r != run && m_ends[r] >= 0) laneSeconds -= std::clamp(m_ends[r] - now, 0.0, window);
    double planned = m_planned[run];
    for (size_t q : queued)
        if (q != run) planned += m_planned[q];
    const double share = planned > 0 ? m_planned[run] * laneSeconds / planned : window;
    const double limit = std::clamp(share, 0.0, window);
    m_ends[run] = now + limit;
    return limit;
}

}  // namespace tpugraphs
