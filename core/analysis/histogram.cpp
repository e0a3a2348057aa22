// Equal-width binning and even-stride decimation.
#include "analysis/histogram.h"

#include <algorithm>
#include <cmath>

namespace tpugraphs {

int Histogram::binOf(double value) const {
    if (counts.empty()) return -1;
    const int bin = static_cast<int>(std::floor((value - lo) / binWidth()));
    return std::clamp(bin, 0, static_cast<int>(counts.size()) - 1);
}

Histogram makeHistogram(const std::vector<double>& values, int bins) {
    Histogram h;
    std::vector<double> finite;
    for (double v : values)
        if (std::isfinite(v)) finite.push_back(v);
    if (finite.empty() || bins <= 0) return h;
    const auto [lo, hi] = std::minmax_element(finite.begin(), finite.end());
    h.lo = *lo;
    h.hi = *hi;
    if (h.hi <= h.lo) {  // all equal: one visible bin around the value
        const double pad = std::max(std::abs(h.lo) * 0.01, 0.5);
        h.lo -= pad;
        h.hi += pad;
    }
    h.counts.assign(size_t(bins), 0);
    for (double v : finite) ++h.counts[size_t(h.binOf(v))];
    return h;
}

int clampOutliers(std::vector<double>& values) {
    std::vector<double> sorted;
    for (double v : values)
        if (std::isfinite(v)) sorted.push_back(v);
    if (sorted.size() < 4) return 0;
    std::sort(sorted.begin(), sorted.end());
    const auto quantile = [&](double q) {
        return sorted[size_t(std::llround(q * double(sorted.size() - 1)))];
    };
    const double q1 = quantile(0.25), q3 = quantile(0.75);
    double lo = q1 - 3 * (q3 - q1), hi = q3 + 3 * (q3 - q1);
    if (q3 <= q1) {
        lo = quantile(0.01);
        hi = quantile(0.99);
    }
    lo = std::max(lo, sorted.front());
    hi = std::min(hi, sorted.back());
    if (hi <= lo) return 0;
    int moved = 0;
    for (double& v : values)
        if (std::isfinite(v) && (v < lo || v > hi)) {
            v = std::clamp(v, lo, hi);
            ++moved;
        }
    return moved;
}

int suggestedBins(size_t n) {
    return std::clamp(static_cast<int>(std::ceil(std::sqrt(double(n)))), 1, 40);
}

std::vector<size_t> decimatedIndices(size_t n, size_t maxPoints) {
    std::vector<size_t> out;
    if (n == 0) return out;
    if (n <= maxPoints || maxPoints < 2) {
        out.resize(n);
        for (size_t i = 0; i < n; ++i) out[i] = i;
        return out;
    }
    out.reserve(maxPoints);
    for (size_t k = 0; k < maxPoints; ++k)
        out.push_back(
            static_cast<size_t>(std::llround(double(k) * double(n - 1) / double(maxPoints - 1))));
    return out;
}

}  // namespace tpugraphs
