// The flat-loss rule.
#include "training/loss_trend.h"

#include <algorithm>
#include <cmath>

namespace tpugraphs::ui {

bool isLossFlat(const QList<QPointF>& smoothed) {
    if (smoothed.size() < 10 || smoothed.back().x() < kFlatMinSteps) return false;
    const double half = smoothed.back().x() / 2;
    double lo = INFINITY, hi = -INFINITY, sum = 0;
    int count = 0;
    for (const QPointF& p : smoothed)
        if (p.x() >= half) {
            lo = std::min(lo, p.y());
            hi = std::max(hi, p.y());
            sum += p.y();
            ++count;
        }
    const qsizetype tenth = std::max<qsizetype>(1, smoothed.size() / 10);
    double start = 0;
    for (qsizetype i = 0; i < tenth; ++i) start += smoothed[i].y();
    start /= double(tenth);
    const double mean = sum / count;
    const double scale = std::max(std::abs(mean), 1e-12);
    return count >= 5 && hi - lo < 0.01 * scale && std::abs(mean - start) < 0.02 * scale;
}

}  // namespace tpugraphs::ui
