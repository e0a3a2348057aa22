// One optimiser step of a run: the step's graphs (a seeded shuffle per epoch), their sampled
// configs, forward and backward in micro-batches within the memory budget (one segment per cut
// graph under graph segment training), the gradients summed over the ranks of a process group,
// clipping and the update. Included by the trainer's .cpp files only (torch types).
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <torch/types.h>

#include "model/cost_model.h"
#include "model/graph_batch.h"
#include "train/segment_training.h"
#include "train/step_budget.h"
#include "train/training_data.h"

namespace tpugraphs {

class DataParallel;
class FlatAdam;

class TrainingStep {
public:
    // `parallel` is null when training alone. Notes on graphs the budget cuts and on segments
    // go to notes().
    TrainingStep(const TrainOptions& options, const TrainingData& data, CostModelImpl& model,
                 FlatAdam& optimizer, const torch::Device& device, DataParallel* parallel);
    ~TrainingStep();

    int64_t batchesPerEpoch() const { return m_batchesPerEpoch; }
    const std::vector<std::string>& notes() const { return m_notes; }

    // Runs step `step` (0-based) of a run of `totalSteps`: returns its training loss (over the
    // ranks) and adds the configs this process trained on to *configs. Throws TrainingFailure
    // on a non-finite loss or gradient norm (the weights are then not updated).
    double run(int64_t step, int64_t totalSteps, int64_t* configs);

private:
    std::vector<BatchItem> stepItems(int64_t step, std::mt19937_64& rng) const;
    // Graph Segment Training's stand-in scores: one segment's scores, no gradients or dropout.
    std::vector<float> scoreSegment(const BatchItem& item);
    // The loss terms of the whole step (every rank's items): each micro-batch's loss sum is
    // divided by it, so the micro-batches' (and the ranks') gradients add up to the batch's.
    torch::Tensor stepTermCount(const std::vector<BatchItem>& items) const;
    // Forward and backward of this rank's items in micro-batches; returns the summed loss of
    // the micro-batches, each divided by `count`.
    double forwardBackward(const std::vector<BatchItem>& mine, const torch::Tensor& count,
                           std::mt19937_64& rng);

    const TrainOptions& m_options;
    const TrainingData& m_data;
    CostModelImpl& m_model;
    FlatAdam& m_optimizer;
    torch::Device m_device;
    DataParallel* m_parallel;
    int64_t m_batchesPerEpoch = 1;
    StepBudget m_budget;
    std::vector<int64_t> m_stepConfigs;           // per train graph: configs sampled per step
    std::unique_ptr<SegmentTraining> m_segments;  // segmentNodes > 0: graph segment training
    std::vector<std::string> m_notes;
};

}  // namespace tpugraphs
