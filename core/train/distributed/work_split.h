// Splitting work items over ranks so that they finish together: the longest item first to the
// rank that would finish it first, then moves and swaps of single items that shorten the
// slowest rank. Deterministic, so every rank computes the same split without talking to the
// others.
#pragma once

#include <vector>

namespace tpugraphs {

// The rank of each item. `costs`: each item's work in any unit; `secondsPerUnit`: each rank's
// time per unit of work (empty: all ranks equally fast). A rank's finish is the sum of its
// items' costs times its time per unit; the split minimises the latest finish greedily (items
// of equal cost keep their order).
std::vector<int> balancedOwners(const std::vector<double>& costs, int ranks,
                                const std::vector<double>& secondsPerUnit = {});

}  // namespace tpugraphs
