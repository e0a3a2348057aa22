// Splits a graph into connected components, lays each out and packs them (skyline packing).
#include "graphdraw/component_packing.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "graphdraw/layer_wrapping.h"

namespace tpugraphs {

namespace {

int32_t findRoot(std::vector<int32_t>& parent, int32_t v) {
    while (parent[v] != v) {
        parent[v] = parent[parent[v]];
        v = parent[v];
    }
    return v;
}

// A component as a graph of its own, with the maps back to the input's nodes and edges.
struct Component {
    DagInput dag;
    std::vector<int32_t> nodes;  // local node -> input node
    std::vector<int32_t> edges;  // local edge -> input edge
};

std::vector<Component> splitComponents(const DagInput& input,
                                       const std::vector<int32_t>& componentOf, int32_t count) {
    std::vector<Component> parts(static_cast<size_t>(count));
    std::vector<int32_t> localOf(input.nodeCount);
    for (int32_t v = 0; v < input.nodeCount; ++v) {
        Component& c = parts[componentOf[v]];
        localOf[v] = static_cast<int32_t>(c.nodes.size());
        c.nodes.push_back(v);
        if (!input.nodeWidth.empty()) c.dag.nodeWidth.push_back(input.nodeWidth[v]);
        if (!input.nodeHeight.empty()) c.dag.nodeHeight.push_back(input.nodeHeight[v]);
    }
    for (size_t e = 0; e < input.edgeFrom.size(); ++e) {
        Component& c = parts[componentOf[input.edgeFrom[e]]];
        c.dag.edgeFrom.push_back(localOf[input.edgeFrom[e]]);
        c.dag.edgeTo.push_back(localOf[input.edgeTo[e]]);
        c.edges.push_back(static_cast<int32_t>(e));
    }
    for (Component& c : parts) c.dag.nodeCount = static_cast<int32_t>(c.nodes.size());
    return parts;
}

float widthOf(const DrawingRect& r) {
    return r.right - r.left;
}
float heightOf(const DrawingRect& r) {
    return r.bottom - r.top;
}

struct Segment {
    float x, width, y;  // the skyline is at y over [x, x + width)
};

// Joins skyline[i] with its neighbours at the same height. Placements do not change: a box at the
// start of a joined right part would sit no higher than at the start of the whole segment, which
// is further left; but rows of equal boxes keep the skyline short (packing thousands of single
// nodes was quadratic in their number).
void mergeLevelNeighbours(std::vector<Segment>& skyline, size_t i) {
    if (i + 1 < skyline.size() && skyline[i + 1].y == skyline[i].y) {
        skyline[i].width = skyline[i + 1].x + skyline[i + 1].width - skyline[i].x;
        skyline.erase(skyline.begin() + long(i) + 1);
    }
    if (i > 0 && skyline[i - 1].y == skyline[i].y) {
        skyline[i - 1].width = skyline[i].x + skyline[i].width - skyline[i - 1].x;
        skyline.erase(skyline.begin() + long(i));
    }
}

struct Packing {
    std::vector<DrawingPoint> corner;  // per component: its top-left corner
    float width = 0.0f, height = 0.0f;
};

// Skyline packing in a strip `stripWidth` wide: in order, each box goes where its top is
// highest (then leftmost), so small components fill the room beside large ones.
Packing skylinePack(const std::vector<DrawingPoint>& sizes, const std::vector<size_t>& order,
                    float stripWidth) {
    std::vector<Segment> skyline = {{0.0f, std::numeric_limits<float>::max(), 0.0f}};
    Packing p;
    p.corner.resize(sizes.size());
    for (const size_t i : order) {
        const float w = sizes[i].x, h = sizes[i].y;
        size_t bestStart = 0;
        float bestY = std::numeric_limits<float>::max(), bestX = 0.0f;
        for (size_t s = 0; s < skyline.size(); ++s) {
            const float x = skyline[s].x;
            if (x > 0.0f && x + w > stripWidth) break;
            float y = 0.0f;  // a start no higher than the best so far cannot win: stop early
            for (size_t k = s; k < skyline.size() && skyline[k].x < x + w && y < bestY; ++k)
                y = std::max(y, skyline[k].y);
            if (y < bestY) {
                bestY = y;
                bestX = x;
                bestStart = s;
            }
        }
        p.corner[i] = {bestX, bestY};
        p.width = std::max(p.width, bestX + w);
        p.height = std::max(p.height, bestY + h);
        // Replace the skyline under [bestX, bestX + w) by one segment at bestY + h.
        size_t end = bestStart;
        while (end < skyline.size() && skyline[end].x + skyline[end].width <= bestX + w) ++end;
        if (end < skyline.size()) {  // cut the partly covered segment's left part off
            const float right = skyline[end].x + skyline[end].width;
            skyline[end].x = std::max(skyline[end].x, bestX + w);
            skyline[end].width = right - skyline[end].x;
        }
        skyline.erase(skyline.begin() + long(bestStart), skyline.begin() + long(end));
        skyline.insert(skyline.begin() + long(bestStart), Segment{bestX, w, bestY + h});
        mergeLevelNeighbours(skyline, bestStart);
    }
    return p;
}

// Tries strip widths from the widest component to all in one row and keeps the packing drawn
// largest when fitted to a window of the aimed aspect (smaller area on ties).
std::vector<DrawingPoint> packComponents(const std::vector<GraphDrawing>& drawings,
                                         const PackingOptions& packing) {
    const size_t n = drawings.size();
    std::vector<DrawingPoint> sizes(n);
    float widest = 0.0f, total = 0.0f;
    for (size_t i = 0; i < n; ++i) {
        sizes[i] = {widthOf(drawings[i].bounds) + packing.gap,
                    heightOf(drawings[i].bounds) + packing.gap};
        widest = std::max(widest, sizes[i].x);
        total += sizes[i].x;
    }
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return sizes[a].y > sizes[b].y; });
    const float aspect = std::max(0.01f, packing.aspect);
    constexpr int kTries = 16;
    Packing best;
    double bestExtent = 0.0, bestArea = 0.0;
    for (int t = 0; t < kTries; ++t) {
        const float width = widest * std::pow(total / widest, float(t) / (kTries - 1));
        Packing p = skylinePack(sizes, order, width);
        const double extent = std::max(double(p.width) / aspect, double(p.height));
        const double area = double(p.width) * p.height;
        if (t == 0 || extent < bestExtent * 0.999 ||
            (extent < bestExtent * 1.001 && area < bestArea)) {
            best = std::move(p);
            bestExtent = extent;
            bestArea = area;
        }
    }
    return best.corner;
}

