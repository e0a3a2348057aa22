// Pipeline progress from the plan and the runs' files.
#include "train/pipeline_progress.h"

#include <algorithm>

#include "train/run_directory.h"
#include "train/submission_pipeline.h"

namespace tpugraphs {

std::vector<PipelineCollectionProgress> readPipelineProgress(const std::string& outDir,
                                                             int seeds) {
    std::vector<PipelineCollectionProgress> progress;
    for (const PipelineCollectionPlan& plan : readPipelinePlan(outDir)) {
        PipelineCollectionProgress row;
        row.collection = plan.collection;
        row.plannedSteps = plan.steps * seeds;
        for (int seed = 0; seed < seeds; ++seed) {
            const std::string dir = pipelineRunDirectory(outDir, plan.collection, seed);
            if (!isRunDirectory(dir)) continue;
            const RunInfo run = readRunForListing(dir);
            ++row.runsStarted;
            int64_t step = run.step;
            for (const TrainProgress& p : run.history) step = std::max(step, p.step);
            row.steps += step;
            if (run.status == RunStatus::Completed || run.status == RunStatus::EarlyStopped)
                ++row.runsFinished;
        }
        progress.push_back(row);
    }
    return progress;
}

}  // namespace tpugraphs
