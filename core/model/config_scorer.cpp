// Chunked config scoring with optional test-time averaging over shuffled orders.
#include "model/config_scorer.h"

#include <torch/csrc/autograd/grad_mode.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "model/graph_batch.h"

namespace tpugraphs {

namespace {

void scoreInOrder(CostModelImpl& model, const PreparedGraph& graph,
                  const std::vector<int64_t>& configs, const std::vector<size_t>& order,
                  const torch::Device& device, int64_t chunk, std::vector<double>& sums) {
    for (size_t begin = 0; begin < order.size(); begin += static_cast<size_t>(chunk)) {
        const size_t end = std::min(order.size(), begin + static_cast<size_t>(chunk));
        BatchItem item;
        item.graph = &graph;
        for (size_t i = begin; i < end; ++i) item.configs.push_back(configs[order[i]]);
        auto batch = buildGraphBatch({item});
        auto scores = model.forward(batch.model.to(device)).to(torch::kCPU).contiguous();
        const float* s = scores.data_ptr<float>();
        for (size_t i = begin; i < end; ++i) sums[order[i]] += s[i - begin];
    }
}

}  // namespace

std::vector<float> scoreConfigs(CostModelImpl& model, const PreparedGraph& graph,
                                const std::vector<int64_t>& configs, const torch::Device& device,
                                const ScoreOptions& options) {
    torch::NoGradGuard noGrad;
    const bool wasTraining = model.is_training();
    model.eval();
    std::vector<double> sums(configs.size(), 0.0);
    std::vector<size_t> order(configs.size());
    std::iota(order.begin(), order.end(), size_t{0});
    const int averages = model.comparesConfigs() ? std::max(1, options.averages) : 1;
    std::mt19937_64 rng(options.seed);
    for (int round = 0; round < averages; ++round) {
        if (round > 0) std::shuffle(order.begin(), order.end(), rng);
        scoreInOrder(model, graph, configs, order, device, std::max<int64_t>(1, options.chunk),
                     sums);
    }
    model.train(wasTraining);
    std::vector<float> scores(configs.size());
    for (size_t i = 0; i < scores.size(); ++i) scores[i] = static_cast<float>(sums[i] / averages);
    return scores;
}

}  // namespace tpugraphs
