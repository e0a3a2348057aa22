// GraphScene: converts a GraphDrawing into paintable boxes/polylines and files nodes in a grid.
#include "graphview/graph_scene.h"

#include <QLocale>
#include <QtGlobal>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>
#include <vector>

namespace tpugraphs::ui {

namespace {
constexpr float kCharWidth = 7.0f;  // world units per label character at zoom 1
constexpr float kItemNodeHeight = 28.0f;
constexpr float kBoxHeight = 44.0f;

// A computation box's label, numbered from 1 as in the inspector: "computation 2 of 3 · 2,317
// nodes".
QString boxLabel(const GraphTopology& topology, const GraphSubview& subview, int v) {
    return QStringLiteral("computation %1 of %2 · %3 nodes")
        .arg(subview.computation[v] + 1)
        .arg(topology.computationCount())
        .arg(QLocale().toString(subview.boxSize[v]));
}

// [top, bottom] as floats, widened by more than their rounding error.
VerticalSpan spanOf(double top, double bottom) {
    const double slack = 1e-3 + 1e-6 * std::max(std::abs(top), std::abs(bottom));
    return {static_cast<float>(top - slack), static_cast<float>(bottom + slack)};
}

}  // namespace

float GraphScene::boxWidth(const GraphTopology& topology, const GraphSubview& subview, int v) {
    if (subview.computation[v] >= 0)
        return 24.0f + kCharWidth * static_cast<float>(boxLabel(topology, subview, v).size());
    // Label "name  #id".
    const int original = subview.original[v];
    int digits = 1;
    for (int rest = original; rest >= 10; rest /= 10) ++digits;
    const auto chars = std::strlen(opcodeName(topology.opcode[original])) + 3 + digits;
    return 20.0f + kCharWidth * static_cast<float>(chars);
}

float GraphScene::boxHeight(const GraphSubview& subview, int v) {
    return subview.computation[v] >= 0 ? kBoxHeight : kItemNodeHeight;
}

GraphScene::GraphScene(std::shared_ptr<const GraphTopology> topology, GraphSubview subview,
                       const GraphDrawing& drawing, GraphViewMode mode)
    : m_topology(std::move(topology)), m_subview(std::move(subview)), m_mode(mode) {
    const int n = drawing.nodeCount();
    Q_ASSERT(n == m_subview.nodeCount());
    std::vector<char> configurable(m_topology->nodeCount, 0);
    for (const int32_t c : m_topology->configurable) configurable[c] = 1;

    // The fills write through data() pointers: a QVector's non-const operator[] checks for sharing
    // on every access, which was most of building the scene of a large graph.
    m_rects.resize(n);
    m_nodeSpans.resize(n);
    m_configurable.resize(n);
    m_family.resize(n);
    QRectF* const rects = m_rects.data();
    VerticalSpan* const nodeSpans = m_nodeSpans.data();
    char* const configurableNode = m_configurable.data();
    signed char* const family = m_family.data();
    for (int v = 0; v < n; ++v) {
        rects[v] =
            QRectF(drawing.x[v] - 0.5 * drawing.width[v], drawing.y[v] - 0.5 * drawing.height[v],
                   drawing.width[v], drawing.height[v]);
        nodeSpans[v] = spanOf(rects[v].top(), rects[v].bottom());
        const int original = m_subview.original[v];
        configurableNode[v] = original >= 0 && configurable[original];
        family[v] = original >= 0
                        ? static_cast<signed char>(opcodeFamily(m_topology->opcode[original]))
                        : -1;
    }
    m_bounds = QRectF(QPointF(drawing.bounds.left, drawing.bounds.top),
                      QPointF(drawing.bounds.right, drawing.bounds.bottom));

    const int edgeCount = drawing.edgeCount();
    m_edgeFrom = QVector<int>(drawing.edgeFrom.begin(), drawing.edgeFrom.end());
    m_edgeTo = QVector<int>(drawing.edgeTo.begin(), drawing.edgeTo.end());
    m_pointStart.resize(edgeCount + 1);
    int* const pointStart = m_pointStart.data();
    for (int e = 0; e <= edgeCount; ++e)
        pointStart[e] = static_cast<int>(drawing.edgePointStart[e]);
    m_points = QVector<DrawingPoint>(drawing.points.begin(), drawing.points.end());
    const DrawingPoint* const points = m_points.constData();
    m_edgeBounds.resize(edgeCount);
    m_edgeFlags.resize(edgeCount);
    m_edgeSpans.resize(edgeCount);
    QRectF* const edgeBounds = m_edgeBounds.data();
    unsigned char* const edgeFlags = m_edgeFlags.data();
    VerticalSpan* const edgeSpans = m_edgeSpans.data();
    double areaLeft = 1e300, areaTop = 1e300, areaRight = -1e300, areaBottom = -1e300;
    for (int e = 0; e < edgeCount; ++e) {
        double left = 1e300, top = 1e300, right = -1e300, bottom = -1e300;
        bool descends = true;
        for (int i = pointStart[e]; i < pointStart[e + 1]; ++i) {
            left = std::min(left, double(points[i].x));
            right = std::max(right, double(points[i].x));
            top = std::min(top, double(points[i].y));
            descends = descends && points[i].y >= bottom;
            bottom = std::max(bottom, double(points[i].y));
        }
        edgeBounds[e] = QRectF(QPointF(left, top), QPointF(right, bottom));
        areaLeft = std::min(areaLeft, left), areaTop = std::min(areaTop, top);
        areaRight = std::max(areaRight, right), areaBottom = std::max(areaBottom, bottom);
        const bool longStraight = pointStart[e + 1] - pointStart[e] == 2 &&
                                  bottom - top > 4.0 * rects[drawing.edgeTo[e]].height();
        edgeFlags[e] = (descends ? kDescends : 0) | (longStraight ? kLongStraight : 0);
        edgeSpans[e] = spanOf(top, bottom);
        if (pointStart[e + 1] - pointStart[e] == 2) {
            const DrawingPoint from = points[pointStart[e]], to = points[pointStart[e] + 1];
            m_oneLineEdges[longStraight].append({from.x, from.y, to.x, to.y});
        } else {
            m_routedEdges.append(e);
        }
    }
    if (edgeCount > 0)
        m_edgeArea = QRectF(QPointF(areaLeft, areaTop), QPointF(areaRight, areaBottom));
    buildEdgeLists();
    buildGrid();
    m_paintWork = PaintWork(*this);
}

namespace {

// Groups the edges by their node at `end` (CSR, edges in order within a node).
void groupEdges(const QVector<int>& end, int nodeCount, QVector<int>& startList,
                QVector<int>& edgeList) {
    startList.fill(0, nodeCount + 1);
    int* const start = startList.data();
    for (const int v : end) ++start[v + 1];
    for (int v = 0; v < nodeCount; ++v) start[v + 1] += start[v];
    edgeList.resize(end.size());
    int* const list = edgeList.data();
    std::vector<int> fill(start, start + nodeCount);
    for (int e = 0; e < end.size(); ++e) list[fill[size_t(end[e])]++] = e;
}

}  // namespace

void GraphScene::buildEdgeLists() {
    groupEdges(m_edgeTo, nodeCount(), m_inStart, m_inList);
    groupEdges(m_edgeFrom, nodeCount(), m_outStart, m_outList);
}

QString GraphScene::label(int v) const {
    if (isBox(v)) return boxLabel(*m_topology, m_subview, v);
    return QString::fromLatin1(opcodeName(m_topology->opcode[originalNode(v)]));
}

int GraphScene::viewNodeOf(int originalNode) const {
    if (originalNode < 0 || originalNode >= static_cast<int>(m_subview.viewOf.size())) return -1;
    return m_subview.viewOf[originalNode];
}

void GraphScene::buildGrid() {
    const int n = nodeCount();
    double maxHalfW = 0.0, maxHalfH = 0.0;
    for (const QRectF& r : m_rects) {
        maxHalfW = std::max(maxHalfW, 0.5 * r.width());
        maxHalfH = std::max(maxHalfH, 0.5 * r.height());
    }
    m_maxHalf = QSizeF(maxHalfW, maxHalfH);
    // About four nodes per cell on average, cells shaped like the drawing.
    const double cells = std::max(1.0, n / 4.0);
    const double w = std::max(1.0, m_bounds.width());
    const double h = std::max(1.0, m_bounds.height());
    m_gridColumns = std::clamp(static_cast<int>(std::sqrt(cells * w / h)), 1, 4096);
    m_gridRows = std::clamp(static_cast<int>(cells / m_gridColumns), 1, 4096);
    m_cellWidth = w / m_gridColumns;
    m_cellHeight = h / m_gridRows;
    auto cellOf = [&](const QPointF& p) {
        const int c = std::clamp(static_cast<int>((p.x() - m_bounds.left()) / m_cellWidth), 0,
                                 m_gridColumns - 1);
        const int r = std::clamp(static_cast<int>((p.y() - m_bounds.top()) / m_cellHeight), 0,
                                 m_gridRows - 1);
        return r * m_gridColumns + c;
    };
    const int cellCount = m_gridColumns * m_gridRows;
    m_cellStart.fill(0, cellCount + 1);
    int* const cellStart = m_cellStart.data();
    for (const QRectF& r : std::as_const(m_rects)) ++cellStart[cellOf(r.center()) + 1];
    for (int i = 0; i < cellCount; ++i) cellStart[i + 1] += cellStart[i];
    m_cellNodes.resize(n);
    int* const cellNodes = m_cellNodes.data();
    std::vector<int> fill(cellStart, cellStart + cellCount);
    for (int v = 0; v < n; ++v) cellNodes[fill[size_t(cellOf(m_rects.at(v).center()))]++] = v;
}

void GraphScene::nodesIn(const QRectF& area, QVector<int>& out) const {
    out.clear();
    if (nodeCount() == 0) return;
    const QRectF wide = area.adjusted(-m_maxHalf.width(), -m_maxHalf.height(), m_maxHalf.width(),
                                      m_maxHalf.height());
    const int c0 =
        std::max(0, static_cast<int>(std::floor((wide.left() - m_bounds.left()) / m_cellWidth)));
    const int c1 =
        std::min(m_gridColumns - 1,
                 static_cast<int>(std::floor((wide.right() - m_bounds.left()) / m_cellWidth)));
    const int r0 =
        std::max(0, static_cast<int>(std::floor((wide.top() - m_bounds.top()) / m_cellHeight)));
    const int r1 =
        std::min(m_gridRows - 1,
                 static_cast<int>(std::floor((wide.bottom() - m_bounds.top()) / m_cellHeight)));
    for (int r = r0; r <= r1; ++r)
        for (int c = c0; c <= c1; ++c) {
            const int cell = r * m_gridColumns + c;
            for (int k = m_cellStart[cell]; k < m_cellStart[cell + 1]; ++k) {
                const int v = m_cellNodes[k];
                if (m_rects[v].intersects(area)) out.append(v);
            }
        }
}

int GraphScene::nodeAt(const QPointF& world, double tolerance) const {
    QVector<int> hits;
    nodesIn(QRectF(world.x() - tolerance, world.y() - tolerance, 2 * tolerance, 2 * tolerance),
            hits);
    int best = -1;
    double bestDistance = 0.0;
    for (const int v : hits) {
        const QRectF& r = m_rects[v];
        const double dx = std::max({r.left() - world.x(), 0.0, world.x() - r.right()});
        const double dy = std::max({r.top() - world.y(), 0.0, world.y() - r.bottom()});
        const double distance = dx * dx + dy * dy;
        if (best < 0 || distance < bestDistance) {
            best = v;
            bestDistance = distance;
        }
    }
    return best;
}

int GraphScene::nearestNode(const QPointF& world) const {
    if (nodeCount() == 0) return -1;
    // A node found within a square of half-size r lies within r * sqrt(2): searching that far
    // finds the nearest of all.
    const double far = std::hypot(
        std::max(std::abs(world.x() - m_bounds.left()), std::abs(world.x() - m_bounds.right())),
        std::max(std::abs(world.y() - m_bounds.top()), std::abs(world.y() - m_bounds.bottom())));
    for (double r = std::max(m_cellWidth, m_cellHeight);; r *= 2.0) {
        if (nodeAt(world, r) >= 0 || r > far) return nodeAt(world, r * M_SQRT2);
    }
}

}  // namespace tpugraphs::ui