// Moves every component's drawing to its shelf position and merges them in input order.
GraphDrawing mergeDrawings(const DagInput& input, const std::vector<Component>& parts,
                           const std::vector<GraphDrawing>& drawings,
                           const std::vector<DrawingPoint>& corner) {
    GraphDrawing out;
    const auto n = static_cast<size_t>(input.nodeCount);
    out.x.resize(n);
    out.y.resize(n);
    out.width.resize(n);
    out.height.resize(n);
    out.layer.resize(n);
    out.edgeFrom = input.edgeFrom;
    out.edgeTo = input.edgeTo;
    const size_t edgeCount = input.edgeFrom.size();
    std::vector<int64_t> pointCount(edgeCount, 0);
    for (size_t c = 0; c < parts.size(); ++c)
        for (size_t e = 0; e < parts[c].edges.size(); ++e)
            pointCount[parts[c].edges[e]] =
                drawings[c].edgePointStart[e + 1] - drawings[c].edgePointStart[e];
    out.edgePointStart.assign(edgeCount + 1, 0);
    for (size_t e = 0; e < edgeCount; ++e)
        out.edgePointStart[e + 1] = out.edgePointStart[e] + pointCount[e];
    out.points.resize(static_cast<size_t>(out.edgePointStart[edgeCount]));
    out.bounds = {0.0f, 0.0f, 0.0f, 0.0f};
    for (size_t c = 0; c < parts.size(); ++c) {
        const GraphDrawing& d = drawings[c];
        const float dx = corner[c].x - d.bounds.left, dy = corner[c].y - d.bounds.top;
        for (size_t v = 0; v < parts[c].nodes.size(); ++v) {
            const auto to = static_cast<size_t>(parts[c].nodes[v]);
            out.x[to] = d.x[v] + dx;
            out.y[to] = d.y[v] + dy;
            out.width[to] = d.width[v];
            out.height[to] = d.height[v];
            out.layer[to] = d.layer[v];
        }
        for (size_t e = 0; e < parts[c].edges.size(); ++e) {
            int64_t to = out.edgePointStart[parts[c].edges[e]];
            for (int64_t k = d.edgePointStart[e]; k < d.edgePointStart[e + 1]; ++k)
                out.points[static_cast<size_t>(to++)] = {d.points[k].x + dx, d.points[k].y + dy};
        }
        out.bounds.right = std::max(out.bounds.right, corner[c].x + widthOf(d.bounds));
        out.bounds.bottom = std::max(out.bounds.bottom, corner[c].y + heightOf(d.bounds));
        out.routingPoints += d.routingPoints;
        out.straightEdges += d.straightEdges;
    }
    return out;
}

}  // namespace

