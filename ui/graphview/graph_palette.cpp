// Graph view colours: a qualitative palette for opcode families and a sequential value ramp.
#include "graphview/graph_palette.h"

#include <algorithm>

namespace tpugraphs::ui {

QColor familyColor(int family) {
    static const QColor colors[] = {
        QColor(166, 166, 166),  // parameter/constant
        QColor(78, 121, 167),   // elementwise
        QColor(89, 161, 79),    // data movement
        QColor(225, 87, 89),    // dot/convolution
        QColor(242, 142, 43),   // reduce
        QColor(176, 122, 161),  // collective/io
        QColor(118, 183, 178),  // control/tuple
        QColor(237, 201, 72),   // fusion/custom/other
    };
    if (family < 0 || family >= static_cast<int>(std::size(colors))) return QColor(214, 214, 220);
    return colors[family];
}

QColor labelColor(const QColor& fill) {
    return fill.lightnessF() < 0.45 ? QColor(Qt::white) : palette::text;
}

QColor valueColor(float t) {
    t = std::clamp(t, 0.0f, 1.0f);
    // Dark blue -> teal -> yellow, close to viridis.
    const QColor a(68, 1, 84), b(33, 145, 140), c(253, 231, 37);
    const QColor& lo = t < 0.5f ? a : b;
    const QColor& hi = t < 0.5f ? b : c;
    const float u = t < 0.5f ? 2.0f * t : 2.0f * t - 1.0f;
    return QColor::fromRgbF(lo.redF() + u * (hi.redF() - lo.redF()),
                            lo.greenF() + u * (hi.greenF() - lo.greenF()),
                            lo.blueF() + u * (hi.blueF() - lo.blueF()));
}

}  // namespace tpugraphs::ui
