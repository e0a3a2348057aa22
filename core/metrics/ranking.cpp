// Argsort of predicted scores (lower = faster), stable, NaN last.
#include "metrics/ranking.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace tpugraphs {
namespace {

// Strict order on config indices: by score ascending, NaN after every number, then by index.
struct ScoreOrder {
    const std::vector<float>& scores;
    bool operator()(int64_t a, int64_t b) const {
        const float sa = scores[static_cast<size_t>(a)], sb = scores[static_cast<size_t>(b)];
        const bool nanA = std::isnan(sa), nanB = std::isnan(sb);
        if (nanA != nanB) return nanB;
        if (!nanA && sa != sb) return sa < sb;
        return a < b;
    }
};

std::vector<int64_t> indices(size_t n) {
    std::vector<int64_t> order(n);
    std::iota(order.begin(), order.end(), int64_t{0});
    return order;
}

}  // namespace

std::vector<int64_t> rankByScore(const std::vector<float>& scores) {
    std::vector<int64_t> order = indices(scores.size());
    std::sort(order.begin(), order.end(), ScoreOrder{scores});
    return order;
}

std::vector<int64_t> topKByScore(const std::vector<float>& scores, size_t k) {
    std::vector<int64_t> order = indices(scores.size());
    k = std::min(k, order.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k), order.end(),
                      ScoreOrder{scores});
    order.resize(k);
    return order;
}

std::vector<float> meanNormalizedRanks(const std::vector<std::vector<float>>& scores) {
    if (scores.empty()) throw std::invalid_argument("ensemble: no scores");
    const size_t n = scores.front().size();
    std::vector<double> sums(n, 0.0);
    for (const auto& model : scores) {
        if (model.size() != n) throw std::invalid_argument("ensemble: score counts differ");
        const std::vector<int64_t> order = rankByScore(model);
        for (size_t begin = 0; begin < n;) {
            size_t end = begin + 1;  // [begin, end): a run of equal scores shares its mean rank
            while (end < n && model[static_cast<size_t>(order[end])] ==
                                  model[static_cast<size_t>(order[begin])])
                ++end;
            const double rank = 0.5 * static_cast<double>(begin + end - 1);
            for (size_t i = begin; i < end; ++i) sums[static_cast<size_t>(order[i])] += rank;
            begin = end;
        }
    }
    const double scale = n > 1 ? 1.0 / (static_cast<double>(n - 1) * scores.size()) : 0.0;
    std::vector<float> mean(n);
    for (size_t i = 0; i < n; ++i) mean[i] = static_cast<float>(sums[i] * scale);
    return mean;
}

}  // namespace tpugraphs
