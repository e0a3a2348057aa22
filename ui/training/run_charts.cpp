// The four live charts of the training page.
#include "training/run_charts.h"

#include <QGridLayout>

#include "training/metric_chart.h"
#include "training/run_curves.h"

namespace tpugraphs::ui {

QColor runColor(int index) {
    static const QColor palette[] = {
        QColor(31, 119, 180),  QColor(214, 39, 40), QColor(44, 160, 44),   QColor(255, 127, 14),
        QColor(148, 103, 189), QColor(140, 86, 75), QColor(227, 119, 194), QColor(23, 190, 207)};
    return palette[index % 8];
}

RunCharts::RunCharts(QWidget* parent)
    : QWidget(parent),
      m_loss(new MetricChart("Training loss")),
      m_lr(new MetricChart("Learning rate")),
      m_score(new MetricChart("Validation score")),
      m_pairs(new MetricChart("Validation OPA / top-1 error")) {
    m_loss->setObjectName("lossChart");
    m_lr->setObjectName("learningRateChart");
    m_score->setObjectName("scoreChart");
    m_pairs->setObjectName("pairChart");
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_loss, 0, 0);
    grid->addWidget(m_lr, 0, 1);
    grid->addWidget(m_score, 1, 0);
    grid->addWidget(m_pairs, 1, 1);
}

void RunCharts::show(const QList<ShownRun>& runs) {
    QList<ChartCurve> loss, lr, score, pairs;
    const bool prefix = runs.size() > 1;
    for (const ShownRun& run : runs) {
        const RunCurves& c = *run.curves;
        auto name = [&](CurveMetric m) {
            const QString metric = curveMetricName(m);
            return prefix ? run.name + ": " + metric : metric;
        };
        auto curve = [&](CurveMetric m, QColor color, bool faint) {
            return ChartCurve{name(m), c.points(m), color, faint};
        };
        loss.append(curve(CurveMetric::Loss, run.color, true));
        loss.append(curve(CurveMetric::SmoothedLoss, run.color, false));
        lr.append(curve(CurveMetric::LearningRate, run.color, false));
        // Layout runs report Kendall tau, tile runs the top-5 score.
        const bool layout = !c.points(CurveMetric::Kendall).isEmpty();
        score.append(
            curve(layout ? CurveMetric::Kendall : CurveMetric::TopKScore, run.color, false));
        pairs.append(curve(CurveMetric::Opa, run.color, false));
        if (!layout) pairs.append(curve(CurveMetric::Top1Error, run.color.darker(150), true));
    }
    m_loss->setCurves(loss);
    m_lr->setCurves(lr);
    m_score->setCurves(score);
    m_pairs->setCurves(pairs);
    const QString none = runs.isEmpty() ? "no run selected" : QString();
    for (MetricChart* chart : {m_loss, m_lr, m_score, m_pairs}) chart->setPlaceholder(none);
}

}  // namespace tpugraphs::ui
