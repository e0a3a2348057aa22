// What a run's options mean for each component it drives: how graphs are prepared, the cost
// model's configuration and the ranking loss (no torch).
#pragma once

#include <cstdint>

#include "model/cost_model_options.h"
#include "prepare/prepared_graph.h"
#include "train/train_options.h"

namespace tpugraphs {

PrepareOptions prepareOptionsOf(const TrainOptions& options);

// The model of a run: its options and the normalised feature widths.
CostModelOptions costModelOptions(const TrainOptions& options, int64_t nodeFeatures,
                                  int64_t configFeatures);

}  // namespace tpugraphs
