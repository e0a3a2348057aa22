// The submission pipeline's files beside its runs: OUT/pipeline.json (the options and the plan
// made from the probes, which a resumed call follows) and OUT/pipeline_state.json (the stage
// the pipeline is in and its clock, for a progress view); the probes: pipeline_probes.h. Every file
// is written atomically; a damaged one is a RunError naming it. No torch.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "train/pipeline_budget.h"

namespace tpugraphs {

struct PipelineOptions {
    std::string datasetRoot;
    std::string outDir;
    double budgetMinutes = 60;  // the whole call: probes, training and scoring
    int seeds = 3;              // runs per collection, ensembled
    int workers = 1;            // runs trained at once
    std::string templatePath;   // rows of graphs the dataset lacks (e.g. the sample submission)
    std::string program;        // the `tpugraphs` CLI; empty = the one beside this program
};

// The plan recorded in `outDir` (empty when none yet) and, when `recorded` is given, the options
// it was made with (dataset, budget, seeds, workers).
std::vector<PipelineCollectionPlan> readPipelinePlan(const std::string& outDir,
                                                     PipelineOptions* recorded = nullptr);
void writePipelinePlan(const PipelineOptions& options,
                       const std::vector<PipelineCollectionPlan>& plans);
// Whether a plan recorded with `recorded` can be resumed by a call with `options`: the same
// dataset, budget, seeds and runs at once.
bool resumesPipeline(const PipelineOptions& recorded, const PipelineOptions& options);
// options.outDir when a call with `options` can write there (no plan yet, or one it resumes),
// else the first of outDir-2, outDir-3, ... that can.
std::string folderForPipeline(PipelineOptions options);

enum class PipelineStage { Probing, Training, Scoring, Predicting, Finished, Stopped, Failed };
const char* pipelineStageName(PipelineStage stage);  // "probing", ...

struct PipelineState {
    PipelineStage stage = PipelineStage::Probing;
    std::optional<Collection> collection;  // the one probed or scored
    double startedAt = 0;                  // the call's start, seconds since the Unix epoch
    double budgetMinutes = 0;
    double trainingEnd = 0;  // seconds after the start by which the runs end (0: not planned)
    double endedAt = 0;      // Finished, Stopped or Failed: when, seconds since the epoch
};
// The state recorded (nullopt when none).
std::optional<PipelineState> readPipelineState(const std::string& outDir);
void writePipelineState(const std::string& outDir, const PipelineState& state);
// Seconds since the Unix epoch, as the state records times.
double unixSeconds();

}  // namespace tpugraphs
