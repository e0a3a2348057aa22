// Builds a GraphScene from a topology and a view mode: subview, box sizes, layout (no Qt events).
#pragma once

#include <memory>
#include <vector>

#include "graphdraw/dag_layout.h"
#include "graphview/graph_scene.h"

namespace tpugraphs::ui {

struct GraphLayoutRequest {
    std::shared_ptr<const GraphTopology> topology;
    GraphViewMode mode = GraphViewMode::Whole;
    std::vector<bool> expanded;  // per computation, for CollapsedComputations
};

struct GraphSceneTimings {
    double layoutMs = 0.0;  // the layout alone (layoutComponents)
    double totalMs = 0.0;   // subview + layout + scene with its spatial index
};

// Runs on any thread. Returns nullptr when cancelled; throws std::exception on bad input.
std::shared_ptr<const GraphScene> buildGraphScene(const GraphLayoutRequest& request,
                                                  const LayoutControl& control = {},
                                                  GraphSceneTimings* timings = nullptr);

}  // namespace tpugraphs::ui
