// The live charts of the training page, one chart (one y axis) per metric: training loss (raw
// and smoothed), learning rate, and each validation metric the shown runs report (top-5 score
// and top-1 error of tile runs, Kendall tau of layout runs, OPA of both); a tile score and a
// layout tau never share an axis. Toggles put the step or the fraction of each run on x, and
// the loss on a log scale.
#pragma once

#include <QColor>
#include <QList>
#include <QMap>
#include <QString>
#include <QWidget>

#include "training/metric_chart.h"
#include "training/run_curves.h"

class QCheckBox;
class QGridLayout;
class QTimer;

namespace tpugraphs::ui {

class MetricChart;

struct ShownRun {
    QString name;
    QColor color;
    const RunCurves* curves = nullptr;
    bool layout = false;    // a layout run (Kendall tau) rather than a tile run (top-5 score)
    double totalSteps = 1;  // the run's planned length: x = step / totalSteps as a fraction
};

class RunCharts : public QWidget {
    Q_OBJECT
public:
    explicit RunCharts(QWidget* parent = nullptr);

    // Redraws the charts whose curves changed from these runs' curves; shows the validation
    // charts they report. Paced: the redraws follow one chart per event-loop pass.
    void showRuns(const QList<ShownRun>& runs);
    void setPaced(bool paced);
    bool fractionOfRun() const;
    void setLossLogScale(bool log);

    // The chart of Loss (with SmoothedLoss), LearningRate or a validation metric.
    MetricChart* chart(CurveMetric metric) const { return m_charts.value(metric); }
    // The first validation chart shown (the run's main score).
    MetricChart* scoreChart() const;
    QList<MetricChart*> visibleCharts() const;

Q_SIGNALS:
    void redrawRequested();  // x or y scale changed: redraw with showRuns()

private:
    void arrange(const QList<MetricChart*>& visible);
    void drawNextPending();

    QMap<CurveMetric, MetricChart*> m_charts;
    QMap<CurveMetric, size_t> m_drawn;  // a hash of the curves each chart shows (or will)
    QMap<CurveMetric, QList<ChartCurve>> m_pending;  // paced: curves not drawn yet
    bool m_paced = false;
    QList<MetricChart*> m_visible;
    QCheckBox* m_fraction;
    QCheckBox* m_logLoss;
    QGridLayout* m_grid;
    QTimer* m_pace;  // draws the next pending chart
};

// Colour of the i-th run in overlays.
QColor runColor(int index);

}  // namespace tpugraphs::ui
