// Layer wrapping: per-layer extents, cut choice by crossing edges, and the move into columns.
#include "graphdraw/layer_wrapping.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace tpugraphs {

namespace {

constexpr float kCutWindow = 0.15f;         // a cut may move this share of a column's height
constexpr float kRowGap = 24.0f;            // vertical space between the rows of a split layer
constexpr int32_t kFewestBoxesForRows = 8;  // narrower layers are never split into rows
constexpr double kRowsGain = 0.8;  // layers become rows only to draw at least 1/0.8 as large

// Per layer: horizontal extent of its boxes and routing points, vertical extent of its row.
struct LayerExtents {
    std::vector<float> left, right, top, bottom;
};

// The layer of each polyline point: the producer's for the first, the consumer's for the last,
// else the layer whose centre line the routing point lies on.
std::vector<int32_t> pointLayers(const GraphDrawing& d) {
    std::vector<int32_t> layerOf(d.points.size(), 0);
    for (int32_t e = 0; e < d.edgeCount(); ++e) {
        const int64_t first = d.edgePointStart[e], last = d.edgePointStart[e + 1] - 1;
        for (int64_t k = first; k <= last; ++k) {
            if (k == first) {
                layerOf[k] = d.layer[d.edgeFrom[e]];
            } else if (k == last) {
                layerOf[k] = d.layer[d.edgeTo[e]];
            } else {
                const auto at = std::lower_bound(d.layerY.begin(), d.layerY.end(), d.points[k].y);
                layerOf[k] = static_cast<int32_t>(std::min<std::ptrdiff_t>(
                    at - d.layerY.begin(), static_cast<std::ptrdiff_t>(d.layerY.size()) - 1));
            }
        }
    }
    return layerOf;
}

LayerExtents measureLayers(const GraphDrawing& d, const std::vector<int32_t>& pointLayer) {
    const auto count = static_cast<size_t>(d.layerCount());
    constexpr float kFar = std::numeric_limits<float>::max();
    LayerExtents ex{std::vector<float>(count, kFar), std::vector<float>(count, -kFar),
                    std::vector<float>(count, kFar), std::vector<float>(count, -kFar)};
    auto add = [&ex](int32_t l, float left, float top, float right, float bottom) {
        ex.left[l] = std::min(ex.left[l], left);
        ex.right[l] = std::max(ex.right[l], right);
        ex.top[l] = std::min(ex.top[l], top);
        ex.bottom[l] = std::max(ex.bottom[l], bottom);
    };
    for (int32_t v = 0; v < d.nodeCount(); ++v)
        add(d.layer[v], d.x[v] - 0.5f * d.width[v], d.y[v] - 0.5f * d.height[v],
            d.x[v] + 0.5f * d.width[v], d.y[v] + 0.5f * d.height[v]);
    for (size_t k = 0; k < d.points.size(); ++k)
        add(pointLayer[k], d.points[k].x, d.points[k].y, d.points[k].x, d.points[k].y);
    for (size_t l = 0; l < count; ++l)
        if (ex.left[l] > ex.right[l]) add(int32_t(l), 0.0f, d.layerY[l], 0.0f, d.layerY[l]);
    return ex;
}

// The pitch of layer l: from its centre line to the next one (the last: its own height).
float layerPitch(const GraphDrawing& d, const LayerExtents& ex, int32_t l) {
    return l + 1 < d.layerCount() ? d.layerY[l + 1] - d.layerY[l] : ex.bottom[l] - ex.top[l];
}

// The row width that draws the wrapped drawing largest in a window of `aspect`: each layer wider
// than it becomes rows (as text wraps into lines), and the rows are then cut into columns of about
// that width. Candidates are the layers' own widths (a column is as wide as its widest row) and
// widths between them, from the widest box up; the choice estimates each candidate's columns from
// the total height of its rows (a column at least as tall as the tallest layer's rows). Returns 0
// when no layer needs rows.
float chooseRowWidth(const GraphDrawing& d, const LayerExtents& ex, float aspect, float gap,
                     int maxColumns) {
    const int32_t layers = d.layerCount();
    std::vector<int32_t> boxes(static_cast<size_t>(layers), 0);
    for (const int32_t l : d.layer) ++boxes[l];
    if (*std::max_element(boxes.begin(), boxes.end()) < kFewestBoxesForRows) return 0.0f;
    const float widestBox = *std::max_element(d.width.begin(), d.width.end());
    std::vector<float> candidates;
    for (int32_t l = 0; l < layers; ++l)
        candidates.push_back(std::max(widestBox, ex.right[l] - ex.left[l]));
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    constexpr size_t kLayerCandidates = 48;  // quantiles of the widths beyond this many
    if (candidates.size() > kLayerCandidates) {
        std::vector<float> quantiles;
        for (size_t k = 0; k < kLayerCandidates; ++k)
            quantiles.push_back(candidates[k * (candidates.size() - 1) / (kLayerCandidates - 1)]);
        candidates = std::move(quantiles);
    }
    // Widths between the layers' own, in even ratios: a single very wide layer wraps into a
    // block of rows near the window's shape.
    constexpr int kSteps = 32;
    const float widest = candidates.back();
    for (int k = 1; k < kSteps; ++k)
        candidates.push_back(widestBox * std::pow(widest / widestBox, float(k) / kSteps));
    // The window side the rows at `width` need, cut into about as many columns as fit.
    auto extentAt = [&](float width) {
        double height = 0.0, tallest = 0.0;  // a layer's rows stay in one column
        for (int32_t l = 0; l < layers; ++l) {
            const int rows = std::max(1, int(std::ceil((ex.right[l] - ex.left[l]) / width)));
            const double pitch =
                layerPitch(d, ex, l) + float(rows - 1) * (ex.bottom[l] - ex.top[l] + kRowGap);
            height += pitch;
            tallest = std::max(tallest, pitch);
        }
        const double ideal = std::sqrt(height * aspect / (width + gap));
        const int columns = std::clamp(int(std::lround(ideal)), 1, maxColumns);
        return std::max((double(columns) * (width + gap) - gap) / aspect,
                        std::max(tallest, height / columns));
    };
    float best = widest;
    double bestExtent = extentAt(widest);
    const double unsplit = bestExtent;
    for (const float width : candidates) {
        const double extent = extentAt(width);
        if (extent < bestExtent) bestExtent = extent, best = width;
    }
    return bestExtent < kRowsGain * unsplit ? best : 0.0f;
}

// Splits each layer wider than `rowWidth` into rows, as text wraps into lines: a vertex goes to
// the row of its x slice, moved left under the first slice and down by its row; the layers below
// move down by the rows added. Vertices within a layer have no edges between them, so no edge
// turns upwards. Returns whether a layer was split (layerY then holds each layer's first row).
bool splitWideLayers(GraphDrawing& d, const std::vector<int32_t>& pointLayer,
                     const LayerExtents& ex, float rowWidth) {
    const int32_t layers = d.layerCount();
    if (rowWidth <= 0.0f) return false;
    struct Rows {
        float left = 0.0f, slice = 0.0f, pitch = 0.0f, down = 0.0f;  // down: of its first row
        int count = 1;
    };
    std::vector<Rows> rows(static_cast<size_t>(layers));
    float down = 0.0f;
    bool split = false;
    for (int32_t l = 0; l < layers; ++l) {
        Rows& r = rows[l];
        r.down = down;
        const float width = ex.right[l] - ex.left[l];
        if (width > rowWidth) {
            r.count = static_cast<int>(std::ceil(width / rowWidth));
            r.left = ex.left[l];
            r.slice = width / float(r.count);
            r.pitch = ex.bottom[l] - ex.top[l] + kRowGap;
            down += float(r.count - 1) * r.pitch;
            split = true;
        }
    }
    if (!split) return false;
    // The move of a vertex of layer l at x: (dx, dy).
    auto move = [&rows](int32_t l, float x, float& dx, float& dy) {
        const Rows& r = rows[l];
        const int row =
            r.count == 1 ? 0 : std::clamp(static_cast<int>((x - r.left) / r.slice), 0, r.count - 1);
        dx = -float(row) * r.slice;
        dy = r.down + float(row) * r.pitch;
    };
    std::vector<DrawingPoint> nodeMove(static_cast<size_t>(d.nodeCount()));
    for (int32_t v = 0; v < d.nodeCount(); ++v) {
        move(d.layer[v], d.x[v], nodeMove[v].x, nodeMove[v].y);
        d.x[v] += nodeMove[v].x;
        d.y[v] += nodeMove[v].y;
    }
    for (int32_t e = 0; e < d.edgeCount(); ++e) {
        const int64_t first = d.edgePointStart[e], last = d.edgePointStart[e + 1] - 1;
        for (int64_t k = first; k <= last; ++k) {
            DrawingPoint shift;
            if (k == first)
                shift = nodeMove[d.edgeFrom[e]];  // the ends stay on their boxes
            else if (k == last)
                shift = nodeMove[d.edgeTo[e]];
            else
                move(pointLayer[k], d.points[k].x, shift.x, shift.y);
            d.points[k].x += shift.x;
            d.points[k].y += shift.y;
        }
    }
    for (int32_t l = 0; l < layers; ++l) d.layerY[l] += rows[l].down;
    return true;
}

// crossing[b]: edges crossing the boundary below layer b (from a layer <= b to one > b).
std::vector<int64_t> crossingsPerBoundary(const GraphDrawing& d) {
    std::vector<int64_t> delta(static_cast<size_t>(d.layerCount()) + 1, 0);
    for (int32_t e = 0; e < d.edgeCount(); ++e) {
        const int32_t a = d.layer[d.edgeFrom[e]], b = d.layer[d.edgeTo[e]];
        ++delta[std::min(a, b)];
        --delta[std::max(a, b)];
    }
    std::vector<int64_t> crossing(delta.size(), 0);
    int64_t running = 0;
    for (size_t b = 0; b < delta.size(); ++b) crossing[b] = running += delta[b];
    return crossing;
}

// Layers are centred in their column, so a column is as wide as its widest layer (a long chain
// whose nodes drift sideways from layer to layer becomes one straight column).
float columnWidth(const LayerExtents& ex, int32_t begin, int32_t end) {
    float width = 0.0f;
    for (int32_t l = begin; l < end; ++l) width = std::max(width, ex.right[l] - ex.left[l]);
    return width;
}

// Column k holds layers [starts[k], starts[k + 1]).
struct Columns {
    std::vector<int32_t> starts;
    float width = 0.0f, height = 0.0f;
};

Columns cutColumns(const LayerExtents& ex, const std::vector<int64_t>& crossing, int columns,
                   float gap) {
    const auto layers = static_cast<int32_t>(ex.top.size());
    const float totalTop = ex.top.front(), total = ex.bottom.back() - totalTop;
    Columns c;
    c.starts.push_back(0);
    for (int k = 1; k < columns; ++k) {
        const float ideal = totalTop + total * float(k) / float(columns);
        const float window = kCutWindow * total / float(columns);
        int32_t best = -1;
        for (int32_t b = c.starts.back(); b + 1 < layers; ++b) {  // cut below layer b
            if (ex.bottom[b] < ideal - window) continue;
            if (ex.top[b + 1] > ideal + window && best >= 0) break;
            const float miss = std::abs(ex.bottom[b] - ideal);
            if (best < 0 || crossing[b] < crossing[best] ||
                (crossing[b] == crossing[best] && miss < std::abs(ex.bottom[best] - ideal)))
                best = b;
        }
        if (best < 0) break;
        c.starts.push_back(best + 1);
    }
    c.starts.push_back(layers);
    for (size_t k = 0; k + 1 < c.starts.size(); ++k) {
        c.width += columnWidth(ex, c.starts[k], c.starts[k + 1]) + (k > 0 ? gap : 0.0f);
        c.height = std::max(c.height, ex.bottom[c.starts[k + 1] - 1] - ex.top[c.starts[k]]);
    }
    return c;
}

// The column of each layer, from the columns' first layers.
std::vector<int32_t> columnOfLayers(const std::vector<int32_t>& starts, int32_t layers) {
    std::vector<int32_t> columnOf(static_cast<size_t>(layers), 0);
    for (size_t k = 0; k + 1 < starts.size(); ++k)
        for (int32_t l = starts[k]; l < starts[k + 1]; ++l) columnOf[l] = static_cast<int32_t>(k);
    return columnOf;
}

// An edge whose ends lie in different columns loses its routing points: one straight line from
// the producer to the consumer, instead of a polyline that runs down each column it passes and
// jumps from the bottom of one to the top of the next (a full-height diagonal per column, most of
// a wrapped drawing's line pixels).
void straightenEdgesAcrossColumns(GraphDrawing& d, const std::vector<int32_t>& columnOf) {
    int64_t kept = 0;
    for (int32_t e = 0; e < d.edgeCount(); ++e) {
        const int64_t first = d.edgePointStart[e], last = d.edgePointStart[e + 1] - 1;
        const bool across = columnOf[d.layer[d.edgeFrom[e]]] != columnOf[d.layer[d.edgeTo[e]]];
        d.edgePointStart[e] = kept;
        for (int64_t k = first; k <= last; ++k)
            if (!across || k == first || k == last) d.points[kept++] = d.points[k];
        if (across) d.routingPoints -= last - first - 1;
    }
    d.edgePointStart[d.edgeCount()] = kept;
    d.points.resize(static_cast<size_t>(kept));
}

}  // namespace

