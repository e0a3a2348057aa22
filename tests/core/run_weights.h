// Test helper: the weights of a run directory's last checkpoint, flattened into one tensor.
#pragma once

#include <torch/types.h>

#include <string>
#include <vector>

#include "model/cost_model.h"
#include "prepare/feature_normalizer.h"
#include "train/checkpoint.h"
#include "train/component_options.h"
#include "train/run_directory.h"

namespace tpugraphs::test {

inline torch::Tensor lastWeights(const std::string& dir) {
    const RunInfo run = loadRunInfo(dir);
    const CheckpointMeta meta = readCheckpointMeta(dir + "/last.pt");
    const auto nodes = FeatureNormalizer::fromJson(meta.nodeNormalizer);
    const int64_t configs =
        meta.configNormalizer.empty()
            ? 0
            : FeatureNormalizer::fromJson(meta.configNormalizer).outputColumns();
    auto model = makeCostModel(costModelOptions(run.options, nodes.outputColumns(), configs));
    loadCheckpoint(dir + "/last.pt", meta.modelType, *model, nullptr, torch::kCPU);
    std::vector<torch::Tensor> flat;
    for (const auto& parameter : model->parameters()) flat.push_back(parameter.reshape({-1}));
    return torch::cat(flat);
}

}  // namespace tpugraphs::test
