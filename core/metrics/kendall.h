// Kendall's tau-b (same value as scipy.stats.kendalltau's default) and pair counts, O(n log n).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tpugraphs {

// Pair statistics of two paired samples x, y over all n(n-1)/2 pairs (i < j).
// A pair is concordant when x and y order it the same way (both strictly), discordant when
// opposite (both strictly). Counts are exact 64-bit integers (n up to ~4e9 without overflow).
struct PairCounts {
    int64_t n = 0;
    int64_t totalPairs = 0;  // n(n-1)/2
    int64_t concordant = 0;  // sign(x_i - x_j) == sign(y_i - y_j) != 0
    int64_t discordant = 0;  // sign(x_i - x_j) == -sign(y_i - y_j) != 0
    int64_t tiedX = 0;       // pairs with x_i == x_j (including those also tied in y)
    int64_t tiedY = 0;       // pairs with y_i == y_j (including those also tied in x)
    int64_t tiedXY = 0;      // pairs tied in both
};

// Counts in O(n log n) (samples ranked mostly without comparison sorts, inversions counted two bits
// at a time; two threads from 2^16 values; scratch memory kept per thread up to 32 MiB), reading
// the values in place: X and Y are each double, float, int64_t or int32_t, compared in their own
// type (no conversion). Throws std::invalid_argument when an input holds NaN or n >= 2^32.
template <typename X, typename Y>
PairCounts countPairs(const X* x, const Y* y, size_t n);

// Kendall's tau-b = (concordant - discordant) / sqrt((n0 - tiedX) * (n0 - tiedY)), in [-1, 1],
// exactly what scipy.stats.kendalltau(x, y) returns by default (variant='b'), ties in either
// input handled. O(n log n); correct for n = 10^6 and beyond.
// Degenerate inputs never give NaN: n < 2, or x or y constant (all values tied, where scipy
// returns NaN) give 0.0 ("no information"). Throws std::invalid_argument when the sizes differ
// or an input holds NaN.
template <typename X, typename Y>
double kendallTau(const X* x, const Y* y, size_t n);
double kendallTau(const std::vector<double>& x, const std::vector<double>& y);

// Tau-b from precomputed counts (same degenerate rule: 0.0 when either side has no untied pair).
double kendallTauFromCounts(const PairCounts& counts);

}  // namespace tpugraphs
