// Readability figures of a fitted drawing (see graph_readability.h).
#include "graphview/graph_readability.h"

#include <algorithm>
#include <vector>

namespace tpugraphs::ui {

GraphReadability readabilityOf(const GraphScene& scene, double scale, const QSize& viewport) {
    GraphReadability r;
    if (scene.nodeCount() == 0 || viewport.isEmpty()) return r;
    r.extentX = scene.bounds().width() * scale / viewport.width();
    r.extentY = scene.bounds().height() * scale / viewport.height();
    std::vector<double> sides(static_cast<size_t>(scene.nodeCount()));
    for (int v = 0; v < scene.nodeCount(); ++v)
        sides[v] = std::min(scene.rect(v).width(), scene.rect(v).height()) * scale;
    auto middle = sides.begin() + static_cast<std::ptrdiff_t>(sides.size() / 2);
    std::nth_element(sides.begin(), middle, sides.end());
    r.boxPx = *middle;
    return r;
}

}  // namespace tpugraphs::ui
