// Equal-width binning of values for histogram charts (outliers clamped on request), and
// even-stride decimation of long series.
#pragma once

#include <cstddef>
#include <vector>

namespace tpugraphs {

struct Histogram {
    double lo = 0, hi = 0;    // range covered (hi > lo even when all values are equal)
    std::vector<int> counts;  // one per bin
    double binWidth() const { return counts.empty() ? 0.0 : (hi - lo) / double(counts.size()); }
    int binOf(double value) const;  // clamped to [0, bins)
};

// `bins` equal-width bins over [min, max] of the finite values (empty input: no bins).
Histogram makeHistogram(const std::vector<double>& values, int bins);
// Clamps the finite values to a range without far outliers, [Q1 - 3 IQR, Q3 + 3 IQR] (the 1st
// to 99th percentile when the quartiles are equal), so that a histogram's bins cover the bulk
// and the outliers land in its edge bins. Returns how many values were moved.
int clampOutliers(std::vector<double>& values);
// A bin count for n values: about sqrt(n), between 1 and 40.
int suggestedBins(size_t n);
// At most `maxPoints` indices in 0..n-1 at an even stride, always keeping the first and last.
std::vector<size_t> decimatedIndices(size_t n, size_t maxPoints);

}  // namespace tpugraphs
