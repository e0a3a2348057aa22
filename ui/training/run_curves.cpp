// The metric curves of one training run.
#include "training/run_curves.h"

#include <cmath>

namespace tpugraphs::ui {

void RunCurves::add(CurveMetric metric, double step, double value) {
    if (!std::isfinite(value)) return;
    m_points[static_cast<size_t>(metric)].append(QPointF(step, value));
}

void RunCurves::append(const TrainProgress& p) {
    const double step = static_cast<double>(p.step);
    if (p.phase == TrainPhase::Training) {
        add(CurveMetric::Loss, step, p.loss);
        if (std::isfinite(p.loss)) {
            m_smoothed = m_hasSmoothed ? 0.9 * m_smoothed + 0.1 * p.loss : p.loss;
            m_hasSmoothed = true;
            add(CurveMetric::SmoothedLoss, step, m_smoothed);
        }
        add(CurveMetric::LearningRate, step, p.lr);
    } else if (p.phase == TrainPhase::Validation && p.isValidation) {
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
    m_hasSmoothed = false;
    m_validations = 0;
    ++m_revision;
}

}  // namespace tpugraphs::ui
