// Min/max bucket decimation of a curve.
#include "training/decimation.h"

#include <algorithm>

namespace tpugraphs::ui {

QList<QPointF> decimateMinMax(const QList<QPointF>& points, int maxPoints) {
    maxPoints = std::max(4, maxPoints);
    const qsizetype n = points.size();
    if (n <= maxPoints) return points;
    // First and last are kept apart; the interior is split into buckets of min + max.
    const qsizetype buckets = (maxPoints - 2) / 2;
    const qsizetype interior = n - 2;
    QList<QPointF> out;
    out.reserve(maxPoints);
    out.append(points.front());
    for (qsizetype b = 0; b < buckets; ++b) {
        const qsizetype begin = 1 + interior * b / buckets;
        const qsizetype end = 1 + interior * (b + 1) / buckets;
        if (begin >= end) continue;
        qsizetype lo = begin, hi = begin;
        for (qsizetype i = begin + 1; i < end; ++i) {
            if (points[i].y() < points[lo].y()) lo = i;
            if (points[i].y() > points[hi].y()) hi = i;
        }
        out.append(points[std::min(lo, hi)]);
        if (lo != hi) out.append(points[std::max(lo, hi)]);
    }
    out.append(points.back());
    return out;
}

}  // namespace tpugraphs::ui
