// Collection means and the competition mean over the collections present.
#include "metrics/score_aggregation.h"

#include <algorithm>
#include <map>

namespace tpugraphs {

CompetitionScore aggregateScores(const std::vector<GraphScore>& graphs) {
    std::map<Collection, CollectionScore> byCollection;  // ordered as kCollections
    for (const GraphScore& g : graphs) {
        CollectionScore& c = byCollection[g.collection];
        c.collection = g.collection;
        ++c.graphs;
        c.mean += g.score;  // a sum until divided below
    }
    CompetitionScore result;
    for (auto& [collection, c] : byCollection) {
        c.mean /= static_cast<double>(c.graphs);
        result.collections.push_back(c);
        result.overall += c.mean;
    }
    result.presentCollections = result.collections.size();
    if (result.presentCollections > 0)
        result.overall /= static_cast<double>(result.presentCollections);
    result.complete = result.presentCollections == kCollectionCount;
    return result;
}

std::vector<GraphScore> worstGraphs(const std::vector<GraphScore>& graphs, size_t count) {
    std::vector<GraphScore> sorted = graphs;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const GraphScore& a, const GraphScore& b) { return a.score < b.score; });
    if (sorted.size() > count) sorted.resize(count);
    return sorted;
}

}  // namespace tpugraphs
