// Chunked config scoring with test-time averaging over shuffled orders.
#include "model/config_scorer.h"

#include <torch/csrc/autograd/grad_mode.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "model/graph_batch.h"

namespace tpugraphs {

namespace {

// Scores order[begin, begin + chunk) (wrapping to the start of `order` when the end is
// reached and `wrap` is set) on each segment and adds the scores of order[begin, end) to `sums`.
void scoreChunk(CostModelImpl& model, const PreparedGraph& graph,
                const std::vector<NodeRange>& segments, const std::vector<int64_t>& configs,
                const std::vector<size_t>& order, size_t begin, size_t chunk, bool wrap,
                const torch::Device& device, std::vector<double>& sums) {
    const size_t end = std::min(order.size(), begin + chunk);
    const size_t width = wrap ? std::min(chunk, order.size()) : end - begin;
    BatchItem item;
    item.graph = &graph;
    for (size_t i = 0; i < width; ++i)
        item.configs.push_back(configs[order[(begin + i) % order.size()]]);
    for (const NodeRange& segment : segments) {
        item.rows = segment;
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
    const bool compares = model.comparesConfigs();
    const int rounds = compares ? std::max(1, options.averages) : 1;
    const size_t chunk = static_cast<size_t>(std::max<int64_t>(1, options.chunk));
    std::vector<double> sums(configs.size(), 0.0);
    std::vector<size_t> order(configs.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::mt19937_64 rng(options.seed);
    const std::vector<NodeRange> segments = graphSegments(graph, options.segmentNodes);
    const int64_t total = static_cast<int64_t>(configs.size()) * rounds;
    int64_t done = 0;
    for (int round = 0; round < rounds; ++round) {
        if (compares) std::shuffle(order.begin(), order.end(), rng);
        for (size_t begin = 0; begin < order.size(); begin += chunk) {
            scoreChunk(model, graph, segments, configs, order, begin, chunk, compares, device,
                       sums);
            done += static_cast<int64_t>(std::min(chunk, order.size() - begin));
            if (options.progress) options.progress(done, total);
        }
    }
    model.train(wasTraining);
    std::vector<float> scores(configs.size());
    for (size_t i = 0; i < scores.size(); ++i) scores[i] = static_cast<float>(sums[i] / rounds);
    return scores;
}

}  // namespace tpugraphs
