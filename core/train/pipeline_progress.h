// How far a submission pipeline has come, read from its folder alone (OUT/pipeline.json,
// OUT/pipeline_state.json and the runs' files): what a progress view shows while the pipeline
// trains in other processes. Reading touches a few files per run, so a UI calls it off its own
// thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "train/pipeline_plan.h"
#include "train/run_label.h"

namespace tpugraphs {

enum class CollectionPhase { Probing, Planned, Training, Trained, Scoring, Scored };
const char* collectionPhaseName(CollectionPhase phase);  // "probing", "planned", ...

struct PipelineRunProgress {
    int seed = 0;
    std::string runDir;
    int64_t steps = 0;  // trained
    RunScore score;     // once scored after training
};

struct PipelineCollectionProgress {
    Collection collection = Collection::TileXla;
    CollectionPhase phase = CollectionPhase::Planned;
    int runsStarted = 0;   // of `seeds`
    int runsFinished = 0;  // completed or early-stopped
    int64_t steps = 0;     // trained, all runs together
    int64_t plannedSteps = 0;
    double elapsedSeconds = 0;  // the runs' training wall time, shared among the runs at once
    double plannedSeconds = 0;  // the plan's training wall time
    std::vector<PipelineRunProgress> runs;  // the runs started
};

struct PipelineProgressState {
    std::optional<PipelineState> state;  // none before the pipeline's first call wrote it
    std::vector<PipelineCollectionProgress> collections;  // none before the plan is written
    // The call's clock from `state`, at the time read: seconds since its start, and until its
    // budget ends (negative: overrun); ended calls stop their clock.
    double elapsedSeconds = 0;
    double remainingSeconds = 0;
};

// Throws RunError naming a damaged plan or state file.
PipelineProgressState readPipelineProgress(const std::string& outDir, int seeds, int workers);

}  // namespace tpugraphs
