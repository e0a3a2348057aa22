// Export Predictions: a CSV of the predicted score of every config of every graph of a split.
#pragma once

#include <string>

#include "train/predictor.h"

namespace tpugraphs {

// Columns: ID,config,score,predicted_rank (rank 0 = predicted fastest; lower score = faster).
// Written to a temporary file next to `path`, then renamed. Throws std::runtime_error.
void writePredictionsCsv(const std::string& path, const SplitPrediction& prediction);

}  // namespace tpugraphs
