// The live charts of the training page, one chart (one y axis) per metric: training loss (raw
// and smoothed), learning rate, and each validation metric the shown runs report (top-5 score
// and top-1 error of tile runs, Kendall tau of layout runs, OPA of both); a tile score and a
// layout tau never share an axis. A toggle puts the step or the fraction of each run on x.
#pragma once

#include <QColor>
#include <QList>
#include <QMap>
#include <QString>
#include <QWidget>

#include "training/run_curves.h"

class QCheckBox;
class QGridLayout;

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

    // Redraws every chart from these runs' curves; shows the validation charts they report.
    void showRuns(const QList<ShownRun>& runs);
    bool fractionOfRun() const;

    // The chart of Loss (with SmoothedLoss), LearningRate or a validation metric.
    MetricChart* chart(CurveMetric metric) const { return m_charts.value(metric); }
    // The first validation chart shown (the run's main score).
    MetricChart* scoreChart() const;
    QList<MetricChart*> visibleCharts() const;

Q_SIGNALS:
    void xKindChanged();  // redraw with showRuns()

private:
    void arrange(const QList<MetricChart*>& visible);

    QMap<CurveMetric, MetricChart*> m_charts;
    QList<MetricChart*> m_visible;
    QCheckBox* m_fraction;
    QGridLayout* m_grid;
};

// Colour of the i-th run in overlays.
QColor runColor(int index);

}  // namespace tpugraphs::ui
