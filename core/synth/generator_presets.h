// File counts and size ranges of the generator's presets, per collection and split.
#pragma once

#include <string>

#include "synth/generator.h"

namespace tpugraphs {

// Sizes of collection `collectionIndex` (kCollections order) in `split` for a preset
// (Custom reads options.custom). Node and config counts are drawn log-uniformly in the ranges.
CollectionSizes presetSizes(const GeneratorOptions& options, size_t collectionIndex, Split split);

}  // namespace tpugraphs
