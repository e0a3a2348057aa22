// Graph painting with viewport culling (grid index) and three levels of detail.
#include "graphview/graph_renderer.h"

#include <QPainter>
#include <QRegion>
#include <algorithm>
#include <array>
#include <cmath>

#include "graphview/graph_palette.h"
#include "graphview/graph_pixel_layer.h"
#include "graphview/graph_scene.h"
#include "graphview/node_labels.h"
#include "graphview/pixel_canvas.h"

namespace tpugraphs::ui {

namespace {

constexpr double kNodeHeight = 28.0;  // world units of an ordinary node box
constexpr double kDotsBelow = 5.0;    // node box height on screen (px) under which: dots
constexpr double kLabelsFrom = 8.0;   // ... from which: labels and arrowheads
constexpr int kMinLabelPixels = 8;
constexpr double kLineSpacing = 1.25;     // a text line's height over its font's pixel size
constexpr double kShapeLineFrom = 24.0;   // ... from which a box's shape takes a second line
constexpr double kEdgeLabelsFrom = 44.0;  // ... from which edges carry their producer's shape
constexpr int kEdgeLabelPixels = 10;      // the edge labels' text

struct Painting {
    QPainter& p;
    const GraphScene& scene;
    const GraphViewTransform& t;
    const GraphRenderState& state;
    GraphDetail detail;
    QRectF world;  // visible world rectangle
    QRectF clip;   // viewport in screen coordinates, slightly widened

