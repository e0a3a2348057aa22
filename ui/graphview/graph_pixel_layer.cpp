// The pixel layer: per band, the edges and dots whose rows reach it, drawn with PixelCanvas.
#include "graphview/graph_pixel_layer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "graphview/graph_palette.h"
#include "graphview/graph_scene.h"
#include "graphview/line_coverage.h"
#include "graphview/pixel_bands.h"
#include "graphview/pixel_canvas.h"

namespace tpugraphs::ui {

namespace {

constexpr double kFillWork = 0.04;  // per background pixel, in the unit of PaintWork
constexpr int kFaintAlpha = 40;     // long straight edges, of 256
constexpr int kEdgeAlpha = 90;      // the other edges

// A node's dot in pixels: at least 2 px so every node stays visible.
QRect dotRect(const PixelLayerView& view, int v) {
    const QRectF& world = view.scene.rect(v);
    const QPointF topLeft = view.transform.toScreen(world.topLeft());
    const QPointF bottomRight = view.transform.toScreen(world.bottomRight());
    const int x0 = static_cast<int>(floorToInt(topLeft.x()));
    const int y0 = static_cast<int>(floorToInt(topLeft.y()));
    const int x1 = std::max(x0 + 2, -static_cast<int>(floorToInt(-bottomRight.x())));  // ceil
    const int y1 = std::max(y0 + 2, -static_cast<int>(floorToInt(-bottomRight.y())));
    return QRect(x0, y0, x1 - x0, y1 - y0);
}

// The first point of an edge's polyline from which a segment can reach the canvas's rows. A
// descending polyline is searched (a tall edge crosses many bands, and each band would otherwise
// transform all its points): the segments passed over lie wholly above the band, where no pixel
// of theirs lands, so the pixels do not change.
int firstSegmentReaching(const PixelLayerView& view, int e, const PixelCanvas& canvas) {
    const GraphScene& scene = view.scene;
    const int begin = scene.pointBegin(e), end = scene.pointEnd(e);
    if (end - begin <= 2 || !scene.descends(e)) return begin;
    const auto screenY = [&](int i) { return view.transform.toScreen(scene.point(i)).y(); };
    int low = begin + 1, high = end - 1;  // the first point not above the band ends the first
    while (low < high) {                  // segment that can reach it
        const int middle = low + (high - low) / 2;
        if (canvas.isAbove(screenY(middle)))
            low = middle + 1;
        else
            high = middle;
    }
    return low - 1;
}

// Rows of the image, from `top` to `bottom` (fractional), as world heights: which spans can
// reach a band is then two comparisons per span. Callers widen the rows by half a pixel more than
// the drawing needs, for the rounding: a span let in that does not reach the band draws nothing
// there.
class BandInWorld {
public:
    BandInWorld(const GraphViewTransform& transform, double top, double bottom)
        : m_top(worldY(transform, top)), m_bottom(worldY(transform, bottom)) {}
    bool meets(const VerticalSpan& span) const {
        return span.bottom >= m_top && span.top <= m_bottom;
    }

private:
    static double worldY(const GraphViewTransform& transform, double row) {
        return (row - transform.offset.y()) / transform.scale;
    }
    double m_top, m_bottom;
};

struct Pixel {
    int64_t x, y;
    bool operator==(const Pixel& o) const { return x == o.x && y == o.y; }
};

Pixel pixelOf(const QPointF& p) {
    return {floorToInt(p.x()), floorToInt(p.y())};
}

// Passes the lines of an edge's polyline that can reach one band to line(QLineF, faint). Zoomed
// out, runs of routing points share a pixel: an inner point in the pixel of the point before it
// is passed over and the line runs on from the last point kept (one call per tiny segment was
// most of the cost, and drew the same pixel again and again). Which points are kept depends on
// the polyline alone, so every band draws the lines of a single pass. A descending polyline stops
// at the first kept point below the band.
template <typename Line>
void drawEdge(const PixelLayerView& view, const PixelCanvas& canvas, int e, Line line) {
    const GraphScene& scene = view.scene;
    const bool faint = scene.isLongStraight(e), descends = scene.descends(e);
    const int begin = scene.pointBegin(e), end = scene.pointEnd(e);
    const auto screen = [&](int i) { return view.transform.toScreen(scene.point(i)); };
    if (end - begin == 2) {  // most edges: one line
        line(QLineF(screen(begin), screen(begin + 1)), faint);
        return;
    }
    int first = firstSegmentReaching(view, e, canvas);
    QPointF from = screen(first);
    Pixel pixel = pixelOf(from);
    while (first > begin) {
        const QPointF before = screen(first - 1);
        if (!(pixelOf(before) == pixel)) break;
        from = before;
        --first;
    }
    for (int i = first + 1; i < end; ++i) {
        const QPointF next = screen(i);
        const Pixel nextPixel = pixelOf(next);
        const bool kept = i + 1 == end || !(nextPixel == pixel);
        pixel = nextPixel;
        if (!kept) continue;
        line(QLineF(from, next), faint);
        if (descends && canvas.isBelow(next.y())) break;
        from = next;
    }
}

// The edges whose rows reach the band: those of `edges`, or all of them when `whole`. Zoomed out
// (dots), where many edges cross each pixel, they are counted per pixel and then coloured in one
// pass (the faint ones under the others, whatever the edge order), and the whole graph's one-line
// edges are read as plain segments; zoomed in, where the edges are few and the image is large,
// each line is blended in edge order.
void drawEdges(const PixelLayerView& view, const QVector<int>& edges, bool whole,
               PixelCanvas& canvas) {
    const GraphScene& scene = view.scene;
    const QRgb color = palette::edge.rgb();
    // Which edges reach the band is read from their compact spans (a scan per band), with half
    // a pixel more to spare than meetsRows leaves.
    const BandInWorld band(view.transform, canvas.top() - 1.5, canvas.bottom() + 1.5);
    const VerticalSpan* const spans = scene.edgeSpans();
    const auto forEdgesInBand = [&](const QVector<int>& list, auto line) {
        for (const int e : list)
            if (band.meets(spans[e])) drawEdge(view, canvas, e, line);
    };
    const auto strideOf = [](bool faint) { return faint ? kLongStraightStride : 1; };
    if (view.detail != GraphDetail::Dots) {
        forEdgesInBand(edges, [&](const QLineF& line, bool faint) {
            canvas.blendLine(line, color, faint ? kFaintAlpha : kEdgeAlpha, strideOf(faint));
        });
        return;
    }
    // Counted over the columns the edges can reach (a column of slack either side): a tall graph
    // fitted to a wide view leaves most columns bare.
    const QRectF area = scene.edgeArea();
    const double left = view.transform.toScreen(area.topLeft()).x();
    const double right = view.transform.toScreen(area.bottomRight()).x();
    const auto column = [](double x) { return int(floorToInt(std::clamp(x, -1e9, 1e9))); };
    LineCoverage coverage(canvas.withLineColumns(column(left) - 1, column(right) + 2));
    // The stride depends on the whole line alone (not its part in the band), as the pixels do.
    const auto sparseStride = [](const QLineF& line) {
        const double visits = std::max(std::abs(line.dx()), std::abs(line.dy()));
        return std::max(kLongStraightStride, int(visits / kFaintDotsZoomedOut) + 1);
    };
    const auto count = [&](const QLineF& line, bool faint) {
        coverage.addLine(line, faint ? 0 : 1, faint ? sparseStride(line) : 1);
    };
    if (whole) {
        for (const bool faint : {true, false})
            for (const GraphScene::Segment& s : scene.oneLineEdges(faint))
                if (band.meets({std::min(s.y0, s.y1), std::max(s.y0, s.y1)}))
                    count(QLineF(view.transform.toScreen(QPointF(s.x0, s.y0)),
                                 view.transform.toScreen(QPointF(s.x1, s.y1))),
                          faint);
        forEdgesInBand(scene.routedEdges(), count);
    } else {
        forEdgesInBand(edges, count);
    }
    coverage.paint(palette::background.rgb(), color, {kFaintAlpha, kEdgeAlpha});
}

// One band: the edges, then the dots, in the same order in every band.
void drawBand(const PixelLayerView& view, const QVector<int>& edges, bool whole,
              const QVector<int>& nodes, PixelCanvas& canvas) {
    drawEdges(view, edges, whole, canvas);
    if (view.detail != GraphDetail::Dots) return;
    const GraphScene& scene = view.scene;
    const QRgb outline = palette::configurable.rgb();
    std::array<QRgb, kOpcodeFamilyCount + 1> familyRgb;  // a box's -1 first
    for (int f = -1; f < kOpcodeFamilyCount; ++f) familyRgb[size_t(f + 1)] = familyColor(f).rgb();
    // The dot with its outline covers rows floor(top) - 1 to max(floor(top) + 2, ceil(bottom)):
    // the spans that can reach the band, in world units and with half a pixel to spare.
    const BandInWorld band(view.transform, canvas.top() - 3.5, canvas.bottom() + 2.5);
    for (const int v : nodes) {
        if (!band.meets(scene.nodeSpan(v))) continue;
        const QRect dot = dotRect(view, v);
        canvas.fillRect(dot, view.state.values ? nodeColor(scene, view.state, v).rgb()
                                               : familyRgb[size_t(scene.family(v) + 1)]);
        if (scene.isConfigurable(v)) canvas.outlineRect(dot.adjusted(-1, -1, 1, 1), outline);
    }
}

}  // namespace

GraphRenderStats paintPixelLayer(const PixelLayerView& view, const QVector<int>& nodes,
                                 const QSize& size, QImage& image) {
    PixelBands bands(size.height());
    bands.addWork(0, size.height(), kFillWork * size.width() * size.height());
    view.scene.paintWork().addTo(bands, view.transform.scale, view.transform.offset.y());
    // Zoomed out on the whole graph, the edges are read from the scene's own lists; otherwise the
    // edges meeting the view are listed once (a partial view meets a small part of a large graph).
    const bool whole = view.detail == GraphDetail::Dots && view.world.contains(view.scene.bounds());
    QVector<int> edges;
    if (!whole) {
        edges.reserve(view.scene.edgeCount());
        view.scene.forEdgesMeeting(view.world, [&](int e) { edges.append(e); });
    }
    bands.draw(image, size, palette::background.rgb(),
               [&](PixelCanvas& canvas, int) { drawBand(view, edges, whole, nodes, canvas); });
    GraphRenderStats stats;
    stats.edges = whole ? view.scene.edgeCount() : edges.size();
    stats.nodes = view.detail == GraphDetail::Dots ? nodes.size() : 0;
    return stats;
}

}  // namespace tpugraphs::ui