int wrapLayersIntoColumns(GraphDrawing& d, const WrapOptions& options) {
    const int32_t layers = d.layerCount();
    if (layers < 2 || d.nodeCount() == 0) return 1;
    const std::vector<int32_t> pointLayer = pointLayers(d);
    const float aspect = std::max(0.01f, options.aspect);
    const LayerExtents unsplit = measureLayers(d, pointLayer);
    const bool split =
        splitWideLayers(d, pointLayer, unsplit,
                        chooseRowWidth(d, unsplit, aspect, options.columnGap, options.maxColumns));
    const LayerExtents ex = split ? measureLayers(d, pointLayer) : unsplit;
    const std::vector<int64_t> crossing = crossingsPerBoundary(d);
    // The size of the window side that must hold the drawing: smaller draws it larger.
    auto extent = [aspect](const Columns& c) { return std::max(c.width / aspect, c.height); };
    Columns best = cutColumns(ex, crossing, 1, options.columnGap);
    for (int k = 2; k <= std::min(options.maxColumns, layers); ++k) {
        Columns c = cutColumns(ex, crossing, k, options.columnGap);
        if (extent(c) < extent(best)) best = std::move(c);
        if (c.width / aspect > c.height) break;  // wider than the window: more only shrinks it
    }
    const auto columns = static_cast<int>(best.starts.size()) - 1;
    const bool straighter = best.width < 0.9f * (d.bounds.right - d.bounds.left);
    if (columns <= 1 && !split && !straighter) return 1;

    // Per layer: its move, centred in its column.
    std::vector<DrawingPoint> shift(static_cast<size_t>(layers));
    float cursor = 0.0f;
    for (int k = 0; k < columns; ++k) {
        const float width = columnWidth(ex, best.starts[k], best.starts[k + 1]);
        const float dy = ex.top.front() - ex.top[best.starts[k]];
        for (int32_t l = best.starts[k]; l < best.starts[k + 1]; ++l)
            shift[l] = {cursor + 0.5f * (width - (ex.right[l] - ex.left[l])) - ex.left[l], dy};
        cursor += width + options.columnGap;
    }
    for (int32_t v = 0; v < d.nodeCount(); ++v) {
        d.x[v] += shift[d.layer[v]].x;
        d.y[v] += shift[d.layer[v]].y;
    }
    for (size_t k = 0; k < d.points.size(); ++k) {
        d.points[k].x += shift[pointLayer[k]].x;
        d.points[k].y += shift[pointLayer[k]].y;
    }
    straightenEdgesAcrossColumns(d, columnOfLayers(best.starts, layers));
    d.bounds = {std::numeric_limits<float>::max(), std::numeric_limits<float>::max(),
                -std::numeric_limits<float>::max(), -std::numeric_limits<float>::max()};
    auto extend = [&d](float x, float y) {
        d.bounds.left = std::min(d.bounds.left, x);
        d.bounds.top = std::min(d.bounds.top, y);
        d.bounds.right = std::max(d.bounds.right, x);
        d.bounds.bottom = std::max(d.bounds.bottom, y);
    };
    for (int32_t v = 0; v < d.nodeCount(); ++v) {
        extend(d.x[v] - 0.5f * d.width[v], d.y[v] - 0.5f * d.height[v]);
        extend(d.x[v] + 0.5f * d.width[v], d.y[v] + 0.5f * d.height[v]);
    }
    for (const DrawingPoint& p : d.points) extend(p.x, p.y);
    d.layerY.clear();
    return columns;
}

}  // namespace tpugraphs
