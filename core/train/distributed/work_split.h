// Splitting work items over ranks by cost: the longest item first to the least loaded rank.
// Deterministic, so every rank computes the same split without talking to the others.
#pragma once

#include <vector>

namespace tpugraphs {

// The rank of each item (items of equal cost keep their order).
std::vector<int> balancedOwners(const std::vector<double>& costs, int ranks);

}  // namespace tpugraphs
