// Pipeline progress from the plan, the state and the runs' files.
#include "train/pipeline_progress.h"

#include <algorithm>

#include "base/enum_names.h"
#include "train/run_directory.h"
#include "train/submission_pipeline.h"

namespace tpugraphs {

namespace {

constexpr EnumName<CollectionPhase> kPhaseNames[] = {
    {CollectionPhase::Probing, "probing"},   {CollectionPhase::Planned, "planned"},
    {CollectionPhase::Training, "training"}, {CollectionPhase::Trained, "trained"},
    {CollectionPhase::Scoring, "scoring"},   {CollectionPhase::Scored, "scored"}};

CollectionPhase phaseOf(const PipelineCollectionProgress& row, int seeds,
                        const std::optional<PipelineState>& state) {
    const bool current = state && state->collection == row.collection;
    if (current && state->stage == PipelineStage::Scoring) return CollectionPhase::Scoring;
    const bool scored = std::any_of(row.runs.begin(), row.runs.end(),
                                    [](const PipelineRunProgress& r) { return r.score.present(); });
    if (scored) return CollectionPhase::Scored;
    if (row.runsFinished == seeds) return CollectionPhase::Trained;
    return row.runsStarted > 0 ? CollectionPhase::Training : CollectionPhase::Planned;
}

void readRuns(const std::string& outDir, int seeds, PipelineCollectionProgress* row) {
    for (int seed = 0; seed < seeds; ++seed) {
        const std::string dir = pipelineRunDirectory(outDir, row->collection, seed);
        if (!isRunDirectory(dir)) continue;
        const RunInfo run = readRunForListing(dir);
        ++row->runsStarted;
        PipelineRunProgress r;
        r.seed = seed;
        r.runDir = dir;
        r.steps = run.step;
        double seconds = 0;
        for (const TrainProgress& p : run.history) {
            r.steps = std::max(r.steps, p.step);
            seconds = std::max(seconds, p.elapsedSeconds);
        }
        r.score = run.scoreAfterTraining;
        row->steps += r.steps;
        row->elapsedSeconds += seconds;
        if (run.status == RunStatus::Completed || run.status == RunStatus::EarlyStopped)
            ++row->runsFinished;
        row->runs.push_back(r);
    }
}

}  // namespace

const char* collectionPhaseName(CollectionPhase phase) {
    return enumName(kPhaseNames, phase);
}

PipelineProgressState readPipelineProgress(const std::string& outDir, int seeds, int workers) {
    PipelineProgressState progress;
    progress.state = readPipelineState(outDir);
    const PipelineLanes lanes{seeds, std::max(1, std::min(workers, seeds))};
    for (const PipelineCollectionPlan& plan : readPipelinePlan(outDir)) {
        PipelineCollectionProgress row;
        row.collection = plan.collection;
        row.plannedSteps = plan.steps * seeds;
        row.plannedSeconds = trainingSeconds(plan, lanes, plan.steps);
        readRuns(outDir, seeds, &row);
        row.elapsedSeconds /= lanes.concurrent;
        row.phase = phaseOf(row, seeds, progress.state);
        progress.collections.push_back(row);
    }
    if (progress.state) {
        const PipelineState& s = *progress.state;
        const double now = s.endedAt > 0 ? s.endedAt : unixSeconds();
        progress.elapsedSeconds = now - s.startedAt;
        progress.remainingSeconds = s.budgetMinutes * 60 - progress.elapsedSeconds;
    }
    return progress;
}

}  // namespace tpugraphs
