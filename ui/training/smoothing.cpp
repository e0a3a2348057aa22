// TensorBoard's debiased exponential moving average.
#include "training/smoothing.h"

#include <algorithm>
#include <cmath>

namespace tpugraphs::ui {

QList<QPointF> smoothed(const QList<QPointF>& points, double weight) {
    const double w = std::clamp(weight, 0.0, kMaxSmoothing);
    if (w <= 0) return points;
    QList<QPointF> out;
    out.reserve(points.size());
    double average = 0;
    int count = 0;
    for (const QPointF& p : points) {
        if (!std::isfinite(p.y())) {
            out.append(p);  // a gap stays a gap; the average goes on from the last value
            continue;
        }
        average = w * average + (1 - w) * p.y();
        ++count;
        out.append(QPointF(p.x(), average / (1 - std::pow(w, count))));
    }
    return out;
}

}  // namespace tpugraphs::ui
