// TensorBoard's scalar smoothing: a debiased exponential moving average. With weight w in
// [0, 1), s_k = (w * a_{k-1} + (1 - w) * y_k) / (1 - w^k) where a is the plain moving average
// started at 0: the division removes the pull towards 0 of the first points, so the smoothed
// curve starts on the data instead of lagging behind it. w = 0 leaves the curve as it is.
#pragma once

#include <QList>
#include <QPointF>

namespace tpugraphs::ui {

constexpr double kMaxSmoothing = 0.999;

QList<QPointF> smoothed(const QList<QPointF>& points, double weight);

}  // namespace tpugraphs::ui
