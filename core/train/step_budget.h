// A training step's memory budget (--max-step-mb): the estimated bytes of a graph's forward and
// backward pass, the configs of a graph that fit the budget alone, and the micro-batches a
// step's graphs are split into. Plain C++.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "train/train_options.h"
#include "train/training_data.h"

namespace tpugraphs {

// A run's budget comes from stepBudgetOf (the option table's defaults through its options).
struct StepBudget {
    int64_t bytes = 0;         // 0 = no budget
    int hidden = 0;            // the model's hidden width
    int blocks = 0;            // its message-passing blocks
    int64_t segmentNodes = 0;  // graph segment training: a step holds one segment's rows
};
StepBudget stepBudgetOf(const TrainOptions& options);

// Bytes a step holds for `nodes` node rows x `configs` configs until its backward pass:
// 28 bytes per node, config, hidden unit and block. Calibrated on the real nlp graph (2,850
// pruned nodes, hidden 64, 3 blocks, fused CPU kernels): peak RSS 424 MiB at 16 configs and
// 1,106 MiB at 64 (bench train --graph, 1 thread), 14.2 MiB per config; the ~200 MiB left at
// 0 configs is the process (LibTorch, the loaded data), not the step.
int64_t estimatedStepBytes(int64_t nodes, int64_t configs, const StepBudget& budget);

// The configs a graph of `nodes` nodes trains on per step: `configs` when they fit the budget
// (or there is none), else the most that fit, but at least 2 (a ranking needs 2).
int64_t configsWithinBudget(int64_t nodes, int64_t configs, const StepBudget& budget);

// Per train graph of `data`: the configs a step samples, min(configsPerGraph, its configs) cut
// to the budget (for its largest segment under graph segment training). When graphs are cut, one
// line for `notes` says how many and the smallest cut.
std::vector<int64_t> stepConfigCounts(const TrainingData& data, int64_t configsPerGraph,
                                      const StepBudget& budget, std::vector<std::string>* notes);

struct GraphStepShape {
    int64_t nodes = 0, configs = 0;
};
// Groups of consecutive graphs (indices into `shapes`) whose batch (their node rows x the
// group's largest config count, as buildGraphBatch pads it) fits the budget; a graph that does
// not fit alone is a group of its own. One group of all graphs without a budget.
std::vector<std::vector<size_t>> microBatches(const std::vector<GraphStepShape>& shapes,
                                              const StepBudget& budget);

}  // namespace tpugraphs
