// How readable a fitted drawing is: its extent over the viewport in each dimension and the size of
// its node boxes on screen (the figures of the readability benchmark and its tests).
#pragma once

#include <QSize>

#include "graphview/graph_scene.h"

namespace tpugraphs::ui {

struct GraphReadability {
    double extentX = 0.0;  // drawing width on screen / viewport width
    double extentY = 0.0;  // drawing height on screen / viewport height
    double boxPx = 0.0;    // median over nodes of the smaller side of a box, in pixels
};

// `scale` is the world-to-screen scale the drawing is shown at in a `viewport`-sized window.
GraphReadability readabilityOf(const GraphScene& scene, double scale, const QSize& viewport);

}  // namespace tpugraphs::ui
