// The sorted runtime curve of a graph (rank vs runtime, linear or log scale) with the best and
// default configs marked; hover shows rank, config and runtime, a click chooses that config.
#pragma once

#include <functional>
#include <vector>

#include "charts/chart_marker.h"
#include "charts/zoomable_chart_view.h"

class QAbstractAxis;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace tpugraphs::ui {

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
    void setValueText(std::function<QString(double)> text);  // runtimes in tool tips
    QLineSeries* curve() const { return m_curve; }
    QScatterSeries* markers() const { return m_marks; }
    QString tipAt(const QPoint& position) const override;

Q_SIGNALS:
    void configClicked(int64_t config);

protected:
    void clickedAt(const QPoint& position) override;

private:
    void attachY();
    int rankAt(const QPoint& position) const;  // of the curve point under the cursor, or -1

    QLineSeries* m_curve;
    QScatterSeries* m_marks;
    QValueAxis* m_x;
    QAbstractAxis* m_y = nullptr;
    std::vector<int64_t> m_order;  // config index by rank
    std::vector<double> m_sorted;
    std::vector<ChartMarker> m_markerInfo;
    QString m_yTitle;
    bool m_log = false;
    std::function<QString(double)> m_valueText;
};

}  // namespace tpugraphs::ui
