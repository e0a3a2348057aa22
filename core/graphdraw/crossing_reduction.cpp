// Crossing reduction: layer-by-layer barycentre ordering, alternating down and up sweeps.
#include <algorithm>

#include "graphdraw/layered_graph.h"

namespace tpugraphs::drawing_detail {

namespace {

struct SortItem {
    double key;
    int32_t position;  // before sorting: ties keep their order, as a stable sort would
    int32_t vertex;
    bool operator<(const SortItem& o) const {
        return key < o.key || (key == o.key && position < o.position);
    }
};

// Sorts items on (key, position); they come in position order. Small layers (most of them) are
// nearly sorted by the sweep before: an insertion sort on the key alone keeps equal keys in
// position order, with about one mispredicted branch per item instead of several per item.
void sortItems(std::vector<SortItem>& items) {
    constexpr size_t kInsertionSortMax = 64;
    if (items.size() > kInsertionSortMax) {
        std::sort(items.begin(), items.end());
        return;
    }
    for (size_t i = 1; i < items.size(); ++i) {
        const SortItem item = items[i];
        size_t j = i;
        for (; j > 0 && items[j - 1].key > item.key; --j) items[j] = items[j - 1];
        items[j] = item;
    }
}

// Reorders one layer by the mean relative position of its neighbours in the adjacent layer
// (`fromAbove`: the layer above). Vertices without such neighbours keep their relative place.
void orderLayer(LayeredGraph& g, int32_t l, bool fromAbove, std::vector<SortItem>& items) {
    std::vector<int32_t>& layer = g.layers[l];
    const double adjacentSize = static_cast<double>(g.layers[fromAbove ? l - 1 : l + 1].size());
    const double ownSize = static_cast<double>(layer.size());
    const std::vector<int32_t>& start = fromAbove ? g.upStart : g.downStart;
    const std::vector<int32_t>& adjacent = fromAbove ? g.up : g.down;
    items.clear();
    for (const int32_t v : layer) {
        double sum = 0.0;
        const int32_t count = start[v + 1] - start[v];
        for (int32_t k = start[v]; k < start[v + 1]; ++k) sum += g.position[adjacent[k]] + 0.5;
        const double key =
            count > 0 ? sum / (count * adjacentSize) : (g.position[v] + 0.5) / ownSize;
        items.push_back({key, g.position[v], v});
    }
    // The keys sit in the items (no lookups while sorting); (key, position) is a total order.
    sortItems(items);
    for (size_t i = 0; i < layer.size(); ++i) {
        layer[i] = items[i].vertex;
        g.position[layer[i]] = static_cast<int32_t>(i);
    }
}

}  // namespace

bool reduceCrossings(LayeredGraph& g, int sweeps, const DrawingControl& control) {
    const int32_t layerCount = static_cast<int32_t>(g.layers.size());
    std::vector<SortItem> items;
    for (int s = 0; s < sweeps; ++s) {
        for (int32_t l = 1; l < layerCount; ++l) orderLayer(g, l, true, items);
        if (cancelled(control)) return false;
        for (int32_t l = layerCount - 2; l >= 0; --l) orderLayer(g, l, false, items);
        if (cancelled(control)) return false;
        report(control, 0.2f + 0.4f * static_cast<float>(s + 1) / static_cast<float>(sweeps));
    }
    return true;
}

}  // namespace tpugraphs::drawing_detail
