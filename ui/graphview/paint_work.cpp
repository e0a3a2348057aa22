// PaintWork: per bin of world height, the work of points and dots and the length of lines, each
// spread evenly over the heights it covers.
#include "graphview/paint_work.h"

#include <algorithm>
#include <cmath>

#include "graphview/graph_pixel_layer.h"
#include "graphview/graph_scene.h"
#include "graphview/pixel_bands.h"

namespace tpugraphs::ui {

namespace {
constexpr int kBins = 4096;
// Rough costs in pixels of a line (measured with callgrind on the nlp and 100k graphs).
constexpr double kEdgeWork = 12.0;  // an edge's set-up in a band
constexpr double kPointWork = 2.0;  // a polyline point, most merged with the next when zoomed out
constexpr double kDotWork = 8.0;    // a node drawn as a dot
}  // namespace

PaintWork::PaintWork(const GraphScene& scene) {
    const QRectF bounds = scene.bounds();
    m_top = bounds.top();
    m_binHeight = std::max(bounds.height(), 1.0) / kBins;
    m_binsPerUnit = 1.0 / m_binHeight;
    m_fixed.assign(kBins + 1, 0.0);
    m_length.assign(kBins + 1, 0.0);
    for (int e = 0; e < scene.edgeCount(); ++e) {
        const QRectF& b = scene.edgeBounds(e);
        add(binOf(b.top()), binOf(b.bottom()), kEdgeWork, 0.0);
        // Each point's bin is found once, for both segments it ends. A dotted line's pixels are a
        // third of its length.
        const double pixelsPerLength = scene.isLongStraight(e) ? 1.0 / kLongStraightStride : 1.0;
        int bin = binOf(scene.point(scene.pointBegin(e)).y());
        for (int i = scene.pointBegin(e); i + 1 < scene.pointEnd(e); ++i) {
            const QPointF p = scene.point(i);
            const QPointF q = scene.point(i + 1);
            const int nextBin = binOf(q.y());
            const double length =
                pixelsPerLength * std::max(std::abs(q.x() - p.x()), std::abs(q.y() - p.y()));
            add(std::min(bin, nextBin), std::max(bin, nextBin), kPointWork, length);
            bin = nextBin;
        }
    }
    for (int v = 0; v < scene.nodeCount(); ++v)
        add(binOf(scene.rect(v).top()), binOf(scene.rect(v).bottom()), kDotWork, 0.0);
    for (int b = 0; b < kBins; ++b) {
        m_fixed[size_t(b) + 1] += m_fixed[size_t(b)];
        m_length[size_t(b) + 1] += m_length[size_t(b)];
    }
}

int PaintWork::binOf(double y) const {
    return std::clamp(static_cast<int>((y - m_top) * m_binsPerUnit), 0, kBins - 1);
}

void PaintWork::add(int first, int last, double fixed, double length) {
    if (first < last) {  // spread evenly over the bins
        const double share = 1.0 / (last - first + 1);
        fixed *= share;
        length *= share;
    }
    m_fixed[size_t(first)] += fixed;
    m_fixed[size_t(last) + 1] -= fixed;
    m_length[size_t(first)] += length;
    m_length[size_t(last) + 1] -= length;
}

void PaintWork::addTo(PixelBands& bands, double scale, double offsetY) const {
    if (m_fixed.empty()) return;
    for (int b = 0; b < kBins; ++b) {
        const double top = (m_top + b * m_binHeight) * scale + offsetY;
        const double bottom = top + m_binHeight * scale;
        if (bottom < 0.0 || top >= bands.height()) continue;
        bands.addWork(top, bottom, m_fixed[size_t(b)] + m_length[size_t(b)] * scale);
    }
}

}  // namespace tpugraphs::ui
