// A training session's time limit (--time-limit-minutes): after each step, the run's length is
// fitted to the time left at the step time measured so far, so that the session ends in time
// instead of finishing its plan late. Plain C++.
#pragma once

#include <cstdint>

namespace tpugraphs {

struct SessionTiming {
    double limitSeconds = 0;      // 0 = no limit
    double elapsedSeconds = 0;    // since the session started (loading included)
    double loopSeconds = 0;       // the steps (and validations) of this session so far
    double firstStepSeconds = 0;  // its first step (a warm-up: the allocator, the first batch)
    double endSeconds = 0;        // what ending costs: the last checkpoint's write
    int64_t sessionSteps = 0;     // steps done in this session
};

// The run's total steps after `done` steps of a planned `total`: `total` when the steps left
// fit in the time left, else the last step that fits, never below `done` (the step just made).
// A step is priced at the mean of this session's steps after its first (the warm-up), so a
// slow first step does not end the run; called after every step with the planned total, the
// length follows the measured speed both ways.
int64_t stepsWithinTimeLimit(const SessionTiming& timing, int64_t done, int64_t total);

}  // namespace tpugraphs
