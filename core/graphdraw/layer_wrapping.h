// Wrapping a layered drawing towards the window's aspect ratio: very wide layers into rows, a tall
// drawing into columns of consecutive layers side by side, as text wraps into lines and columns.
#pragma once

#include "graphdraw/graph_drawing.h"

namespace tpugraphs {

struct WrapOptions {
    float aspect = 1.6f;      // width / height of the window the drawing is fitted to
    float columnGap = 96.0f;  // horizontal space between two columns
    int maxColumns = 64;
};

// First splits each layer wider than a row width into rows (as text wraps into lines), the row
// width chosen among the layers' widths to draw the result largest at options.aspect. Then cuts the
// layers of `drawing` (which needs layerY: one drawDag result) into the number of columns that
// draws it largest in a window of options.aspect, each cut placed, near its ideal height, where the
// fewest edges cross; columns are moved side by side, tops aligned. An edge between two columns is
// drawn straight from its producer to its consumer (its routing points are dropped). When anything
// moved, layerY is emptied (layers no longer share one y). Returns the number of columns.
int wrapLayersIntoColumns(GraphDrawing& drawing, const WrapOptions& options = {});

}  // namespace tpugraphs
