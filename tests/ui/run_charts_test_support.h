// Shared pieces of the training charts' GUI tests (tst_run_charts, tst_chart_readout): progress
// rows, a tile and a layout run to show, and what a test reads off a drawn chart.
#pragma once

#include <QColor>
#include <QImage>
#include <QValueAxis>

#include <cmath>

#include "training/metric_chart.h"
#include "training/run_charts.h"
#include "training/run_curves.h"

namespace tpugraphs::test {

using ui::MetricChart;
using ui::RunCharts;

inline TrainProgress trainingRow(int64_t step) {
    TrainProgress p;
    p.phase = TrainPhase::Training;
    p.step = step;
    p.loss = 1.0 / double(step);
    p.lr = 1e-3;
    return p;
}

inline TrainProgress validation(int64_t step, double topK, double kendall) {
    TrainProgress p;
    p.phase = TrainPhase::Validation;
    p.isValidation = true;
    p.step = step;
    p.validation.top5Score = topK;
    p.validation.kendall = kendall;
    p.validation.opa = 0.7;  // the metrics of both kinds, as a validation reports them
    p.validation.top1Error = 0.1;
    p.validation.top5Error = 0.05;
    p.validation.top10Error = 0.02;
    return p;
}

// Pixels of exactly `color` inside the chart's plot area.
inline int plotPixelsOf(MetricChart* chart, const QColor& color) {
    const QImage image = chart->grab().toImage();
    const QRect plot = chart->mapFromScene(chart->chart()->plotArea()).boundingRect();
    int count = 0;
    for (int y = plot.top(); y <= plot.bottom(); ++y)
        for (int x = plot.left(); x <= plot.right(); ++x)
            count += image.pixelColor(x, y).rgb() == color.rgb();
    return count;
}

// The charts reflowed to the window's width (3 columns at 1200 px) and `chart`'s plot laid out
// at its size: points map to where they are drawn.
inline bool laidOut(const RunCharts& charts, MetricChart* chart) {
    return charts.columns() == 3 && chart->width() < charts.width() / 2 &&
           chart->chart()->size().width() == chart->viewport()->width() &&
           chart->chart()->plotArea().width() > 50;
}

inline QValueAxis* xAxis(MetricChart* chart) {
    return qobject_cast<QValueAxis*>(chart->chart()->axes(Qt::Horizontal).value(0));
}

// Shows `charts` in a 1200 x 700 window (three columns), unsmoothed: the drawn curves are the
// data.
inline void showUnsmoothed(RunCharts& charts) {
    charts.setSmoothing(0);
    charts.resize(1200, 700);
    charts.show();
}

// A tile run of 100 planned steps, validated at 50 and 100; a layout run of 50, at 25 and 50.
class ChartRuns {
public:
    ChartRuns() {
        for (int64_t step = 1; step <= 100; ++step) m_tile.append(trainingRow(step));
        m_tile.append(validation(50, 0.92, NAN));
        m_tile.append(validation(100, 0.95, NAN));
        for (int64_t step = 1; step <= 50; ++step) m_layout.append(trainingRow(step));
        m_layout.append(validation(25, NAN, 0.4));
        m_layout.append(validation(50, NAN, 0.45));
    }
    ui::ShownRun tile() const {
        return ui::ShownRun{"tile-run", QColor(31, 119, 180), &m_tile, false, 100};
    }
    ui::ShownRun layout() const {
        return ui::ShownRun{"layout-run", QColor(44, 160, 44), &m_layout, true, 50};
    }

private:
    ui::RunCurves m_tile, m_layout;
};

}  // namespace tpugraphs::test
