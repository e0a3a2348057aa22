// The sorted runtime curve of a graph (rank vs runtime, linear or log scale) with the best and
// default configs marked; hover shows rank, config and runtime, a click chooses that config.
#pragma once

#include <vector>

#include "charts/chart_marker.h"
#include "charts/zoomable_chart_view.h"

class QLineSeries;
class QScatterSeries;

namespace tpugraphs::ui {

class UnitAxis;

class SortedRuntimeChart : public ZoomableChartView {
    Q_OBJECT
public:
    explicit SortedRuntimeChart(QWidget* parent = nullptr);
    // `runtimes` per config (all > 0); marks are config indices (-1 = none).
    void setRuntimes(const std::vector<double>& runtimes, const QString& yTitle, int64_t bestConfig,
                     int64_t defaultConfig);
    void clear(const QString& reason);
    void setLogScale(bool log);
    bool logScale() const { return m_log; }
    // Runtimes are nanoseconds (axis and tool tips in ns/µs/ms/s), or plain ratios.
    void setNanoseconds(bool nanoseconds);
    QLineSeries* curve() const { return m_curve; }
    QScatterSeries* markers() const { return m_marks; }
    UnitAxis* yAxis() const { return m_y; }
    // A runtime as drawn on y (log10 of it on a log scale).
    double drawnRuntime(double runtime) const;
    ChartHover hoverAt(const QPoint& position) const override;

Q_SIGNALS:
    void configClicked(int64_t config);

protected:
    void clickedAt(const QPoint& position) override;

private:
    void redraw();
    // The curve or marker point under the cursor: its rank, or -1; `point` receives it.
    int rankAt(const QPoint& position, QPointF* point = nullptr,
               QAbstractSeries** series = nullptr) const;

    QLineSeries* m_curve;
    QScatterSeries* m_marks;
    UnitAxis* m_x;
    UnitAxis* m_y;
    std::vector<int64_t> m_order;  // config index by rank
    std::vector<double> m_sorted;
    std::vector<ChartMarker> m_markerInfo;
    QString m_yTitle;
    bool m_log = false;
    bool m_nanoseconds = false;
};

}  // namespace tpugraphs::ui
