// The metric curves of one training run (x = step), built from progress reports or a history,
// with the time of every point: seconds since the run began (the sessions of a resumed run add
// up) and the wall-clock time of the run's start, for the charts' time axes and the CSV export.
#pragma once

#include <QList>
#include <QPointF>
#include <QString>

#include <array>
#include <string>
#include <vector>

#include "metrics/metric_table.h"
#include "train/train_progress.h"

namespace tpugraphs::ui {

// A curve of a run: the training loss (raw, or smoothed for the flat-loss check), the learning
// rate, or a validation metric of the metric table (metrics/metric_table.h), which owns the list
// of metrics: a row added there gets its curve, its chart, its HParams column and its rows in
// the curve exports.
class CurveMetric {
public:
    static const CurveMetric Loss;          // mean training loss per report
    static const CurveMetric SmoothedLoss;  // exponential moving average of Loss (weight 0.9 on
                                            // the past; the flat-loss check); the charts smooth
                                            // Loss by their own slider
    static const CurveMetric LearningRate;
    static constexpr int kTrainingCurves = 3;
    static constexpr int kCount = kTrainingCurves + kMetricCount;

    // The curve of a validation metric of the table.
    static CurveMetric of(const MetricSpec& spec);
    // The curve of the table's metric `key` ("kendall", "top5_score", "opa", ...); throws
    // std::invalid_argument for a key the table lacks.
    static CurveMetric ofKey(const std::string& key);
    // The validation metric of the curve; nullptr for the loss and learning-rate curves.
    const MetricSpec* validation() const;
    constexpr int index() const { return m_index; }  // 0 to kCount - 1

    constexpr bool operator==(CurveMetric other) const { return m_index == other.m_index; }
    constexpr bool operator!=(CurveMetric other) const { return m_index != other.m_index; }
    constexpr bool operator<(CurveMetric other) const { return m_index < other.m_index; }

private:
    constexpr explicit CurveMetric(int index) : m_index(index) {}
    int m_index;
};
inline constexpr CurveMetric CurveMetric::Loss{0};
inline constexpr CurveMetric CurveMetric::SmoothedLoss{1};
inline constexpr CurveMetric CurveMetric::LearningRate{2};

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
        return m_points[static_cast<size_t>(metric.index())];
    }
    // Seconds since the run began, one per point of points(metric).
    const QList<double>& seconds(CurveMetric metric) const {
        return m_seconds[static_cast<size_t>(metric.index())];
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

    std::array<QList<QPointF>, CurveMetric::kCount> m_points;
    std::array<QList<double>, CurveMetric::kCount> m_seconds;
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
