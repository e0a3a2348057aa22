// Summary statistics of each collection of a dataset (sizes from headers, speed-ups from stats).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/runtime_stats.h"
#include "data/dataset.h"

namespace tpugraphs {

struct CollectionSummary {
    std::string label;          // collectionLabel() of its graphs
    int graphs[3] = {0, 0, 0};  // train, valid, test
    int unreadable = 0;
    int64_t minNodes = 0, medianNodes = 0, maxNodes = 0;
    int64_t totalConfigs = 0;
    int statsComputed = 0;            // graphs whose runtime stats are known
    int measuredGraphs = 0;           // graphs with measured runtimes (not test)
    double medianBestOverMedian = 0;  // over measured graphs
    double maxBestOverMedian = 0;
    int totalGraphs() const { return graphs[0] + graphs[1] + graphs[2]; }
};

// One summary per collection present in `index`, in index order. `stats` is parallel to
// index.graphs (may be shorter: missing entries count as not computed).
std::vector<CollectionSummary> summarizeCollections(const DatasetIndex& index,
                                                    const std::vector<RuntimeStats>& stats);

}  // namespace tpugraphs
