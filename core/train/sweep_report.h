// A sweep's results as tables: one CSV row per trial, and a markdown table per collection with
// one row per point (mean and per-seed metrics at the last step, time) and the reference rows
// (ridge, heuristic, oracle) a learned model is judged against. No torch.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "export/reference_scores.h"
#include "train/sweep_runner.h"

namespace tpugraphs {

struct SweepTables {
    std::string csv;
    std::string markdown;
};

SweepTables sweepTables(const std::vector<TrialResult>& results,
                        const std::vector<SweepEvaluation>& evaluations,
                        const std::map<Collection, std::vector<ReferenceScore>>& references);

}  // namespace tpugraphs
