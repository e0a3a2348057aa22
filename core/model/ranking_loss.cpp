// Ranking losses.
#include "model/ranking_loss.h"

#include <torch/nn/functional/activation.h>

namespace tpugraphs {

namespace {

// Per-graph min-max scaling of the target over the unmasked entries, into [0, 1].
torch::Tensor minMaxScaled(const torch::Tensor& target, const torch::Tensor& mask) {
    const double inf = std::numeric_limits<double>::infinity();
    auto low = target.masked_fill(~mask, inf).amin(1, true);
    auto high = target.masked_fill(~mask, -inf).amax(1, true);
    return ((target - low) / (high - low).clamp_min(1e-12)).masked_fill(~mask, 0);
}

// Mask of ordered pairs (i, j) [G, K, K] where config i is strictly faster than config j.
torch::Tensor fasterPairs(const torch::Tensor& target, const torch::Tensor& mask) {
    auto valid = mask.unsqueeze(2) & mask.unsqueeze(1);
    return valid & (target.unsqueeze(2) < target.unsqueeze(1));
}

torch::Tensor overPairs(const torch::Tensor& values, const torch::Tensor& pairs) {
    return (values * pairs).sum();
}

// Graphs with at least 2 configs [G] bool: ListMLE's terms.
torch::Tensor rankableGraphs(const torch::Tensor& mask) {
    return mask.sum(1) > 1;
}

torch::Tensor listMle(const torch::Tensor& scores, const torch::Tensor& target,
                      const torch::Tensor& mask) {
    const double inf = std::numeric_limits<double>::infinity();
    auto order = target.masked_fill(~mask, inf).argsort(int64_t{1});  // fastest first, padding last
    auto utility = (-scores).gather(1, order);
    auto present = mask.gather(1, order);
    utility = utility.masked_fill(~present, -1e9);
    // log sum_{j >= i} exp(u_j): reversed cumulative logsumexp.
    auto tail = torch::logcumsumexp(utility.flip({1}), 1).flip({1});
    auto perItem = (tail - utility).masked_fill(~present, 0);
    auto perGraph = perItem.sum(1) / present.sum(1).clamp_min(1);
    return (perGraph * rankableGraphs(mask)).sum();
}

torch::Tensor termSum(const torch::Tensor& scores, const torch::Tensor& target,
                      const torch::Tensor& mask, const RankingLossOptions& options) {
    switch (options.type) {
        case LossType::Mse:
            return (scores - minMaxScaled(target, mask)).masked_fill(~mask, 0).pow(2).sum();
        case LossType::PairwiseHinge: {
            auto gap = scores.unsqueeze(1) - scores.unsqueeze(2);  // [g, i, j] = s_j - s_i
            return overPairs(torch::relu(options.margin - gap), fasterPairs(target, mask));
        }
        case LossType::ListMle:
            return listMle(scores, target, mask);
        case LossType::MarginRanking: {
            auto scaled = minMaxScaled(target, mask);
            auto gap = scores.unsqueeze(1) - scores.unsqueeze(2);
            auto required = options.margin * (scaled.unsqueeze(1) - scaled.unsqueeze(2)).abs();
            return overPairs(torch::relu(required - gap), fasterPairs(target, mask));
        }
    }
    throw std::invalid_argument("unknown loss type");
}

}  // namespace

RankingLossTerms rankingLossTerms(const torch::Tensor& scores, const torch::Tensor& target,
                                  const torch::Tensor& mask, const RankingLossOptions& options) {
    return {termSum(scores, target, mask, options), rankingLossCount(target, mask, options)};
}

torch::Tensor rankingLossCount(const torch::Tensor& target, const torch::Tensor& mask,
                               const RankingLossOptions& options) {
    switch (options.type) {
        case LossType::Mse:
            return mask.sum();
        case LossType::PairwiseHinge:
        case LossType::MarginRanking:
            return fasterPairs(target, mask).sum();
        case LossType::ListMle:
            return rankableGraphs(mask).sum();
    }
    throw std::invalid_argument("unknown loss type");
}

torch::Tensor rankingLoss(const torch::Tensor& scores, const torch::Tensor& target,
                          const torch::Tensor& mask, const RankingLossOptions& options) {
    const RankingLossTerms terms = rankingLossTerms(scores, target, mask, options);
    return terms.sum / terms.count.clamp_min(1);
}

}  // namespace tpugraphs
