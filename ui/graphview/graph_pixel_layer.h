// The pixel layer of a frame: edges (and, zoomed out, the nodes as dots) written straight into an
// RGB32 image in parallel bands of rows; a view can hold thousands of long edges, too slow for
// QPainter's strokers.
#pragma once

#include <QImage>
#include <QVector>

#include "graphview/graph_renderer.h"

namespace tpugraphs::ui {

class GraphScene;

// Long straight edges (past the routing budget) are dotted: every this many pixels.
constexpr int kLongStraightStride = 3;
// Zoomed out (dots), a long straight edge gets at most this many dots, farther apart the longer
// it is: the fitted view of a wrapped drawing holds fans of thousands of them, a haze whose look
// does not depend on the gaps, and their dots were most of its pixel work.
constexpr int kFaintDotsZoomedOut = 24;

// What a pixel layer shows: `transform` maps world to the image's pixels, `world` is the part of
// the scene in view (edges wholly outside it are left out).
struct PixelLayerView {
    const GraphScene& scene;
    GraphViewTransform transform;
    const GraphRenderState& state;
    GraphDetail detail;
    QRectF world;
};

// Makes `image` an RGB32 image of `size` and draws the edges meeting view.world (long straight
// ones faint and dotted) and, at GraphDetail::Dots, the view nodes `nodes` as dots of at least
// 2 px. Bands are cut at equal shares of the scene's PaintWork. Returns the edges and dots drawn.
GraphRenderStats paintPixelLayer(const PixelLayerView& view, const QVector<int>& nodes,
                                 const QSize& size, QImage& image);

}  // namespace tpugraphs::ui
