// Test helper: the weights of a run directory's last checkpoint, flattened.
#include "run_weights.h"

#include <torch/types.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "model/cost_model.h"
#include "prepare/feature_normalizer.h"
#include "train/checkpoint.h"
#include "train/component_options.h"
#include "train/run_directory.h"

namespace tpugraphs::test {

std::vector<float> lastWeights(const std::string& dir) {
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
    const torch::Tensor all = torch::cat(flat).to(torch::kFloat).contiguous();
    return {all.data_ptr<float>(), all.data_ptr<float>() + all.numel()};
}

double maxAbsDifference(const std::vector<float>& a, const std::vector<float>& b) {
    if (a.size() != b.size()) return std::numeric_limits<double>::infinity();
    double largest = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        const double difference = std::fabs(static_cast<double>(a[i]) - b[i]);
        if (std::isnan(difference)) return difference;  // as the tensors' max() would
        largest = std::max(largest, difference);
    }
    return largest;
}

}  // namespace tpugraphs::test
