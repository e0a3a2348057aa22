// The search that chose a layout file's configs: yields them one at a time, in measuring order.
#pragma once

#include <memory>
#include <vector>

#include "synth/layout_runtime_formula.h"

namespace tpugraphs {

class GeneratorRandom;

enum class LayoutSearch {
    // Demo default collections: each config moves a random share (up to 60 %) of the nodes off
    // the compiler's layouts, 0-30 % of configs repeat an earlier one. Wide spreads: easy.
    ScatteredNearDefault,
    // Demo random collections: a random share (up to 100 %) of the nodes moved, 0-5 % repeats.
    ScatteredRandom,
    // Calibrated random collections: random search, every node's layouts drawn from its menus
    // (each -1 with probability 0.3), 0-5 % repeats.
    Random,
    // Calibrated default collections: the autotuner's genetic search (layout_genetic_search.h),
    // so most configs sit within a fraction of a percent of the best, with a slow tail.
    Genetic
};

class LayoutConfigSampler {
public:
    virtual ~LayoutConfigSampler() = default;
    // The next config: one choice per configurable node of the runtime formula.
    virtual const std::vector<LayoutChoice>& next() = 0;
};

// A sampler over `model`'s nodes drawing from `random` (kept by reference: the caller may draw
// from it between configs, e.g. for measurement noise).
std::unique_ptr<LayoutConfigSampler> makeLayoutConfigSampler(LayoutSearch search,
                                                             const LayoutRuntimeFormula& model,
                                                             GeneratorRandom& random);

}  // namespace tpugraphs
