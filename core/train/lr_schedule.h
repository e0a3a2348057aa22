// Learning-rate schedules: constant, cosine with linear warm-up, one-cycle.
#pragma once

#include <cstdint>

#include "train/train_options.h"

namespace tpugraphs {

// Learning rate for optimiser step `step` (0-based) of `total`.
// Cosine: linear warm-up over warmupFraction of the steps, then cosine decay to 1% of base.
// OneCycle: from base/25 up to base over max(warmupFraction, 0.3) of the steps, then cosine
// down to base/1e4.
double scheduledLearningRate(ScheduleType type, double base, int64_t step, int64_t total,
                             double warmupFraction);

}  // namespace tpugraphs
