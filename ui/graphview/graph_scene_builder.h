// Builds a GraphScene from a topology and a view mode: subview, box sizes, layered drawing (no Qt
// events).
#pragma once

#include <QSize>

#include <memory>
#include <vector>

#include "graphdraw/dag_drawing.h"
#include "graphview/graph_scene.h"

namespace tpugraphs::ui {

// Below this median box size (pixels, at fit zoom) a whole layout graph is not readable, and a
// request that prefers the readable view gets its configurable nodes + neighbours instead.
constexpr double kLegibleBoxPx = 6.0;

struct GraphSceneRequest {
    std::shared_ptr<const GraphTopology> topology;
    GraphViewMode mode = GraphViewMode::Whole;
    std::vector<bool> expanded;  // per computation, for CollapsedComputations
    QSize viewport{1600, 1000};  // the window the drawing is fitted to: its aspect is aimed at
    // Long edges routed only within a small budget, tall layered drawings wrapped into columns
    // (layer_wrapping.h) and components packed to the window's aspect; false: the plain layered
    // drawing (default routing budget), components packed towards a square.
    bool wrapColumns = true;
    // Whole mode on a graph with configurable nodes: when the whole graph's boxes would be drawn
    // smaller than kLegibleBoxPx at fit zoom, the scene is the ConfigurableNeighbourhood view.
    bool preferReadable = false;
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
