// Losses over per-graph config scores [G, K] (lower score = predicted faster) against runtimes.
#pragma once

#include <torch/types.h>

#include "model/model_kinds.h"

namespace tpugraphs {

struct RankingLossOptions {
    LossType type = LossType::PairwiseHinge;
    double margin = 0.1;
};

// scores, target [G, K] (target: runtime, lower = faster), mask [G, K] bool (false = padding).
// - Mse: mean squared error between scores and the per-graph min-max scaled target.
// - PairwiseHinge: mean over pairs (i faster than j) of relu(margin - (s_j - s_i)).
// - ListMle: Plackett-Luce negative log-likelihood of the true order (fastest first) under
//   utilities -s, per graph, averaged.
// - MarginRanking: over the full pairwise difference matrix, relu(margin * |t_i - t_j| -
//   sign(t_j - t_i) (s_j - s_i)) with t min-max scaled: the required gap grows with the runtime
//   gap.
// Graphs whose configs all tie contribute nothing. Returns a scalar.
torch::Tensor rankingLoss(const torch::Tensor& scores, const torch::Tensor& target,
                          const torch::Tensor& mask, const RankingLossOptions& options);

// Each loss is a sum of terms over the batch divided by their count (pairs, configs, or
// graphs): rankingLoss = sum / max(count, 1). Data-parallel training sums both over the ranks
// first, so a batch split over ranks has exactly the loss of the whole batch.
struct RankingLossTerms {
    torch::Tensor sum;    // scalar, differentiable
    torch::Tensor count;  // scalar
};
RankingLossTerms rankingLossTerms(const torch::Tensor& scores, const torch::Tensor& target,
                                  const torch::Tensor& mask, const RankingLossOptions& options);
// The count of rankingLossTerms without the scores (it depends on the targets and the mask
// only): a step split into micro-batches divides each one's sum by the whole batch's count.
torch::Tensor rankingLossCount(const torch::Tensor& target, const torch::Tensor& mask,
                               const RankingLossOptions& options);

}  // namespace tpugraphs
