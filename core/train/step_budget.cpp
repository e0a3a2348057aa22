// Estimating a step's memory and splitting its graphs into micro-batches within a budget.
#include "train/step_budget.h"

#include <algorithm>

#include "prepare/graph_segments.h"

namespace tpugraphs {

namespace {

constexpr int64_t kBytesPerCell = 28;  // per node, config, hidden unit and block
constexpr int64_t kMiB = 1024 * 1024;

bool fits(int64_t nodes, int64_t configs, const StepBudget& budget) {
    return budget.bytes <= 0 || estimatedStepBytes(nodes, configs, budget) <= budget.bytes;
}

}  // namespace

StepBudget stepBudgetOf(const TrainOptions& options) {
    return {static_cast<int64_t>(std::max(0, options.maxStepMb)) * kMiB, options.hiddenDim,
            options.layers, options.segmentNodes};
}

int64_t estimatedStepBytes(int64_t nodes, int64_t configs, const StepBudget& budget) {
    return kBytesPerCell * nodes * configs * std::max(1, budget.hidden) *
           std::max(1, budget.blocks);
}

int64_t configsWithinBudget(int64_t nodes, int64_t configs, const StepBudget& budget) {
    if (fits(nodes, configs, budget)) return configs;
    const int64_t perConfig = std::max<int64_t>(1, estimatedStepBytes(nodes, 1, budget));
    return std::min(configs, std::max<int64_t>(2, budget.bytes / perConfig));
}

std::vector<int64_t> stepConfigCounts(const TrainingData& data, int64_t configsPerGraph,
                                      const StepBudget& budget, std::vector<std::string>* notes) {
    std::vector<int64_t> counts;
    std::vector<int64_t> stepNodes;
    size_t cut = 0, smallest = 0;
    for (size_t i = 0; i < data.train.size(); ++i) {
        const int64_t wanted = std::min<int64_t>(
            configsPerGraph, static_cast<int64_t>(data.trainSets[i].configs.size()));
        stepNodes.push_back(largestSegmentNodes(data.train[i], budget.segmentNodes));
        counts.push_back(configsWithinBudget(stepNodes.back(), wanted, budget));
        if (counts.back() == wanted) continue;
        if (cut++ == 0 || counts.back() < counts[smallest]) smallest = i;
    }
    if (cut > 0)
        notes->push_back(
            "--max-step-mb " + std::to_string(budget.bytes / kMiB) + ": " + std::to_string(cut) +
            " of " + std::to_string(counts.size()) + " train graphs train on fewer than " +
            std::to_string(configsPerGraph) + " configs per step (as few as " +
            std::to_string(counts[smallest]) + ": " + data.train[smallest].name + ", " +
            std::to_string(stepNodes[smallest]) +
            (budget.segmentNodes > 0 ? " nodes in its largest segment)" : " nodes after pruning)"));
    return counts;
}

std::vector<std::vector<size_t>> microBatches(const std::vector<GraphStepShape>& shapes,
                                              const StepBudget& budget) {
    std::vector<std::vector<size_t>> groups;
    int64_t nodes = 0, configs = 0;
    for (size_t i = 0; i < shapes.size(); ++i) {
        const int64_t joinedNodes = nodes + shapes[i].nodes;
        const int64_t joinedConfigs = std::max(configs, shapes[i].configs);
        if (groups.empty() || !fits(joinedNodes, joinedConfigs, budget)) {
            groups.emplace_back();
            nodes = shapes[i].nodes;
            configs = shapes[i].configs;
        } else {
            nodes = joinedNodes;
            configs = joinedConfigs;
        }
        groups.back().push_back(i);
    }
    return groups;
}

}  // namespace tpugraphs
