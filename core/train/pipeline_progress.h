// How far a submission pipeline has come, read from its folder alone (OUT/pipeline.json and the
// runs' state files): what a progress view shows while the pipeline trains in other processes.
// Reading touches a few files per run, so a UI calls it off its own thread.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "data/collection.h"

namespace tpugraphs {

struct PipelineCollectionProgress {
    Collection collection = Collection::TileXla;
    int runsStarted = 0;   // of `seeds`
    int runsFinished = 0;  // completed or early-stopped
    int64_t steps = 0;     // trained, all runs together
    int64_t plannedSteps = 0;
};

// One entry per planned collection (none before the plan is written). Throws RunError naming
// a damaged plan file.
std::vector<PipelineCollectionProgress> readPipelineProgress(const std::string& outDir, int seeds);

}  // namespace tpugraphs
