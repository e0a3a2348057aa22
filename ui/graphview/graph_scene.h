// An immutable, laid-out graph view ready to paint: boxes, colours, labels, edges, spatial index.
#pragma once

#include <QPointF>
#include <QRectF>
#include <QString>
#include <QVector>
#include <memory>

#include "data/opcodes.h"
#include "graphdraw/graph_drawing.h"
#include "graphdraw/graph_subview.h"
#include "graphview/paint_work.h"

namespace tpugraphs::ui {

enum class GraphViewMode { Whole, ConfigurableNeighbourhood, CollapsedComputations };

// The heights an edge or a box covers, in floats rounded outwards: compact for scans that only
// need to know which rows something may reach.
struct VerticalSpan {
    float top, bottom;
};

// The edges into or out of one node: a run of edge ids in the scene's per-node lists.
class EdgeList {
public:
    EdgeList(const int* begin, const int* end) : m_begin(begin), m_end(end) {}
    const int* begin() const { return m_begin; }
    const int* end() const { return m_end; }
    int size() const { return static_cast<int>(m_end - m_begin); }
    bool isEmpty() const { return m_begin == m_end; }
    int first() const { return *m_begin; }

private:
    const int* m_begin;
    const int* m_end;
};

class GraphScene {
public:
    // `drawing` lays out `subview.dag` (same node and edge order).
    GraphScene(std::shared_ptr<const GraphTopology> topology, GraphSubview subview,
               const GraphDrawing& drawing, GraphViewMode mode);

    const GraphTopology& topology() const { return *m_topology; }
    const std::shared_ptr<const GraphTopology>& sharedTopology() const { return m_topology; }
    const GraphSubview& subview() const { return m_subview; }
    GraphViewMode mode() const { return m_mode; }
    QRectF bounds() const { return m_bounds; }
    // The box every edge's polyline lies in (empty without edges).
    QRectF edgeArea() const { return m_edgeArea; }

    int nodeCount() const { return m_rects.size(); }
    int edgeCount() const { return m_edgeFrom.size(); }

    // Per view node.
    const QRectF& rect(int v) const { return m_rects[v]; }
    VerticalSpan nodeSpan(int v) const { return m_nodeSpans[v]; }
    int originalNode(int v) const { return m_subview.original[v]; }  // -1 for a computation box
    int computation(int v) const { return m_subview.computation[v]; }
    bool isBox(int v) const { return m_subview.computation[v] >= 0; }
    bool isConfigurable(int v) const { return m_configurable[v]; }
    int family(int v) const { return m_family[v]; }  // OpcodeFamily, or -1 for a box
    QString label(int v) const;
    int viewNodeOf(int originalNode) const;  // -1 when hidden

    // Per edge: producer and consumer view nodes, polyline, bounding box.
    int edgeFrom(int e) const { return m_edgeFrom[e]; }
    int edgeTo(int e) const { return m_edgeTo[e]; }
    int pointBegin(int e) const { return m_pointStart[e]; }
    int pointEnd(int e) const { return m_pointStart[e + 1]; }
    QPointF point(int i) const { return {m_points[i].x, m_points[i].y}; }
    const QRectF& edgeBounds(int e) const { return m_edgeBounds[e]; }
    // Whether the polyline's y never decreases (every routed edge: it runs down layer by layer).
    bool descends(int e) const { return m_edgeFlags[e] & kDescends; }
    const VerticalSpan* edgeSpans() const { return m_edgeSpans.constData(); }  // per edge
    // An edge drawn as one straight segment across several layers (past the routing budget).
    bool isLongStraight(int e) const { return m_edgeFlags[e] & kLongStraight; }
    // The edges drawn as one line (two points), faint (long straight) or not, as plain segments,
    // and the routed ones (more points): the whole graph in the order-free form in which a
    // zoomed-out full view counts its lines, read without indirection.
    struct Segment {
        float x0, y0, x1, y1;
    };
    const QVector<Segment>& oneLineEdges(bool faint) const { return m_oneLineEdges[faint]; }
    const QVector<int>& routedEdges() const { return m_routedEdges; }
    // Calls visit(e) for each edge whose bounding box meets `area` (world coordinates); returns
    // how many.
    template <typename Visit>
    int forEdgesMeeting(const QRectF& area, Visit visit) const {
        const bool all = area.contains(m_bounds);
        int count = 0;
        for (int e = 0; e < edgeCount(); ++e)
            if (all || meets(m_edgeBounds[e], area)) {
                visit(e);
                ++count;
            }
        return count;
    }
    // The expected cost of drawing the pixel layer along the height.
    const PaintWork& paintWork() const { return m_paintWork; }
    EdgeList inEdges(int v) const { return edgesOf(m_inStart, m_inList, v); }
    EdgeList outEdges(int v) const { return edgesOf(m_outStart, m_outList, v); }

    // View nodes whose boxes intersect `area` (world coordinates), via a uniform grid.
    void nodesIn(const QRectF& area, QVector<int>& out) const;
    // The view node nearest to a world point within `tolerance` (world units), or -1.
    int nodeAt(const QPointF& world, double tolerance) const;
    // The view node nearest to a world point, however far (-1 only without nodes).
    int nearestNode(const QPointF& world) const;

    // Box size used for a view node before drawing (label-sized).
    static float boxWidth(const GraphTopology& topology, const GraphSubview& subview, int v);
    static float boxHeight(const GraphSubview& subview, int v);

private:
    // QRectF::intersects for a rectangle of non-negative size (every edge's bounds), inline: the
    // frames of a large graph test every edge. A line's flat bounds meet nothing, as there.
    static bool meets(const QRectF& bounds, const QRectF& area) {
        return bounds.width() > 0.0 && bounds.height() > 0.0 && !area.isEmpty() &&
               bounds.left() < area.right() && area.left() < bounds.right() &&
               bounds.top() < area.bottom() && area.top() < bounds.bottom();
    }
    static EdgeList edgesOf(const QVector<int>& start, const QVector<int>& list, int v) {
        return {list.constData() + start[v], list.constData() + start[v + 1]};
    }
    void buildEdgeLists();
    void buildGrid();

    std::shared_ptr<const GraphTopology> m_topology;
    GraphSubview m_subview;
    GraphViewMode m_mode;
    QRectF m_bounds, m_edgeArea;
    QVector<QRectF> m_rects;
    QVector<char> m_configurable;
    QVector<signed char> m_family;
    QVector<int> m_edgeFrom, m_edgeTo, m_pointStart;
    QVector<DrawingPoint> m_points;  // the drawing's floats: half the bytes to read per frame
    enum EdgeFlag : unsigned char { kDescends = 1, kLongStraight = 2 };
    QVector<QRectF> m_edgeBounds;
    QVector<unsigned char> m_edgeFlags;
    QVector<VerticalSpan> m_nodeSpans, m_edgeSpans;
    QVector<Segment> m_oneLineEdges[2];  // [faint]
    QVector<int> m_routedEdges;
    // Per node, its edges in edge order (CSR): in m_inList[m_inStart[v] .. m_inStart[v + 1]).
    QVector<int> m_inStart, m_inList, m_outStart, m_outList;

    // Uniform grid over m_bounds; nodes are filed by their centre, queries widen by m_maxHalf.
    int m_gridColumns = 1, m_gridRows = 1;
    double m_cellWidth = 1.0, m_cellHeight = 1.0;
    QVector<int> m_cellStart, m_cellNodes;
    QSizeF m_maxHalf;
    PaintWork m_paintWork;
};

}  // namespace tpugraphs::ui
