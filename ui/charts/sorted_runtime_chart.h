// The sorted runtime curve of a graph (rank vs runtime, linear or log scale) with the best and
// default configs marked; hover shows rank, config and runtime.
#pragma once

#include <QtCharts/QChartView>

#include <vector>

#include "charts/chart_marker.h"

class QAbstractAxis;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace tpugraphs::ui {

class SortedRuntimeChart : public QChartView {
    Q_OBJECT
public:
    explicit SortedRuntimeChart(QWidget* parent = nullptr);
    // `runtimes` per config (all > 0); marks are config indices (-1 = none).
    void setRuntimes(const std::vector<double>& runtimes, const QString& yTitle, int64_t bestConfig,
                     int64_t defaultConfig);
    void clear(const QString& reason);
    void setLogScale(bool log);
    bool logScale() const { return m_log; }
    QLineSeries* curve() const { return m_curve; }
    QScatterSeries* markers() const { return m_marks; }

private:
    void attachY();
    void showTip(const QPointF& point, bool state);

    QLineSeries* m_curve;
    QScatterSeries* m_marks;
    QValueAxis* m_x;
    QAbstractAxis* m_y = nullptr;
    std::vector<int64_t> m_order;  // config index by rank
    std::vector<double> m_sorted;
    std::vector<ChartMarker> m_markerInfo;
    QString m_yTitle;
    bool m_log = false;
};

}  // namespace tpugraphs::ui
