// Non-learned reference scores of a collection on a split, with the competition metric: ridge
// on one-hot config features (layout, fitted on the train split), the heuristic baseline, and,
// given the same dataset generated without noise, the oracle that ranks by its noiseless
// runtimes (what measurement noise allows). The rows a quality table compares a model with.
#pragma once

#include <string>
#include <vector>

#include "data/dataset.h"

namespace tpugraphs {

// Which reference a row is.
enum class ReferenceKind { Ridge, Heuristic, Oracle };

struct ReferenceScore {
    std::string method;  // "ridge on one-hot config features (fit on train)", ...
    ReferenceKind kind = ReferenceKind::Heuristic;
    int graphs = 0;
    double mean = 0, minimum = 0;  // of the competition metric (Kendall tau or top-5 score)
    double opa = 0;                // mean ordered pair accuracy
};

// The reference rows of `collection` on `split` of `index` (a split with runtimes); the oracle
// row when `noiselessRoot` holds the noiseless twin of the dataset. Empty when the split has no
// graphs of the collection. Throws DataError on an unreadable file.
std::vector<ReferenceScore> referenceScores(const DatasetIndex& index, Collection collection,
                                            Split split, const std::string& noiselessRoot = "");

}  // namespace tpugraphs
