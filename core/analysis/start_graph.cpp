// The first graph to show of a dataset.
#include "analysis/start_graph.h"

#include <tuple>

namespace tpugraphs {

int startGraph(const DatasetIndex& index) {
    using Key = std::tuple<bool, int, bool, int64_t>;  // larger is better
    const auto key = [](const GraphEntry& g) {
        const int split = g.split == Split::Valid ? 2 : g.split == Split::Train ? 1 : 0;
        const bool fits = g.nodes <= kStartGraphMaxNodes;
        return Key(g.kind == GraphKind::Layout, split, fits, fits ? g.nodes : -g.nodes);
    };
    int best = -1;
    for (size_t i = 0; i < index.graphs.size(); ++i) {
        const GraphEntry& g = index.graphs[i];
        if (!g.error.empty()) continue;
        if (best < 0 || key(g) > key(index.graphs[size_t(best)])) best = int(i);
    }
    return best;
}

}  // namespace tpugraphs
