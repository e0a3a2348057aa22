// Builds a GraphScene from a topology and a view mode: subview, box sizes, layered drawing (no Qt
// events).
#pragma once

#include <memory>
#include <vector>

#include "graphdraw/dag_drawing.h"
#include "graphview/graph_scene.h"

namespace tpugraphs::ui {

struct GraphSceneRequest {
    std::shared_ptr<const GraphTopology> topology;
    GraphViewMode mode = GraphViewMode::Whole;
    std::vector<bool> expanded;  // per computation, for CollapsedComputations
};

struct GraphSceneTimings {
    double drawingMs = 0.0;  // the layered drawing alone (drawComponents)
    double totalMs = 0.0;    // subview + drawing + scene with its spatial index
};

// Runs on any thread. Returns nullptr when cancelled; throws std::exception on bad input.
std::shared_ptr<const GraphScene> buildGraphScene(const GraphSceneRequest& request,
                                                  const DrawingControl& control = {},
                                                  GraphSceneTimings* timings = nullptr);

}  // namespace tpugraphs::ui
