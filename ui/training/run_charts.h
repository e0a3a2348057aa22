// The live charts of the training page, one chart (one y axis) per metric: training loss,
// learning rate, and each validation metric of the metric table (metrics/metric_table.h)
// that the shown runs report (by the kinds the table gives it: the top-5 score of tile runs, the
// Kendall tau of layout runs, OPA of both...); a tile score and a layout tau never share an
// axis. The x axis shows the step, the fraction of each run, the time since each run began or
// the wall-clock time; the loss goes on a log scale on request. A slider smooths the loss and the
// validation curves (TensorBoard's debiased moving average, the raw curve faint behind); the
// learning rate, a schedule, is drawn as set. The charts reflow
// in a grid whose columns follow the width (never narrower than kMinChartWidth; more rows
// scroll). Each chart saves itself as PNG or its curves as CSV (right-click); all curves of the
// shown runs go to one long-format CSV.
#pragma once

#include <QColor>
#include <QList>
#include <QMap>
#include <QString>
#include <QWidget>

#include <functional>

#include "training/curves_export.h"
#include "training/metric_chart.h"
#include "training/run_curves.h"

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QScrollArea;
class QSlider;
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
    static constexpr int kMinChartWidth = 300;
    static constexpr int kMinChartHeight = 210;
    static constexpr double kDefaultSmoothing = 0.6;  // TensorBoard's
    // More runs than this: one legend above the charts (full names, wrapped) instead of one per
    // chart, where the names would be cut to a few letters.
    static constexpr int kChartLegendRuns = 3;

    explicit RunCharts(QWidget* parent = nullptr);

    // Redraws the charts whose curves changed from these runs' curves; shows the validation
    // charts they report. Paced: the redraws follow one chart per event-loop pass.
    void showRuns(const QList<ShownRun>& runs);
    void setPaced(bool paced);
    ChartX xKind() const;
    void setXKind(ChartX kind);
    bool fractionOfRun() const { return xKind() == ChartX::RunFraction; }
    void setLossLogScale(bool log);
    // The smoothing weight of the loss and validation curves, 0 (raw) to kMaxSmoothing;
    // remembered across sessions.
    double smoothing() const;
    void setSmoothing(double weight);
    QSlider* smoothingSlider() const { return m_smoothing; }
    // The legend above the charts: each shown run's name in its colour.
    QLabel* legend() const { return m_legend; }

    // The chart of Loss (with SmoothedLoss), LearningRate or a validation metric.
    MetricChart* chart(CurveMetric metric) const { return m_charts.value(metric); }
    // The first validation chart shown (the run's main score).
    MetricChart* scoreChart() const;
    QList<MetricChart*> visibleCharts() const;
    int columns() const { return m_columns; }

    // The shown runs' recorded curves (not smoothed), one long-format table; each returns the
    // error to show, empty when written.
    QString saveAllCurvesCsv(const QString& path) const;
    QString saveChartCsv(CurveMetric chart, const QString& path) const;
    QString saveChartPng(CurveMetric chart, const QString& path) const;

Q_SIGNALS:
    void redrawRequested();  // x or y scale or smoothing changed: redraw with showRuns()

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    QWidget* buildToolbar();
    void addChartMenu(CurveMetric metric, MetricChart* chart);
    QList<ChartCurve> curvesOf(CurveMetric metric, const QList<ShownRun>& runs) const;
    QList<CurveSource> sources() const;
    void arrange(const QList<MetricChart*>& visible);
    int columnsFor(int width) const;
    void drawNextPending();
    void showSmoothing();
    void showLegend(const QList<ShownRun>& runs);
    void askAndSave(const QString& title, const QString& filter, const QString& suggested,
                    const std::function<QString(const QString&)>& save);

    QMap<CurveMetric, MetricChart*> m_charts;
    QMap<CurveMetric, size_t> m_drawn;  // a hash of the curves each chart shows (or will)
    QMap<CurveMetric, QList<ChartCurve>> m_pending;  // paced: curves not drawn yet
    bool m_paced = false;
    QList<MetricChart*> m_visible;
    QList<ShownRun> m_runs;  // shown now
    int m_columns = 0;
    QSlider* m_smoothing;
    QLabel* m_smoothingValue;
    QLabel* m_legend;
    QComboBox* m_xKind;
    QCheckBox* m_logLoss;
    QScrollArea* m_scroll;
    QGridLayout* m_grid;
    QTimer* m_pace;  // draws the next pending chart
};

}  // namespace tpugraphs::ui
