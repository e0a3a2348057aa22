// The random streams of a run, each named and seeded from the run's seed alone, so that a run
// (and a resumed run) draws the same numbers whatever else changes, and no two purposes share a
// stream. No torch.
#pragma once

#include <cstdint>

namespace tpugraphs {

enum class RandomStream : uint64_t {
    ModelInit = 1,     // the model's initial weights
    EpochOrder,        // index: epoch; the order of the train graphs
    StepSampling,      // index: step; the configs sampled per graph, the segment trained
    Dropout,           // index: step, part: rank; the dropout masks of a step
    HoldoutConfigs,    // index: train graph; the configs held out for validation
    ValidationSubset,  // index: validation item; periodic validations' config subsets
    ScoreOrder,        // the shuffled config orders of scoring (models that compare configs)
    EvaluationSubset,  // index: fingerprint of a graph's name; predictions' config subsets
};

// A 64-bit seed for (seed, stream, index, part), mixed with splitmix64: nearby inputs give
// unrelated seeds.
uint64_t streamSeed(uint64_t seed, RandomStream stream, uint64_t index = 0, uint64_t part = 0);

}  // namespace tpugraphs
