// The submission pipeline's report (OUT/report.md): the budget and the bound it was kept
// within, per collection the steps planned and trained, the time, the valid scores of the
// ensemble, its runs and the references, and the submission written. No torch.
#pragma once

#include <string>

#include "train/submission_pipeline.h"

namespace tpugraphs {

std::string pipelineReport(const PipelineOptions& options, const PipelineOutcome& outcome);

// A number of minutes as people write it: "2", "1.5", "0.25".
std::string minutesText(double minutes);

}  // namespace tpugraphs
