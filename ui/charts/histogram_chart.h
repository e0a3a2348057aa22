// A histogram chart (area under a step line) with optional vertical marker lines; on a log10
// axis on request, with far outliers clamped into the edge bins on request; hover shows the bin
// range and count; wheel zoom, drag pan and reset come from ZoomableChartView.
#pragma once

#include <functional>
#include <vector>

#include "analysis/histogram.h"
#include "charts/chart_marker.h"
#include "charts/zoomable_chart_view.h"

class QAreaSeries;
class QLineSeries;
class QValueAxis;

namespace tpugraphs::ui {

class HistogramChart : public ZoomableChartView {
    Q_OBJECT
public:
    explicit HistogramChart(const QString& title, QWidget* parent = nullptr);
    // Replaces the data; `bins` <= 0 picks suggestedBins(values.size()).
    void setValues(const std::vector<double>& values, const QString& xTitle,
                   const std::vector<ChartMarker>& markers = {}, int bins = 0);
    void clear(const QString& reason);
    void setLogScale(bool log);       // bins over log10 of the values
    void setClipOutliers(bool clip);  // far outliers counted in the edge bins
    void setValueText(std::function<QString(double)> text);     // values in tool tips
    const Histogram& histogram() const { return m_histogram; }  // in drawn units (see unit())
    double unit() const { return m_unit; }
    int markerCount() const { return static_cast<int>(m_markers.size()); }
    int outliers() const { return m_outliers; }  // values clamped into the edge bins
    QString tipAt(const QPoint& position) const override;

private:
    void redraw();
    double drawn(double value) const;  // a value in drawn units
    double original(double x) const;   // back from drawn units

    std::vector<double> m_values;
    QString m_xTitle;
    std::vector<ChartMarker> m_markerSpecs;
    int m_bins = 0;
    bool m_log = false;
    bool m_clip = false;
    std::function<QString(double)> m_valueText;

    Histogram m_histogram;
    QLineSeries* m_upper;
    QAreaSeries* m_area;
    std::vector<QLineSeries*> m_markers;
    QValueAxis* m_x;
    QValueAxis* m_y;
    QString m_title;
    double m_unit = 1.0;  // linear: values are drawn divided by this power of ten
    int m_outliers = 0;
};

}  // namespace tpugraphs::ui
