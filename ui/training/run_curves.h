// The metric curves of one training run (x = step), built from progress reports or a history.
#pragma once

#include <QList>
#include <QPointF>

#include <array>
#include <vector>

#include "train/train_progress.h"

namespace tpugraphs::ui {

enum class CurveMetric {
    Loss,          // mean training loss per report
    SmoothedLoss,  // exponential moving average of Loss (weight 0.9 on the past)
    LearningRate,
    Kendall,    // validation Kendall tau-b (layout)
    TopKScore,  // validation top-5 score, 2 - min(top-5)/min(all) (tile)
    Top1Error,  // validation min(top-1)/min(all) - 1 (tile)
    Opa,        // validation ordered pair accuracy
    Count
};

class RunCurves {
public:
    // Adds the points of one report: training rows feed the loss and learning-rate curves,
    // validations the validation curves (NaN fields are skipped).
    void append(const TrainProgress& progress);
    void appendAll(const std::vector<TrainProgress>& history);
    void clear();

    const QList<QPointF>& points(CurveMetric metric) const {
        return m_points[static_cast<size_t>(metric)];
    }
    int validations() const { return m_validations; }
    // Grows on every change: viewers redraw only when it moved.
    quint64 revision() const { return m_revision; }

private:
    void add(CurveMetric metric, double step, double value);

    std::array<QList<QPointF>, static_cast<size_t>(CurveMetric::Count)> m_points;
    double m_smoothed = 0;
    bool m_hasSmoothed = false;
    int m_validations = 0;
    quint64 m_revision = 0;
};

}  // namespace tpugraphs::ui
