// Collection means and the competition mean over the collections present.
#include "metrics/score_aggregation.h"

#include <algorithm>
#include <map>

#include "data/dataset.h"

namespace tpugraphs {
namespace {

// Position of a collection in the official order; unknown ids after the five.
size_t officialRank(const std::string& collection) {
    const auto& all = allCollections();
    for (size_t i = 0; i < all.size(); ++i)
        if (all[i].id == collection) return i;
    return all.size();
}

}  // namespace

CompetitionScore aggregateScores(const std::vector<GraphScore>& graphs) {
    std::map<std::string, CollectionScore> byId;
    for (const GraphScore& g : graphs) {
        CollectionScore& c = byId[g.collection];
        c.collection = g.collection;
        ++c.graphs;
        c.mean += g.score;  // a sum until divided below
    }
    CompetitionScore result;
    size_t official = 0;
    for (auto& [id, c] : byId) {
        c.mean /= static_cast<double>(c.graphs);
        result.collections.push_back(c);
        result.overall += c.mean;
        if (officialRank(id) < allCollections().size()) ++official;
    }
    std::stable_sort(result.collections.begin(), result.collections.end(),
                     [](const CollectionScore& a, const CollectionScore& b) {
                         return officialRank(a.collection) < officialRank(b.collection);
                     });
    result.presentCollections = result.collections.size();
    if (result.presentCollections > 0)
        result.overall /= static_cast<double>(result.presentCollections);
    result.complete = official == allCollections().size();
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
