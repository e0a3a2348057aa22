// Wrapping a tall layered drawing into columns of consecutive layers, side by side, as text wraps
// into columns, so that its bounding box comes close to the window's aspect ratio.
#pragma once

#include "graphdraw/graph_drawing.h"

namespace tpugraphs {

struct WrapOptions {
    float aspect = 1.6f;      // width / height of the window the drawing is fitted to
    float columnGap = 96.0f;  // horizontal space between two columns
    int maxColumns = 64;
};

// Cuts the layers of `drawing` (which needs layerY: one drawDag result) into the number of
// columns that draws it largest in a window of options.aspect, each cut placed, near its ideal
// height, where the fewest edges cross; columns are moved side by side, tops aligned. An edge
// between two columns keeps its points, so it runs from the bottom of one column to the top of
// the next. layerY is emptied when the drawing is wrapped (layers no longer share one y).
// Returns the number of columns (1: unchanged).
int wrapLayersIntoColumns(GraphDrawing& drawing, const WrapOptions& options = {});

}  // namespace tpugraphs
