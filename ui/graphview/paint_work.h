// The expected cost of drawing a scene's pixel layer along its height, so that the bands of a
// frame can be cut at equal shares of it (the nlp graph's last rows hold a fifth of its pixels).
#pragma once

#include <vector>

namespace tpugraphs::ui {

class GraphScene;
class PixelBands;

class PaintWork {
public:
    PaintWork() = default;
    explicit PaintWork(const GraphScene& scene);  // one pass over the scene's edges and nodes

    // Adds to `bands` the work of drawing the whole scene at `scale`, world y at row
    // y * scale + offsetY (work outside the bands' rows left out).
    void addTo(PixelBands& bands, double scale, double offsetY) const;

private:
    int binOf(double y) const;
    // Spreads the work over bins first..last.
    void add(int first, int last, double fixed, double length);

    double m_top = 0.0;
    double m_binHeight = 1.0;
    double m_binsPerUnit = 1.0;  // 1 / m_binHeight: a multiplication per bin lookup
    // Per bin of world height, as changes from the bin before (summed once built): work at any
    // zoom (per point and node), and world length of lines (pixels once scaled).
    std::vector<double> m_fixed, m_length;
};

}  // namespace tpugraphs::ui
