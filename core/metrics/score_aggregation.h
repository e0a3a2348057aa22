// Aggregating per-graph scores: collection mean over its graphs, competition score as the plain
// mean of the collection scores over the collections present.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "data/collection.h"

namespace tpugraphs {

struct GraphScore {
    Collection collection = Collection::TileXla;
    std::string graph;  // file stem
    double score = 0;   // tile: 2 - min(top5)/min(all); layout: Kendall tau-b
};

struct CollectionScore {
    Collection collection = Collection::TileXla;
    size_t graphs = 0;
    double mean = 0;  // mean of the graph scores
};

struct CompetitionScore {
    // Present collections only, in the official order (kCollections).
    std::vector<CollectionScore> collections;
    double overall = 0;  // plain mean of collections[i].mean (0 when none present)
    size_t presentCollections = 0;
    bool complete = false;  // true when all five official collections are present
};

// Per-collection means and the overall mean over the collections present (each collection
// weighs the same whatever its number of graphs, as on Kaggle).
CompetitionScore aggregateScores(const std::vector<GraphScore>& graphs);

// The graphs with the lowest scores (worst first), at most `count`.
std::vector<GraphScore> worstGraphs(const std::vector<GraphScore>& graphs, size_t count);

}  // namespace tpugraphs