int32_t connectedComponents(const DagInput& input, std::vector<int32_t>& componentOf) {
    const int32_t n = input.nodeCount;
    std::vector<int32_t> parent(n);
    std::iota(parent.begin(), parent.end(), 0);
    for (size_t e = 0; e < input.edgeFrom.size(); ++e) {
        const int32_t a = findRoot(parent, input.edgeFrom[e]);
        const int32_t b = findRoot(parent, input.edgeTo[e]);
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
    }
    // Roots are the smallest node of their component; number them by size, then first node.
    std::vector<int32_t> size(n, 0);
    for (int32_t v = 0; v < n; ++v) ++size[findRoot(parent, v)];
    std::vector<int32_t> roots;
    for (int32_t v = 0; v < n; ++v)
        if (parent[v] == v) roots.push_back(v);
    std::stable_sort(roots.begin(), roots.end(),
                     [&](int32_t a, int32_t b) { return size[a] > size[b]; });
    std::vector<int32_t> index(n, -1);
    for (size_t i = 0; i < roots.size(); ++i) index[roots[i]] = static_cast<int32_t>(i);
    componentOf.resize(n);
    for (int32_t v = 0; v < n; ++v) componentOf[v] = index[findRoot(parent, v)];
    return static_cast<int32_t>(roots.size());
}

std::optional<GraphDrawing> drawComponents(const DagInput& input, const DrawingOptions& options,
                                           const PackingOptions& packing,
                                           const DrawingControl& control) {
    validateDagInput(input);
    std::vector<int32_t> componentOf;
    const int32_t count = connectedComponents(input, componentOf);
    auto drawOne = [&options, &packing](const DagInput& dag, const DrawingControl& part) {
        std::optional<GraphDrawing> d = drawDag(dag, options, part);
        if (d && packing.wrapColumns) wrapLayersIntoColumns(*d, {packing.aspect, 2 * packing.gap});
        return d;
    };
    if (count <= 1) return drawOne(input, control);
    const std::vector<Component> parts = splitComponents(input, componentOf, count);
    std::vector<GraphDrawing> drawings;
    drawings.reserve(parts.size());
    int64_t done = 0;
    for (const Component& c : parts) {
        DrawingControl part{control.cancel, {}};
        if (control.progress)
            part.progress = [&, base = done, size = c.dag.nodeCount](float f) {
                control.progress(float((base + f * size) / double(input.nodeCount)));
            };
        std::optional<GraphDrawing> d = drawOne(c.dag, part);
        if (!d) return std::nullopt;
        drawings.push_back(std::move(*d));
        done += c.dag.nodeCount;
    }
    return mergeDrawings(input, parts, drawings, packComponents(drawings, packing));
}

}  // namespace tpugraphs
