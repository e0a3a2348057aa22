// A QtCharts chart of one metric (one y axis) against the step, the fraction of the run, the
// time since the run began or the wall-clock time, for one or several runs. Curves are redrawn
// in one batch (replace) and decimated past a cap; curves with markers draw every point, and a
// curve of one point is drawn as a point; legend names are elided in the middle; resting the
// pointer on the plot reads out every run's value at that x (the full run names; a smoothed
// curve's value with its raw one), in a tool-tip window kept on the screen; the nearest
// point highlighted. y on a log scale on request; the linear y range is robust to a run whose
// loss exploded (robustRange). Wheel zoom, drag pan and reset as every chart of the app.
#pragma once

#include <QColor>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

#include "charts/zoomable_chart_view.h"

class QLineSeries;
class QScatterSeries;

namespace tpugraphs::ui {

class UnitAxis;

struct ChartCurve {
    QString name;  // the full run name (the legend elides it in the middle)
    QList<QPointF> points;
    QColor color;
    bool faint = false;    // thin, half-transparent, no legend entry (the raw loss)
    bool markers = false;  // a marker at every point (validations)
};

enum class ChartX { Step, RunFraction, RelativeTime, WallTime };

// The y range that shows every curve but leaves out a few far outliers: per curve of 20 points
// or more, its 5th to 95th percentile widened by 1.5 times that spread on each side, used only
// when the curve's whole range is more than kOutlierSpan times wider (a loss that exploded; a
// normal loss's first steps stay on the chart); shorter curves whole; the union over curves.
// `clipped` says whether a point was left out. With `clipOutliers` false: every point.
struct YRange {
    double lo = 0, hi = 1;
    bool clipped = false;
    bool empty = true;
};
constexpr double kOutlierSpan = 4;
YRange robustRange(const QList<QList<QPointF>>& curves, bool clipOutliers = true);

class MetricChart : public ZoomableChartView {
    Q_OBJECT
public:
    static constexpr int kMaxPointsPerCurve = 2000;
    static constexpr int kLegendChars = 20;  // longer run names are elided in the middle

    explicit MetricChart(const QString& title, QWidget* parent = nullptr);

    // Shows exactly these curves (series are reused); empty curves keep their legend entry.
    void setCurves(const QList<ChartCurve>& curves);
    void setXKind(ChartX kind);
    // y on a log10 scale (values <= 0 are left out); takes effect at the next setCurves.
    void setLogScale(bool log) { m_log = log; }
    bool logScale() const { return m_log; }
    bool isClipped() const { return m_clipped; }  // the y range leaves outliers out
    // Points currently drawn as lines, over all curves (after decimation).
    int pointCount() const;
    // Points currently drawn as markers, over all curves.
    int markerCount() const;
    QStringList legendNames() const;  // names of the legend's visible entries
    QString title() const { return m_title; }
    void setPlaceholder(const QString& text);  // shown as the title suffix when there is no data
    UnitAxis* xAxis() const { return m_x; }
    UnitAxis* yAxis() const { return m_y; }
    QLineSeries* line(int curve) const { return m_lines.value(curve); }
    ChartHover hoverAt(const QPoint& position) const override;

Q_SIGNALS:
    void curvesSet();  // setCurves() drew new curves

protected:
    // Fewer x ticks on a narrow chart, so that labels such as "150" are never elided.
    void resizeEvent(QResizeEvent* event) override;

private:
    // "step 120", "0.250 of the run", "1:30 since the start", "14:02:11".
    QString xText(double x) const;
    void resizeSeries(int count);
    void setRanges(const QList<QList<QPointF>>& drawn);
    void updateTitle();

    QString m_title;
    QString m_placeholder;
    ChartX m_xKind = ChartX::Step;
    bool m_log = false;
    bool m_clipped = false;
    int m_yKeptLog = -1;  // the y range shown was set for this m_log (0, 1); -1: none yet
    QList<QLineSeries*> m_lines;
    QList<QScatterSeries*> m_markers;  // one per line; empty unless its curve has markers
    QStringList m_names;               // full names, per line
    QList<bool> m_faint;               // per line
    UnitAxis* m_x;
    UnitAxis* m_y;
};

// `text` cut to at most `maxChars` by an ellipsis in the middle, so that names sharing a long
// prefix (a collection and a date) keep their distinct ends.
QString elideMiddle(const QString& text, int maxChars);

}  // namespace tpugraphs::ui
