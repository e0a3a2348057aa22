// The metric curves of one training run.
#include "training/run_curves.h"

#include <cmath>
#include <stdexcept>

namespace tpugraphs::ui {

CurveMetric CurveMetric::of(const MetricSpec& spec) {
    return CurveMetric(kTrainingCurves + static_cast<int>(&spec - kMetricTable));
}

CurveMetric CurveMetric::ofKey(const std::string& key) {
    const MetricSpec* spec = findMetric(key);
    if (!spec) throw std::invalid_argument("no metric '" + key + "' in the metric table");
    return of(*spec);
}

const MetricSpec* CurveMetric::validation() const {
    return m_index >= kTrainingCurves ? &kMetricTable[m_index - kTrainingCurves] : nullptr;
}

QString curveMetricKey(CurveMetric metric) {
    if (const MetricSpec* spec = metric.validation()) return spec->historyColumn;
    if (metric == CurveMetric::SmoothedLoss) return "smoothed_loss";
    return metric == CurveMetric::Loss ? "loss" : "lr";
}

QList<CurveMetric> recordedCurveMetrics() {
    QList<CurveMetric> metrics{CurveMetric::Loss, CurveMetric::LearningRate};
    for (const MetricSpec& spec : kMetricTable) metrics.append(CurveMetric::of(spec));
    return metrics;
}

void RunCurves::add(CurveMetric metric, double step, double value) {
    if (!std::isfinite(value)) return;
    m_points[static_cast<size_t>(metric.index())].append(QPointF(step, value));
    m_seconds[static_cast<size_t>(metric.index())].append(m_now);
}

void RunCurves::advanceClock(double sessionSeconds) {
    // Each session of a resumed run counts its seconds from 0 again: the earlier ones add up.
    if (sessionSeconds < m_sessionSeconds) m_earlierSessions += m_sessionSeconds;
    m_sessionSeconds = sessionSeconds;
    m_now = m_earlierSessions + sessionSeconds;
}

void RunCurves::append(const TrainProgress& p) {
    const double step = static_cast<double>(p.step);
    if (p.phase == TrainPhase::Training) {
        advanceClock(p.elapsedSeconds);
        add(CurveMetric::Loss, step, p.loss);
        if (std::isfinite(p.loss)) {
            m_smoothed = m_hasSmoothed ? 0.9 * m_smoothed + 0.1 * p.loss : p.loss;
            m_hasSmoothed = true;
            add(CurveMetric::SmoothedLoss, step, m_smoothed);
        }
        add(CurveMetric::LearningRate, step, p.lr);
    } else if (p.phase == TrainPhase::Validation && p.isValidation) {
        advanceClock(p.elapsedSeconds);
        for (const MetricSpec& spec : kMetricTable)
            add(CurveMetric::of(spec), step, metricValue(p.validation, spec));
        ++m_validations;
    } else {
        return;
    }
    ++m_revision;
}

void RunCurves::appendAll(const std::vector<TrainProgress>& history) {
    for (const auto& p : history) append(p);
}

void RunCurves::clear() {
    for (auto& list : m_points) list.clear();
    for (auto& list : m_seconds) list.clear();
    m_hasSmoothed = false;
    m_validations = 0;
    m_earlierSessions = m_sessionSeconds = m_now = 0;
    ++m_revision;
}

}  // namespace tpugraphs::ui
