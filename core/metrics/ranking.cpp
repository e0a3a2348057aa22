// Argsort of predicted scores (lower = faster), stable, NaN last.
#include "metrics/ranking.h"

#include <algorithm>
#include <cmath>
#include <numeric>

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

}  // namespace tpugraphs
