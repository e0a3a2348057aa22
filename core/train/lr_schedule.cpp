// Learning-rate schedules.
#include "train/lr_schedule.h"

#include <algorithm>
#include <cmath>

namespace tpugraphs {

namespace {
double cosineBetween(double from, double to, double progress) {
    return to + (from - to) * 0.5 * (1.0 + std::cos(M_PI * std::clamp(progress, 0.0, 1.0)));
}
}  // namespace

double scheduledLearningRate(ScheduleType type, double base, int64_t step, int64_t total,
                             double warmupFraction) {
    total = std::max<int64_t>(1, total);
    const double t = static_cast<double>(step) / static_cast<double>(total);
    switch (type) {
        case ScheduleType::Constant:
            return base;
        case ScheduleType::Cosine: {
            const double warm = std::clamp(warmupFraction, 0.0, 0.9);
            // Linear to the peak, never above it (warm x total need not be a whole step).
            if (t < warm) return base * std::min(1.0, (t + 1.0 / total) / warm);
            return cosineBetween(base, base * 0.01, (t - warm) / (1.0 - warm));
        }
        case ScheduleType::OneCycle: {
            const double warm = std::clamp(std::max(warmupFraction, 0.3), 0.0, 0.9);
            if (t < warm) return cosineBetween(base / 25.0, base, t / warm);
            return cosineBetween(base, base / 1e4, (t - warm) / (1.0 - warm));
        }
    }
    return base;
}

}  // namespace tpugraphs
