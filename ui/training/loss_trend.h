// Whether a run's training loss is flat (the model learns nothing), from its smoothed loss
// curve: once past kFlatMinSteps steps, the smoothed loss moved by less than 1 % over the last
// half of the run and ends within 2 % of where it began (the mean of its first tenth). A loss
// that fell and then levelled off (a converged run) is not flat.
#pragma once

#include <QList>
#include <QPointF>

namespace tpugraphs::ui {

constexpr double kFlatMinSteps = 200;

// `smoothed`: (step, smoothed loss) in step order.
bool isLossFlat(const QList<QPointF>& smoothed);

}  // namespace tpugraphs::ui
