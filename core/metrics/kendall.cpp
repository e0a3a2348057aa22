// Kendall's tau-b in O(n log n): sort by (x, y), count tie groups, count discordant pairs as the
// inversions of y by a bottom-up merge sort, count y tie groups on the merged (sorted) y.
#include "metrics/kendall.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace tpugraphs {
namespace {

int64_t pairsIn(int64_t groupSize) {
    return groupSize * (groupSize - 1) / 2;
}

// Sum of t(t-1)/2 over runs of equal values in [begin, end) according to `same`.
template <typename It, typename Same>
int64_t tiedPairs(It begin, It end, Same same) {
    int64_t total = 0;
    It run = begin;
    for (It it = begin; it != end; ++it) {
        if (!same(*run, *it)) {
            total += pairsIn(it - run);
            run = it;
        }
    }
    return total + pairsIn(end - run);
}

// Sorts `values` ascending and returns the number of pairs i < j with values[i] > values[j].
int64_t sortCountingInversions(std::vector<double>& values) {
    const size_t n = values.size();
    std::vector<double> buffer(n);
    int64_t inversions = 0;
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            const size_t mid = std::min(lo + width, n), hi = std::min(lo + 2 * width, n);
            size_t i = lo, j = mid, out = lo;
            while (i < mid && j < hi) {
                if (values[j] < values[i]) {
                    inversions += static_cast<int64_t>(mid - i);  // values[j] beats all left rest
                    buffer[out++] = values[j++];
                } else {
                    buffer[out++] = values[i++];
                }
            }
            while (i < mid) buffer[out++] = values[i++];
            while (j < hi) buffer[out++] = values[j++];
        }
        values.swap(buffer);
    }
    return inversions;
}

}  // namespace

PairCounts countPairs(const double* x, const double* y, size_t n) {
    std::vector<std::pair<double, double>> xy(n);
    for (size_t i = 0; i < n; ++i) {
        if (std::isnan(x[i]) || std::isnan(y[i]))
            throw std::invalid_argument("Kendall tau: input value " + std::to_string(i) +
                                        " is NaN");
        xy[i] = {x[i], y[i]};
    }
    std::sort(xy.begin(), xy.end());

    PairCounts counts;
    counts.n = static_cast<int64_t>(n);
    counts.totalPairs = pairsIn(counts.n);
    counts.tiedX = tiedPairs(xy.begin(), xy.end(),
                             [](const auto& a, const auto& b) { return a.first == b.first; });
    counts.tiedXY =
        tiedPairs(xy.begin(), xy.end(), [](const auto& a, const auto& b) { return a == b; });

    std::vector<double> ys(n);
    for (size_t i = 0; i < n; ++i) ys[i] = xy[i].second;
    xy = {};
    // Within an x tie group y is ascending, so every inversion is a pair with x_i < x_j and
    // y_i > y_j: a discordant pair.
    counts.discordant = sortCountingInversions(ys);
    counts.tiedY = tiedPairs(ys.begin(), ys.end(), [](double a, double b) { return a == b; });
    counts.concordant =
        counts.totalPairs - counts.tiedX - counts.tiedY + counts.tiedXY - counts.discordant;
    return counts;
}

double kendallTauFromCounts(const PairCounts& c) {
    const int64_t untiedX = c.totalPairs - c.tiedX, untiedY = c.totalPairs - c.tiedY;
    if (untiedX <= 0 || untiedY <= 0) return 0.0;  // n < 2 or a constant input (scipy: NaN)
    // Same operation order as scipy, so results agree to the last bit in practice.
    const double tau = static_cast<double>(c.concordant - c.discordant) /
                       std::sqrt(static_cast<double>(untiedX)) /
                       std::sqrt(static_cast<double>(untiedY));
    return std::clamp(tau, -1.0, 1.0);
}

double kendallTau(const double* x, const double* y, size_t n) {
    return kendallTauFromCounts(countPairs(x, y, n));
}

double kendallTau(const std::vector<double>& x, const std::vector<double>& y) {
    if (x.size() != y.size())
        throw std::invalid_argument("Kendall tau: inputs differ in size (" +
                                    std::to_string(x.size()) + " vs " + std::to_string(y.size()) +
                                    ")");
    return kendallTau(x.data(), y.data(), x.size());
}

}  // namespace tpugraphs
