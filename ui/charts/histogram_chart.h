// A histogram chart (area under a step line) with optional vertical marker lines; on a log10
// axis on request, with far outliers clamped into the edge bins on request; hover shows the bin
// range and count; wheel zoom, drag pan and reset come from ZoomableChartView. Runtimes in ns
// are labelled in ns/µs/ms/s.
#pragma once

#include <vector>

#include "analysis/histogram.h"
#include "charts/chart_marker.h"
#include "charts/zoomable_chart_view.h"

class QAreaSeries;
class QLineSeries;

namespace tpugraphs::ui {

class UnitAxis;

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
    // Values are nanoseconds (axis and tool tips in ns/µs/ms/s), or plain ratios.
    void setNanoseconds(bool nanoseconds);
    const Histogram& histogram() const { return m_histogram; }  // in drawn units (log10 or not)
    int markerCount() const { return static_cast<int>(m_markers.size()); }
    int outliers() const { return m_outliers; }  // values clamped into the edge bins
    ChartHover hoverAt(const QPoint& position) const override;
    UnitAxis* xAxis() const { return m_x; }
    UnitAxis* yAxis() const { return m_y; }

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
    bool m_nanoseconds = false;

    Histogram m_histogram;
    QLineSeries* m_upper;
    QAreaSeries* m_area;
    std::vector<QLineSeries*> m_markers;
    UnitAxis* m_x;
    UnitAxis* m_y;
    QString m_title;
    int m_outliers = 0;
};

}  // namespace tpugraphs::ui
