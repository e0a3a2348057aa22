// Test helper: the weights of a run directory's last checkpoint, flattened into one tensor.
#pragma once

#include <torch/types.h>

#include <string>
#include <vector>

#include "model/checkpoint.h"
#include "model/cost_model.h"
#include "train/feature_normalizer.h"
#include "train/run_directory.h"

namespace tpugraphs::test {

inline torch::Tensor lastWeights(const std::string& dir) {
    const RunInfo run = loadRunInfo(dir);
    const CheckpointMeta meta = readCheckpointMeta(dir + "/last.pt");
    const auto nodes = FeatureNormalizer::fromJson(meta.nodeNormalizer);
    auto model = makeCostModel(costModelOptions(run.options, nodes.outputColumns(), 0));
    loadCheckpoint(dir + "/last.pt", meta.modelType, *model, nullptr, torch::kCPU);
    std::vector<torch::Tensor> flat;
    for (const auto& parameter : model->parameters()) flat.push_back(parameter.reshape({-1}));
    return torch::cat(flat);
}

}  // namespace tpugraphs::test
