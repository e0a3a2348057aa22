// Drawing of a graph with several connected components: each drawn on its own, then packed
// into a rectangle (small ones beside large ones) instead of one long row.
#pragma once

#include <optional>

#include "graphdraw/dag_drawing.h"

namespace tpugraphs {

struct PackingOptions {
    float aspect = 1.0f;  // width / height aimed at for the packed rectangle
    float gap = 48.0f;    // space between neighbouring components
    // Each component's layers are wrapped into columns towards `aspect` (layer_wrapping.h).
    bool wrapColumns = true;
};

// Weakly connected components: per node, its component (0 = the one with the most nodes, then
// fewer nodes, ties by smallest node id). Returns the number of components.
int32_t connectedComponents(const DagInput& input, std::vector<int32_t>& componentOf);

// One component: drawDag, wrapped into columns (packing.wrapColumns). Several: each is drawn
// (and wrapped) so, and they are packed, tallest first, into the strip width that draws them
// largest at the aimed aspect; node and edge order are those of `input`, and `layer` is the layer
// within the node's component (`layerY` is then empty). Returns nothing when cancelled.
std::optional<GraphDrawing> drawComponents(const DagInput& input,
                                           const DrawingOptions& options = {},
                                           const PackingOptions& packing = {},
                                           const DrawingControl& control = {});

}  // namespace tpugraphs