    QRectF screenRect(const QRectF& r) const {
        return QRectF(t.toScreen(r.topLeft()), r.size() * t.scale);
    }
    QColor fill(int v) const { return nodeColor(scene, state, v); }
    // A view node's output shape; empty for a computation box or without shapes.
    QString shape(int v) const {
        const int node = scene.originalNode(v);
        return node >= 0 && node < state.shapes.size() ? state.shapes[node] : QString();
    }
};

double arrowHeadSize(double scale) {
    return std::clamp(0.3 * kNodeHeight * scale, 5.0, 11.0);
}

// Appends the visible parts of an edge's polyline, in screen coordinates.
void addEdgeLines(const Painting& g, int e, QVector<QLineF>& lines) {
    QPointF previous = g.t.toScreen(g.scene.point(g.scene.pointBegin(e)));
    for (int i = g.scene.pointBegin(e) + 1; i < g.scene.pointEnd(e); ++i) {
        const QPointF next = g.t.toScreen(g.scene.point(i));
        QLineF line(previous, next);
        if (clipLine(line, g.clip)) lines.append(line);
        previous = next;
    }
}

void paintArrowHead(QPainter& p, const QPointF& from, const QPointF& tip, double size) {
    const QPointF d = tip - from;
    const double length = std::hypot(d.x(), d.y());
    if (length < 1e-6) return;
    const QPointF u = d / length;
    const QPointF n(-u.y(), u.x());
    const QPointF base = tip - u * size;
    const std::array<QPointF, 3> head = {tip, base + n * (size * 0.45), base - n * (size * 0.45)};
    p.drawPolygon(head.data(), 3);
}

// Zoomed in, every edge ending in the viewport gets an arrowhead at its consumer, sized to the
// boxes. Returns how many were painted.
int paintArrowHeads(const Painting& g) {
    const double size = arrowHeadSize(g.t.scale);
    g.p.setRenderHint(QPainter::Antialiasing, true);
    g.p.setPen(Qt::NoPen);
    QColor color = palette::edge;
    color.setAlpha(200);
    g.p.setBrush(color);
    int painted = 0;
    g.scene.forEdgesMeeting(g.world, [&](int e) {
        const QPointF tip = g.t.toScreen(g.scene.point(g.scene.pointEnd(e) - 1));
        if (!g.clip.contains(tip)) return;
        paintArrowHead(g.p, g.t.toScreen(g.scene.point(g.scene.pointEnd(e) - 2)), tip, size);
        ++painted;
    });
    g.p.setBrush(Qt::NoBrush);
    return painted;
}

void paintSelectionEdges(const Painting& g) {
    const int v = g.state.selected;
    if (v < 0) return;
    g.p.setRenderHint(QPainter::Antialiasing, true);
    for (const bool incoming : {true, false}) {
        const QColor color = incoming ? palette::inputEdge : palette::outputEdge;
        g.p.setPen(QPen(color, 2.5));
        g.p.setBrush(color);
        for (const int e : incoming ? g.scene.inEdges(v) : g.scene.outEdges(v)) {
            QVector<QLineF> lines;
            addEdgeLines(g, e, lines);
            g.p.drawLines(lines);
            if (g.detail != GraphDetail::Dots && !lines.isEmpty())
                paintArrowHead(g.p, lines.last().p1(), lines.last().p2(), 9.0);
        }
    }
    g.p.setBrush(Qt::NoBrush);
}

// Draws the whole graph's pixel layer from `cache`, first (re)building it when the scale or the
// scene changed. Returns false when the whole graph at this scale is too large to cache.
bool paintCachedPixelLayer(const Painting& g, const QVector<int>& nodes, const QRect& viewport,
                           PixelLayerCache& cache, GraphRenderStats& stats) {
    constexpr double kMargin = 4.0;  // px around the graph for dots and outlines
    const QRectF bounds = g.scene.bounds();
    const QSize size(static_cast<int>(std::ceil(bounds.width() * g.t.scale + 2 * kMargin)),
                     static_cast<int>(std::ceil(bounds.height() * g.t.scale + 2 * kMargin)));
    const double limit = std::max(4.0e6, 3.0 * viewport.width() * viewport.height());
    if (double(size.width()) * size.height() > limit) return false;
    if (cache.scene != &g.scene || cache.scale != g.t.scale || cache.image.size() != size) {
        const QPointF worldOrigin = bounds.topLeft() - QPointF(kMargin, kMargin) / g.t.scale;
        const GraphViewTransform imageTransform{g.t.scale, -worldOrigin * g.t.scale};
        QVector<int> all(g.scene.nodeCount());
        for (int v = 0; v < g.scene.nodeCount(); ++v) all[v] = v;
        paintPixelLayer({g.scene, imageTransform, g.state, g.detail, bounds}, all, size,
                        cache.image);
        cache.scene = &g.scene;
        cache.scale = g.t.scale;
        cache.worldOrigin = worldOrigin;
    }
    // The layer is opaque: only the background around it is filled (a fitted wrapped drawing's
    // layer covers most of the viewport).
    const QPointF placed = g.t.toScreen(cache.worldOrigin);
    const QRect inner =
        QRectF(placed, QSizeF(cache.image.size())).toAlignedRect().adjusted(2, 2, -2, -2);
    for (const QRect& around : QRegion(viewport).subtracted(QRegion(inner)))
        g.p.fillRect(around, palette::background);
    g.p.drawImage(placed, cache.image);
    // What this frame shows of the cached layer.
    stats.edges = g.scene.forEdgesMeeting(g.world, [](int) {});
    stats.nodes = g.detail == GraphDetail::Dots ? nodes.size() : 0;
    return true;
}

// Boxes, rounded and labelled zoomed in (the labels drawn go to `drawn`). Returns their count.
// Close up, with shapes, a node's label takes two lines: the opcode and its output shape.
int paintBoxes(const Painting& g, const QVector<int>& nodes, QStringList& drawn) {
    const bool labels = g.detail == GraphDetail::Labels;
    const double boxHeight = kNodeHeight * g.t.scale;
    const double radius = 4.0 * g.t.scale;
    g.p.setRenderHint(QPainter::Antialiasing, labels);
    int pixels = std::max(kMinLabelPixels, static_cast<int>(std::lround(12.0 * g.t.scale)));
    const bool shapeLines = labels && !g.state.shapes.isEmpty() && boxHeight >= kShapeLineFrom;
    if (shapeLines)
        pixels = std::min(pixels, static_cast<int>((boxHeight - 4.0) / (2.0 * kLineSpacing)));
    QFont font = g.p.font();
    font.setPixelSize(pixels);
    g.p.setFont(font);
    const QFontMetrics metrics(font);
    for (const int v : nodes) {
        const QRectF r = g.screenRect(g.scene.rect(v));
        const QColor color = g.fill(v);
        const bool marked = g.scene.isConfigurable(v);
        g.p.setBrush(color);
        g.p.setPen(marked ? QPen(palette::configurable, labels ? 2.5 : 1.5)
                          : QPen(color.darker(140), labels ? 1.0 : 0.0));
        if (labels)
            g.p.drawRoundedRect(r, radius, radius);
        else
            g.p.drawRect(r);
        if (!labels) continue;
        // The longest form of the label that fits the box ("multiply  #10263", "multiply",
        // "mul"), or none: never an elided fragment, and never spilling over a neighbour.
        const double width = r.width() - 4.0;
        const QString text = fittingLabel(labelForms(g.scene, v), metrics, width);
        if (text.isEmpty()) continue;
        g.p.setPen(labelColor(color));
        const QString shape = shapeLines ? elidedLine(g.shape(v), metrics, width) : QString();
        if (shape.isEmpty()) {
            g.p.drawText(r, Qt::AlignCenter, text);
            drawn.append(text);
            continue;
        }
        const double middle = r.center().y();
        g.p.drawText(QRectF(r.left(), r.top(), r.width(), middle - r.top()),
                     Qt::AlignHCenter | Qt::AlignBottom, text);
        g.p.drawText(QRectF(r.left(), middle, r.width(), r.bottom() - middle),
                     Qt::AlignHCenter | Qt::AlignTop, shape);
        drawn.append(text + QLatin1Char('\n') + shape);
    }
    return nodes.size();
}

// Close up, each edge in view carries its producer's output shape in small text on the middle
// of its last segment (edges into one node part there, while they meet at its arrowheads): only
// where that segment is longer than the text is wide and the label stays in the viewport,
// covering no box and no label placed before it. Returns the texts drawn.
QStringList paintEdgeLabels(const Painting& g, const QRect& viewport) {
    QStringList drawn;
    if (g.state.shapes.isEmpty() || kNodeHeight * g.t.scale < kEdgeLabelsFrom) return drawn;
    QFont font = g.p.font();
    font.setPixelSize(kEdgeLabelPixels);
    g.p.setFont(font);
    const QFontMetrics metrics(font);
    const double arrow = arrowHeadSize(g.t.scale);
    g.p.setRenderHint(QPainter::Antialiasing, true);
    QVector<QRectF> placed;
    QVector<int> under;
    g.scene.forEdgesMeeting(g.world, [&](int e) {
        const QLineF last(g.t.toScreen(g.scene.point(g.scene.pointEnd(e) - 2)),
                          g.t.toScreen(g.scene.point(g.scene.pointEnd(e) - 1)));
        if (!viewport.contains(last.p2().toPoint())) return;  // its consumer is out of view
        const QString shape = g.shape(g.scene.edgeFrom(e));
        if (shape.isEmpty()) return;
        const QSizeF size(metrics.horizontalAdvance(shape) + 6.0, metrics.height() + 2.0);
        if (last.length() < size.width() + arrow) return;
        const QPointF at = last.pointAt(0.5);
        const QRectF rect(at - QPointF(0.5 * size.width(), 0.5 * size.height()), size);
        if (!QRectF(viewport).contains(rect)) return;
        for (const QRectF& other : placed)
            if (other.intersects(rect)) return;
        g.scene.nodesIn(g.t.toWorld(rect), under);
        if (!under.isEmpty()) return;
        g.p.setPen(Qt::NoPen);
        g.p.setBrush(QColor(255, 255, 255, 200));
        g.p.drawRoundedRect(rect, 3, 3);
        g.p.setPen(palette::text);
        g.p.drawText(rect, Qt::AlignCenter, shape);
        placed.append(rect);
        drawn.append(shape);
    });
    g.p.setBrush(Qt::NoBrush);
    return drawn;
}

// Zoomed out, computation boxes keep a caption in fixed 11 px text, larger computations first:
// the longest form of the label ("computation 2 of 4 · 814 nodes", "computation 2 of 4",
// "2 of 4"), on the box or else just above or below it, that covers no caption placed before it
// and no other node, or none (the box's tool tip still says which it is). Returns the captions
// drawn.
QVector<QRectF> paintBoxCaptions(const Painting& g, const QVector<int>& nodes) {
    QVector<int> boxes;
    for (const int v : nodes)
        if (g.scene.isBox(v)) boxes.append(v);
    const auto& size = g.scene.subview().boxSize;
    std::stable_sort(boxes.begin(), boxes.end(), [&](int a, int b) { return size[a] > size[b]; });
    QFont font = g.p.font();
    font.setPixelSize(11);
    g.p.setFont(font);
    const QFontMetrics metrics(font);
    g.p.setRenderHint(QPainter::Antialiasing, true);
    QVector<QRectF> placed;
    QVector<int> under;
    const auto isFree = [&](const QRectF& pill, int box) {
        for (const QRectF& other : placed)
            if (other.intersects(pill)) return false;
        g.scene.nodesIn(g.t.toWorld(pill), under);
        return std::all_of(under.begin(), under.end(), [box](int u) { return u == box; });
    };
    for (const int v : boxes) {
        const QRectF boxRect = g.screenRect(g.scene.rect(v));
        const QStringList forms = labelForms(g.scene, v);
        const auto place = [&]() -> std::pair<QString, QRectF> {
            for (const int side : {0, -1, 1})  // on the box, else above it, else below it
                for (const QString& text : forms) {
                    const QRectF pill = QRectF(metrics.boundingRect(text)).adjusted(-5, -2, 5, 2);
                    const double lift = side * (0.5 * (boxRect.height() + pill.height()) + 2.0);
                    const QRectF rect =
                        pill.translated(boxRect.center() - pill.center()).translated(0, lift);
                    if (isFree(rect, v)) return {text, rect};
                }
            return {};
        };
        const auto [text, rect] = place();
        if (text.isEmpty()) continue;
        g.p.setPen(QColor(0, 0, 0, 60));
        g.p.setBrush(QColor(255, 255, 255, 210));
        g.p.drawRoundedRect(rect, 4, 4);
        g.p.setPen(palette::text);
        g.p.drawText(rect, Qt::AlignCenter, text);
        placed.append(rect);
    }
    return placed;
}

// Zoomed out (dots), a ring of kFindableRing px around a marked node keeps it findable; more
// than kFindableRings of them would bury the drawing (486 differing nodes of the nlp graph), so
// a larger set is ringed just around its dots.
constexpr double kFindableRing = 9.0;
constexpr double kTightRing = 3.0;
constexpr size_t kFindableRings = 40;

double ringRadius(size_t ringed, double margin) {
    return ringed <= kFindableRings ? kFindableRing + margin : kTightRing + margin / 2;
}

// Outlines view node v: a rectangle around its box, or zoomed out a ring of `radius` px.
void outline(const Painting& g, int v, const QColor& color, double width, double margin,
             double radius) {
    QRectF r = g.screenRect(g.scene.rect(v));
    r.adjust(-margin, -margin, margin, margin);
    g.p.setPen(QPen(color, width));
    g.p.setBrush(Qt::NoBrush);
    if (g.detail == GraphDetail::Dots)
        g.p.drawEllipse(r.center(), radius, radius);
    else
        g.p.drawRect(r);
}

// The marked nodes, the search's matches and the selection with its inputs and outputs;
// returns the radius of the marked nodes' rings zoomed out (0 when none or zoomed in).
double paintMarks(const Painting& g) {
    g.p.setRenderHint(QPainter::Antialiasing, true);
    const double markRadius = ringRadius(size_t(g.state.marked.size()), 3.0);
    for (const int v : g.state.marked) outline(g, v, palette::marked, 2.5, 3.0, markRadius);
    const double matchRadius = ringRadius(size_t(g.state.matches.size()), 3.0);
    for (const int v : g.state.matches)
        outline(g, v, palette::match, v == g.state.currentMatch ? 4.0 : 2.5, 3.0,
                v == g.state.currentMatch ? ringRadius(1, 3.0) : matchRadius);
    const int s = g.state.selected;
    if (s >= 0) {
        for (const int e : g.scene.inEdges(s))
            outline(g, g.scene.edgeFrom(e), palette::inputEdge, 2.0, 2.0, ringRadius(1, 2.0));
        for (const int e : g.scene.outEdges(s))
            outline(g, g.scene.edgeTo(e), palette::outputEdge, 2.0, 2.0, ringRadius(1, 2.0));
        outline(g, s, palette::selection, 3.0, 4.0, ringRadius(1, 4.0));
    }
    const bool rings = g.detail == GraphDetail::Dots && !g.state.marked.isEmpty();
    return rings ? markRadius : 0.0;
}

}  // namespace

QColor nodeColor(const GraphScene& scene, const GraphRenderState& state, int v) {
    if (!state.values) return familyColor(scene.family(v));
    const float value = v < state.values->size() ? (*state.values)[v] : NAN;
    return std::isnan(value) ? palette::noValue : valueColor(value);
}

GraphDetail detailForScale(double scale) {
    const double h = kNodeHeight * scale;
    return h < kDotsBelow    ? GraphDetail::Dots
           : h < kLabelsFrom ? GraphDetail::Boxes
                             : GraphDetail::Labels;
}

GraphRenderStats renderGraph(QPainter& painter, const GraphScene& scene,
                             const GraphViewTransform& transform, const GraphRenderState& state,
                             const QRect& viewport, PixelLayerCache* cache) {
    painter.save();
    const GraphDetail detail = detailForScale(transform.scale);
    const Painting g{painter,
                     scene,
                     transform,
                     state,
                     detail,
                     transform.toWorld(QRectF(viewport)),
                     QRectF(viewport).adjusted(-4, -4, 4, 4)};

    QVector<int> nodes;
    if (g.world.contains(scene.bounds())) {
        nodes.resize(scene.nodeCount());
        for (int v = 0; v < scene.nodeCount(); ++v) nodes[v] = v;
    } else {
        scene.nodesIn(g.world, nodes);
    }

    GraphRenderStats stats;
    if (!cache || !paintCachedPixelLayer(g, nodes, viewport, *cache, stats)) {
        // Too large to cache at this scale: draw the visible part only, viewport-sized (in the
        // cache's buffer when there is one, which then no longer holds a whole-graph layer).
        const QPointF origin = viewport.topLeft();
        const GraphViewTransform local{transform.scale, transform.offset - origin};
        QImage ownImage;
        QImage& image = cache ? cache->image : ownImage;
        if (cache) cache->invalidate();
        stats =
            paintPixelLayer({scene, local, state, detail, g.world}, nodes, viewport.size(), image);
        painter.drawImage(viewport.topLeft(), image);
    }
    if (detail == GraphDetail::Labels) stats.arrows = paintArrowHeads(g);
    paintSelectionEdges(g);
    if (detail != GraphDetail::Dots) stats.nodes = paintBoxes(g, nodes, stats.labels);
    if (detail == GraphDetail::Labels) stats.edgeLabels = paintEdgeLabels(g, viewport);
    stats.detail = detail;
    stats.markRingRadius = paintMarks(g);
    if (detail != GraphDetail::Labels) stats.captions = paintBoxCaptions(g, nodes);
    painter.restore();
    return stats;
}

}  // namespace tpugraphs::ui
