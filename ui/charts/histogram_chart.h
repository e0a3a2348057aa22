// A histogram chart (area under a step line) with optional vertical marker lines; hover shows
// the bin range and count.
#pragma once

#include <QtCharts/QChartView>

#include <vector>

#include "charts/chart_marker.h"
#include "analysis/histogram.h"

class QAreaSeries;
class QLineSeries;
class QValueAxis;

namespace tpugraphs::ui {

class HistogramChart : public QChartView {
    Q_OBJECT
public:
    explicit HistogramChart(const QString& title, QWidget* parent = nullptr);
    // Replaces the data; `bins` <= 0 picks suggestedBins(values.size()).
    void setValues(const std::vector<double>& values, const QString& xTitle,
                   const std::vector<ChartMarker>& markers = {}, int bins = 0);
    void clear(const QString& reason);
    const Histogram& histogram() const { return m_histogram; }  // in drawn units (see unit())
    double unit() const { return m_unit; }
    int markerCount() const { return static_cast<int>(m_markers.size()); }

private:
    void showBinTip(const QPointF& point, bool state);

    Histogram m_histogram;
    QLineSeries* m_upper;
    QAreaSeries* m_area;
    std::vector<QLineSeries*> m_markers;
    QValueAxis* m_x;
    QValueAxis* m_y;
    QString m_title;
    double m_unit = 1.0;  // values are drawn divided by this power of ten
};

}  // namespace tpugraphs::ui
