// Paints a GraphScene through a view transform with level of detail; shared by widget and
// benchmark.
#pragma once

#include <QColor>
#include <QImage>
#include <QPointF>
#include <QRect>
#include <QStringList>
#include <QVector>

class QPainter;

namespace tpugraphs::ui {

class GraphScene;

// screen = world * scale + offset
struct GraphViewTransform {
    double scale = 1.0;
    QPointF offset;

    QPointF toScreen(const QPointF& world) const { return world * scale + offset; }
    QPointF toWorld(const QPointF& screen) const { return (screen - offset) / scale; }
    QRectF toWorld(const QRectF& screen) const {
        return QRectF(toWorld(screen.topLeft()), toWorld(screen.bottomRight()));
    }
};

enum class GraphDetail { Dots, Boxes, Labels };

struct GraphRenderState {
    int selected = -1;                       // view node
    QVector<int> matches;                    // view nodes found by the search
    int currentMatch = -1;                   // view node
    const QVector<float>* values = nullptr;  // per view node in 0..1 (NaN: none) replaces colours
    QVector<int> marked;                     // view nodes ringed (e.g. layouts that differ)
    // Per original node, its output shape as the tool tip writes it ("f32[8,128]"); empty: none.
    // Zoomed in, boxes show it under the opcode and edges carry their producer's.
    QStringList shapes;
};

struct GraphRenderStats {
    int nodes = 0;   // node boxes painted
    int edges = 0;   // edges painted
    int arrows = 0;  // arrowheads painted (zoomed in, at consumers in the viewport)
    GraphDetail detail = GraphDetail::Dots;
    QStringList labels;         // box labels painted (zoomed in), "opcode\nshape" on two lines
    QStringList edgeLabels;     // producer shapes painted on edges (close zoom)
    QVector<QRectF> captions;   // computation box captions painted (zoomed out), screen pixels
    double markRingRadius = 0;  // zoomed out: the marked nodes' ring radius, px (0: none)
};

// Level of detail for a zoom: dots (no outlines, thin translucent edges), boxes, labelled boxes.
GraphDetail detailForScale(double scale);

// A node's colour: its opcode family's, or with values its value's (grey without one).
QColor nodeColor(const GraphScene& scene, const GraphRenderState& state, int v);

// The pixel layer (edges, and the nodes as dots when zoomed out) kept between frames. When the
// whole graph at the current scale fits in a few viewports, the layer covers the whole graph, so
// panning and repaints for selection or search are one blit; it is redrawn when the scale, the
// scene or the node colours change (the owner calls invalidate() for the last two).
struct PixelLayerCache {
    QImage image;
    const GraphScene* scene = nullptr;  // null: nothing cached
    double scale = 0;
    QPointF worldOrigin;  // world point at the image's top-left pixel

    void invalidate() { scene = nullptr; }
};

// `cache` (optional) keeps the pixel layer between frames.
GraphRenderStats renderGraph(QPainter& painter, const GraphScene& scene,
                             const GraphViewTransform& transform, const GraphRenderState& state,
                             const QRect& viewport, PixelLayerCache* cache = nullptr);

}  // namespace tpugraphs::ui
