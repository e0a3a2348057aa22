// The pixel layer: per band, the edges and dots whose rows reach it, drawn with PixelCanvas.
#include "graphview/graph_pixel_layer.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "graphview/graph_palette.h"
#include "graphview/graph_scene.h"
#include "graphview/pixel_bands.h"
#include "graphview/pixel_canvas.h"

namespace tpugraphs::ui {

namespace {

constexpr double kFillWork = 0.04;  // per background pixel, in the unit of PaintWork

// A node's dot in pixels: at least 2 px so every node stays visible.
QRect dotRect(const PixelLayerView& view, int v) {
    const QRectF& world = view.scene.rect(v);
    const QPointF topLeft = view.transform.toScreen(world.topLeft());
    const QPointF bottomRight = view.transform.toScreen(world.bottomRight());
    const int x0 = static_cast<int>(floorToInt(topLeft.x()));
    const int y0 = static_cast<int>(floorToInt(topLeft.y()));
    const int x1 = std::max(x0 + 2, static_cast<int>(std::ceil(bottomRight.x())));
    const int y1 = std::max(y0 + 2, static_cast<int>(std::ceil(bottomRight.y())));
    return QRect(x0, y0, x1 - x0, y1 - y0);
}

// The points [first, last] of an edge's polyline whose segments can reach the canvas's rows. A
// descending polyline is searched (a tall edge crosses many bands, and each band would otherwise
// transform all its points): the segments left out lie wholly above or below the band, which
// blendLine would skip too, so the pixels do not change.
std::pair<int, int> segmentsReaching(const PixelLayerView& view, int e, const PixelCanvas& canvas) {
    const GraphScene& scene = view.scene;
    const int begin = scene.pointBegin(e), end = scene.pointEnd(e);
    if (end - begin <= 2 || !scene.descends(e)) return {begin, end - 1};
    const auto screenY = [&](int i) { return view.transform.toScreen(scene.point(i)).y(); };
    int low = begin + 1, high = end - 1;  // the first point not above the band ends the first
    while (low < high) {                  // segment that can reach it
        const int middle = low + (high - low) / 2;
        if (canvas.isAbove(screenY(middle)))
            low = middle + 1;
        else
            high = middle;
    }
    const int first = low - 1;
    int last = first + 1;
    while (last + 1 < end && !canvas.isBelow(screenY(last))) ++last;
    return {first, last};
}

bool samePixel(const QPointF& a, const QPointF& b) {
    return floorToInt(a.x()) == floorToInt(b.x()) && floorToInt(a.y()) == floorToInt(b.y());
}

// Draws an edge's polyline into one band. Zoomed out, runs of routing points share a pixel: an
// inner point in the pixel of the point before it is passed over and the line runs on from the
// last point kept (one call per tiny segment was most of the cost, and blended the same pixel
// again and again). Which points are kept depends on the polyline alone, so every band draws the
// lines of a single pass.
void drawEdge(const PixelLayerView& view, PixelCanvas& canvas, int e, QRgb color) {
    const bool faint = view.scene.isLongStraight(e);
    const int alpha = faint ? 40 : 90, stride = faint ? 3 : 1;
    const int begin = view.scene.pointBegin(e), end = view.scene.pointEnd(e);
    const auto screen = [&](int i) { return view.transform.toScreen(view.scene.point(i)); };
    auto [first, last] = segmentsReaching(view, e, canvas);
    while (first > begin && samePixel(screen(first), screen(first - 1))) --first;
    QPointF from = screen(first), previous = from;
    for (int i = first + 1; i < end; ++i) {
        const QPointF next = screen(i);
        const bool kept = i + 1 == end || !samePixel(next, previous);
        previous = next;
        if (!kept) continue;
        canvas.blendLine(QLineF(from, next), color, alpha, stride);
        if (i >= last) break;
        from = next;
    }
}

// One band: the edges whose rows reach it, then the dots, in the same order in every band.
void drawBand(const PixelLayerView& view, const QVector<int>& nodes, PixelCanvas& canvas) {
    const GraphScene& scene = view.scene;
    const double scale = view.transform.scale, offsetY = view.transform.offset.y();
    const QRgb edgeColor = palette::edge.rgb(), outline = palette::configurable.rgb();
    scene.forEdgesMeeting(view.world, [&](int e) {
        const QRectF& b = scene.edgeBounds(e);
        if (canvas.meetsRows(b.top() * scale + offsetY, b.bottom() * scale + offsetY))
            drawEdge(view, canvas, e, edgeColor);
    });
    if (view.detail != GraphDetail::Dots) return;
    for (const int v : nodes) {
        const QRectF& r = scene.rect(v);
        // The dot with its outline: rows floor(top) - 1 to max(floor(top) + 2, ceil(bottom)).
        if (!canvas.meetsRows(r.top() * scale + offsetY - 1.0, r.bottom() * scale + offsetY + 2.0))
            continue;
        const QRect dot = dotRect(view, v);
        canvas.fillRect(dot, nodeColor(scene, view.state, v).rgb());
        if (scene.isConfigurable(v)) canvas.outlineRect(dot.adjusted(-1, -1, 1, 1), outline);
    }
}

}  // namespace

GraphRenderStats paintPixelLayer(const PixelLayerView& view, const QVector<int>& nodes,
                                 const QSize& size, QImage& image) {
    PixelBands bands(size.height());
    bands.addWork(0, size.height(), kFillWork * size.width() * size.height());
    view.scene.paintWork().addTo(bands, view.transform.scale, view.transform.offset.y());
    bands.draw(image, size, palette::background.rgb(),
               [&](PixelCanvas& canvas, int) { drawBand(view, nodes, canvas); });
    GraphRenderStats stats;
    stats.edges = view.scene.forEdgesMeeting(view.world, [](int) {});
    stats.nodes = view.detail == GraphDetail::Dots ? nodes.size() : 0;
    return stats;
}

}  // namespace tpugraphs::ui
