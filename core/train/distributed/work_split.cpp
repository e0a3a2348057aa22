// Longest-processing-time-first assignment of items to ranks.
#include "train/distributed/work_split.h"

#include <algorithm>
#include <numeric>

namespace tpugraphs {

std::vector<int> balancedOwners(const std::vector<double>& costs, int ranks) {
    std::vector<size_t> order(costs.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return costs[a] > costs[b]; });
    std::vector<double> load(static_cast<size_t>(std::max(1, ranks)), 0.0);
    std::vector<int> owners(costs.size(), 0);
    for (size_t item : order) {
        const auto least = std::min_element(load.begin(), load.end());
        owners[item] = static_cast<int>(least - load.begin());
        *least += costs[item];
    }
    return owners;
}

}  // namespace tpugraphs
