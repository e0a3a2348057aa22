// The metric curves of one training run (x = step), built from progress reports or a history,
// with the time of every point: seconds since the run began (the sessions of a resumed run add
// up) and the wall-clock time of the run's start, for the charts' time axes and the CSV export.
#pragma once

#include <QList>
#include <QPointF>
#include <QString>

#include <array>
#include <vector>

#include "train/train_progress.h"

namespace tpugraphs::ui {

enum class CurveMetric {
    Loss,          // mean training loss per report
    SmoothedLoss,  // exponential moving average of Loss (weight 0.9 on the past; the flat-loss
                   // check); the charts smooth Loss by their own slider
    LearningRate,
    Kendall,    // validation Kendall tau-b (layout)
    TopKScore,  // validation top-5 score, 2 - min(top-5)/min(all) (tile)
    Top1Error,  // validation min(top-1)/min(all) - 1 (tile)
    Opa,        // validation ordered pair accuracy
    Count
};

// The metric's column name in history.csv ("loss", "lr", "kendall", "topk_score", ...), the key
// of the curve exports.
QString curveMetricKey(CurveMetric metric);
// The metrics a run's history records (every one but SmoothedLoss, which is derived).
QList<CurveMetric> recordedCurveMetrics();

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
    // Seconds since the run began, one per point of points(metric).
    const QList<double>& seconds(CurveMetric metric) const {
        return m_seconds[static_cast<size_t>(metric)];
    }
    // Wall-clock time of the run's start, in ms since the epoch (0: unknown).
    qint64 startMsecs() const { return m_startMsecs; }
    // Sets the start from when the current session began, taking the earlier sessions of a
    // resumed run as following each other (their pauses are not recorded).
    void setSessionStart(qint64 msecs) { m_startMsecs = msecs - qint64(m_earlierSessions * 1000); }
    int validations() const { return m_validations; }
    // Grows on every change: viewers redraw only when it moved.
    quint64 revision() const { return m_revision; }

private:
    void add(CurveMetric metric, double step, double value);
    void advanceClock(double sessionSeconds);

    std::array<QList<QPointF>, static_cast<size_t>(CurveMetric::Count)> m_points;
    std::array<QList<double>, static_cast<size_t>(CurveMetric::Count)> m_seconds;
    double m_smoothed = 0;
    bool m_hasSmoothed = false;
    int m_validations = 0;
    quint64 m_revision = 0;
    qint64 m_startMsecs = 0;
    double m_earlierSessions = 0;  // seconds of the sessions before the current one
    double m_sessionSeconds = 0;   // the current session's last report
    double m_now = 0;              // seconds since the run began, of the current report
};

}  // namespace tpugraphs::ui
