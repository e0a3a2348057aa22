// The four live charts of the training page: loss (raw and smoothed), learning rate,
// validation score (Kendall tau or top-5 score) and OPA / top-1 error, for several runs.
#pragma once

#include <QColor>
#include <QList>
#include <QString>
#include <QWidget>

namespace tpugraphs::ui {

class MetricChart;
class RunCurves;

struct ShownRun {
    QString name;
    QColor color;
    const RunCurves* curves = nullptr;
};

class RunCharts : public QWidget {
    Q_OBJECT
public:
    explicit RunCharts(QWidget* parent = nullptr);

    // Redraws every chart from these runs' curves.
    void show(const QList<ShownRun>& runs);

    MetricChart* lossChart() const { return m_loss; }
    MetricChart* learningRateChart() const { return m_lr; }
    MetricChart* scoreChart() const { return m_score; }

private:
    MetricChart* m_loss;
    MetricChart* m_lr;
    MetricChart* m_score;
    MetricChart* m_pairs;
};

// Colour of the i-th run in overlays.
QColor runColor(int index);

}  // namespace tpugraphs::ui
