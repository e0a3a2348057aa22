// The metric curves of one training run.
#include "training/run_curves.h"

#include <cmath>

namespace tpugraphs::ui {

QString curveMetricKey(CurveMetric metric) {
    switch (metric) {
        case CurveMetric::Loss:
            return "loss";
        case CurveMetric::SmoothedLoss:
            return "smoothed_loss";
        case CurveMetric::LearningRate:
            return "lr";
        case CurveMetric::Kendall:
            return "kendall";
        case CurveMetric::TopKScore:
            return "topk_score";
        case CurveMetric::Top1Error:
            return "top1_error";
        case CurveMetric::Opa:
            return "opa";
        case CurveMetric::Count:
            break;
    }
    return {};
}

QList<CurveMetric> recordedCurveMetrics() {
    return {CurveMetric::Loss,      CurveMetric::LearningRate, CurveMetric::Kendall,
            CurveMetric::TopKScore, CurveMetric::Top1Error,    CurveMetric::Opa};
}

void RunCurves::add(CurveMetric metric, double step, double value) {
    if (!std::isfinite(value)) return;
    m_points[static_cast<size_t>(metric)].append(QPointF(step, value));
    m_seconds[static_cast<size_t>(metric)].append(m_now);
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
        add(CurveMetric::Kendall, step, p.validation.kendall);
        add(CurveMetric::TopKScore, step, p.validation.top5Score);
        add(CurveMetric::Top1Error, step, p.validation.top1Error);
        add(CurveMetric::Opa, step, p.validation.opa);
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
