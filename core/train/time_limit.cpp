// Fitting a run's length to its session's time limit.
#include "train/time_limit.h"

#include <algorithm>
#include <cmath>

namespace tpugraphs {

int64_t stepsWithinTimeLimit(const SessionTiming& t, int64_t done, int64_t total) {
    if (t.limitSeconds <= 0 || t.sessionSteps <= 0 || done >= total) return total;
    const double perStep = t.sessionSteps >= 2 ? (t.loopSeconds - t.firstStepSeconds) /
                                                     static_cast<double>(t.sessionSteps - 1)
                                               : t.loopSeconds;
    const double left = t.limitSeconds - t.elapsedSeconds - t.endSeconds;
    if (left <= 0) return done;
    const double fits = perStep > 0 ? std::floor(left / perStep) : static_cast<double>(total);
    if (fits >= static_cast<double>(total - done)) return total;
    return done + static_cast<int64_t>(fits);
}

}  // namespace tpugraphs
