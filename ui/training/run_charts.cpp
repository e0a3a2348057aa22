// The live charts of the training page, one chart per metric.
#include "training/run_charts.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

#include "training/metric_chart.h"

namespace tpugraphs::ui {

namespace {

// Paced redraws: one chart per pass of the event loop, this far apart, so that the UI thread
// never paints every chart in one go (a chart's repaint is a few ms; all of them, a frame or two).
constexpr int kPaceIntervalMs = 4;

// Charts in display order, with their titles.
struct ChartSpec {
    CurveMetric metric;
    const char* title;
    const char* objectName;
};
const ChartSpec kCharts[] = {
    {CurveMetric::SmoothedLoss, "Training loss", "lossChart"},
    {CurveMetric::LearningRate, "Learning rate", "learningRateChart"},
    {CurveMetric::TopKScore, "Validation top-5 score (tile)", "topKScoreChart"},
    {CurveMetric::Kendall, "Validation Kendall tau (layout)", "kendallChart"},
    {CurveMetric::Opa, "Validation OPA (ordered pairs)", "opaChart"},
    {CurveMetric::Top1Error, "Validation top-1 error (tile)", "top1ErrorChart"},
};

bool isValidation(CurveMetric metric) {
    return metric != CurveMetric::Loss && metric != CurveMetric::SmoothedLoss &&
           metric != CurveMetric::LearningRate;
}

// Whether a run of this kind reports `metric` (OPA: both kinds).
bool reports(const ShownRun& run, CurveMetric metric) {
    switch (metric) {
        case CurveMetric::TopKScore:
        case CurveMetric::Top1Error:
            return !run.layout;
        case CurveMetric::Kendall:
            return run.layout;
        default:
            return true;
    }
}

}  // namespace

QColor runColor(int index) {
    static const QColor palette[] = {
        QColor(31, 119, 180),  QColor(214, 39, 40), QColor(44, 160, 44),   QColor(255, 127, 14),
        QColor(148, 103, 189), QColor(140, 86, 75), QColor(227, 119, 194), QColor(23, 190, 207)};
    return palette[index % 8];
}

RunCharts::RunCharts(QWidget* parent)
    : QWidget(parent),
      m_fraction(new QCheckBox("x: fraction of each run")),
      m_logLoss(new QCheckBox("Loss: log scale")),
      m_grid(new QGridLayout),
      m_pace(new QTimer(this)) {
    m_fraction->setObjectName("fractionOfRun");
    m_fraction->setToolTip(
        "Off: each run's steps on x. On: step / planned steps, so that runs of different "
        "lengths line up from start (0) to end (1)");
    for (const ChartSpec& spec : kCharts) {
        auto* chart = new MetricChart(spec.title, this);
        chart->setObjectName(spec.objectName);
        m_charts.insert(spec.metric, chart);
    }
    m_logLoss->setObjectName("lossLogScale");
    m_logLoss->setToolTip(
        "The training loss on a log scale: a run whose loss exploded no longer flattens the "
        "others (the linear scale leaves far outliers off the chart and says so)");
    m_grid->setContentsMargins(0, 0, 0, 0);
    auto* toggles = new QHBoxLayout;
    toggles->addWidget(m_fraction);
    toggles->addWidget(m_logLoss);
    toggles->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(toggles);
    layout->addLayout(m_grid, 1);
    connect(m_fraction, &QCheckBox::toggled, this, [this](bool fraction) {
        for (MetricChart* chart : m_charts)
            chart->setXKind(fraction ? ChartX::RunFraction : ChartX::Step);
        Q_EMIT redrawRequested();
    });
    connect(m_logLoss, &QCheckBox::toggled, this, &RunCharts::setLossLogScale);
    m_pace->setInterval(kPaceIntervalMs);
    connect(m_pace, &QTimer::timeout, this, &RunCharts::drawNextPending);
    showRuns({});
}

void RunCharts::setPaced(bool paced) {
    m_paced = paced;
    while (!paced && !m_pending.isEmpty()) drawNextPending();
}

void RunCharts::drawNextPending() {
    if (m_pending.isEmpty()) {
        m_pace->stop();
        return;
    }
    const CurveMetric metric = m_pending.firstKey();
    m_charts.value(metric)->setCurves(m_pending.take(metric));
}

bool RunCharts::fractionOfRun() const {
    return m_fraction->isChecked();
}

void RunCharts::setLossLogScale(bool log) {
    const QSignalBlocker block(m_logLoss);
    m_logLoss->setChecked(log);
    m_charts.value(CurveMetric::SmoothedLoss)->setLogScale(log);
    Q_EMIT redrawRequested();
}

MetricChart* RunCharts::scoreChart() const {
    for (const ChartSpec& spec : kCharts)
        if (isValidation(spec.metric) && m_visible.contains(m_charts.value(spec.metric)))
            return m_charts.value(spec.metric);
    return nullptr;
}

QList<MetricChart*> RunCharts::visibleCharts() const {
    return m_visible;
}

void RunCharts::showRuns(const QList<ShownRun>& runs) {
    const bool fraction = fractionOfRun();
    QList<MetricChart*> visible;
    for (const ChartSpec& spec : kCharts) {
        QList<ChartCurve> curves;
        for (const ShownRun& run : runs) {
            if (!reports(run, spec.metric)) continue;
            auto curve = [&](CurveMetric metric, bool faint) {
                QList<QPointF> points = run.curves->points(metric);
                if (fraction)
                    for (QPointF& p : points) p.setX(p.x() / std::max(1.0, run.totalSteps));
                return ChartCurve{run.name, points, run.color, faint, isValidation(metric)};
            };
            if (spec.metric == CurveMetric::SmoothedLoss)
                curves.append(curve(CurveMetric::Loss, true));
            curves.append(curve(spec.metric, false));
        }
        MetricChart* chart = m_charts.value(spec.metric);
        // A chart is redrawn only when its curves changed: while a run trains, most refreshes
        // add no validation point, and redrawing an unchanged chart costs the UI thread a frame.
        size_t drawn = qHashMulti(0, fraction, chart->logScale(), curves.size());
        for (const ChartCurve& c : curves)
            drawn = qHashMulti(drawn, c.name, c.color.rgba(), c.faint, c.points.size(),
                               c.points.isEmpty() ? 0.0 : c.points.last().x(),
                               c.points.isEmpty() ? 0.0 : c.points.last().y());
        if (!m_drawn.contains(spec.metric) || m_drawn.value(spec.metric) != drawn) {
            if (m_paced) {
                m_pending[spec.metric] = curves;
                if (!m_pace->isActive()) m_pace->start();
            } else {
                chart->setCurves(curves);
            }
        }
        m_drawn[spec.metric] = drawn;
        const bool noPoints = std::all_of(curves.begin(), curves.end(),
                                          [](const ChartCurve& c) { return c.points.isEmpty(); });
        chart->setPlaceholder(runs.isEmpty() ? "no run selected"
                              : noPoints     ? "no points yet"
                                             : QString());
        // Loss and learning rate always; a validation chart when a shown run reports its
        // metric (with no run: OPA, the metric of both kinds, as the empty validation chart).
        if (!isValidation(spec.metric) || !curves.isEmpty() ||
            (runs.isEmpty() && spec.metric == CurveMetric::Opa))
            visible.append(chart);
    }
    if (visible != m_visible) arrange(visible);
}

void RunCharts::arrange(const QList<MetricChart*>& visible) {
    for (MetricChart* chart : m_charts) {
        m_grid->removeWidget(chart);
        chart->setVisible(visible.contains(chart));
    }
    const int columns = visible.size() <= 4 ? 2 : 3;
    for (int i = 0; i < visible.size(); ++i)
        m_grid->addWidget(visible[i], i / columns, i % columns);
    for (int i = 0; i < 3; ++i) {  // equal cells, whatever each chart's size hint
        m_grid->setColumnStretch(i, i < columns ? 1 : 0);
        m_grid->setRowStretch(i, i < (int(visible.size()) + columns - 1) / columns ? 1 : 0);
    }
    m_visible = visible;
}

}  // namespace tpugraphs::ui
