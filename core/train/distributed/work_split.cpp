// Longest-processing-time-first assignment of items to ranks of given speeds, then single-item
// moves and swaps away from the rank that finishes last while they bring its finish forward.
#include "train/distributed/work_split.h"

#include <algorithm>
#include <numeric>

namespace tpugraphs {

namespace {

// Each item's rank and each rank's finish: the sum of its items' costs times its seconds per unit.
class RankSchedule {
public:
    RankSchedule(const std::vector<double>& costs, int ranks,
                 const std::vector<double>& secondsPerUnit)
        : m_costs(costs),
          m_time(size_t(ranks), 1.0),
          m_finish(size_t(ranks), 0.0),
          m_owners(costs.size(), 0) {
        if (secondsPerUnit.size() == m_time.size()) m_time = secondsPerUnit;
    }

    // Longest first, each to the rank that would finish it first (the lowest rank on a tie).
    void assignLongestFirst() {
        std::vector<size_t> order(m_costs.size());
        std::iota(order.begin(), order.end(), size_t{0});
        std::stable_sort(order.begin(), order.end(),
                         [&](size_t a, size_t b) { return m_costs[a] > m_costs[b]; });
        for (size_t item : order) {
            size_t best = 0;
            for (size_t r = 1; r < m_finish.size(); ++r)
                if (finishWith(r, item) < finishWith(best, item)) best = r;
            m_owners[item] = int(best);
            m_finish[best] += m_costs[item] * m_time[best];
        }
    }

    // Moves one item from the last rank to finish to another, or swaps one of its items with
    // another rank's, the change that brings the later of the two ranks' finishes forward most,
    // while there is one: each lowers the latest finish or the ranks at it (a step's few graphs
    // need a handful of rounds; 64 at most).
    void improve() {
        for (int round = 0; round < 64 && improveOnce(); ++round) {
        }
    }

    const std::vector<int>& owners() const { return m_owners; }

private:
    double finishWith(size_t rank, size_t item) const {
        return m_finish[rank] + m_costs[item] * m_time[rank];
    }

    bool improveOnce() {
        const size_t last =
            size_t(std::max_element(m_finish.begin(), m_finish.end()) - m_finish.begin());
        double bestLater = m_finish[last];
        size_t bestItem = 0, bestOther = 0, bestRank = 0;
        bool found = false, swap = false;
        for (size_t i = 0; i < m_costs.size(); ++i) {
            if (size_t(m_owners[i]) != last) continue;
            const double from = m_costs[i] * m_time[last];
            for (size_t r = 0; r < m_finish.size(); ++r) {
                if (r == last) continue;
                const double moved = std::max(m_finish[last] - from, finishWith(r, i));
                if (moved < bestLater - 1e-12 * bestLater) {
                    bestLater = moved, bestItem = i, bestRank = r, found = true, swap = false;
                }
                for (size_t j = 0; j < m_costs.size(); ++j) {
                    if (size_t(m_owners[j]) != r) continue;
                    const double swapped =
                        std::max(m_finish[last] - from + m_costs[j] * m_time[last],
                                 m_finish[r] - m_costs[j] * m_time[r] + m_costs[i] * m_time[r]);
                    if (swapped < bestLater - 1e-12 * bestLater) {
                        bestLater = swapped, bestItem = i, bestOther = j, bestRank = r;
                        found = swap = true;
                    }
                }
            }
        }
        if (!found) return false;
        moveItem(bestItem, bestRank);
        if (swap) moveItem(bestOther, last);
        return true;
    }

    void moveItem(size_t item, size_t to) {
        const size_t from = size_t(m_owners[item]);
        m_finish[from] -= m_costs[item] * m_time[from];
        m_finish[to] += m_costs[item] * m_time[to];
        m_owners[item] = int(to);
    }

    const std::vector<double>& m_costs;
    std::vector<double> m_time;    // per rank: seconds per unit of cost
    std::vector<double> m_finish;  // per rank
    std::vector<int> m_owners;     // per item
};

}  // namespace

std::vector<int> balancedOwners(const std::vector<double>& costs, int ranks,
                                const std::vector<double>& secondsPerUnit) {
    RankSchedule schedule(costs, std::max(1, ranks), secondsPerUnit);
    schedule.assignLongestFirst();
    schedule.improve();
    return schedule.owners();
}

}  // namespace tpugraphs
