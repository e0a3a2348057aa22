// Min/max bucket decimation of a curve, so long series stay cheap to draw but keep their peaks.
#pragma once

#include <QList>
#include <QPointF>

namespace tpugraphs::ui {

// Returns `points` unchanged when it holds at most `maxPoints`; otherwise splits it into
// maxPoints / 2 buckets of consecutive points and keeps each bucket's minimum and maximum (in x
// order), plus the very first and last points. The result never exceeds maxPoints (>= 4).
QList<QPointF> decimateMinMax(const QList<QPointF>& points, int maxPoints);

}  // namespace tpugraphs::ui
