// A QtCharts chart of one metric (one y axis) against the step or the fraction of the run, for
// one or several runs. Curves are redrawn in one batch (replace) and decimated past a cap;
// curves with markers draw every point (a single validation is a visible point); legend names
// are elided in the middle, hovering a point shows the full run name and the value.
#pragma once

#include <QChartView>
#include <QColor>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

class QLineSeries;
class QScatterSeries;
class QValueAxis;
class QXYSeries;

namespace tpugraphs::ui {

struct ChartCurve {
    QString name;  // the full run name (the legend elides it in the middle)
    QList<QPointF> points;
    QColor color;
    bool faint = false;    // thin, half-transparent, no legend entry (the raw loss)
    bool markers = false;  // a marker at every point (validations)
};

enum class ChartX { Step, RunFraction };

class MetricChart : public QChartView {
    Q_OBJECT
public:
    static constexpr int kMaxPointsPerCurve = 2000;
    static constexpr int kLegendChars = 20;  // longer run names are elided in the middle

    explicit MetricChart(const QString& title, QWidget* parent = nullptr);

    // Shows exactly these curves (series are reused); empty curves keep their legend entry.
    void setCurves(const QList<ChartCurve>& curves);
    void setXKind(ChartX kind);
    // Points currently drawn as lines, over all curves (after decimation).
    int pointCount() const;
    // Points currently drawn as markers, over all curves.
    int markerCount() const;
    QStringList legendNames() const;  // names of the legend's visible entries
    QString title() const { return m_title; }
    void setPlaceholder(const QString& text);  // shown as the title suffix when there is no data

private:
    void showHover(QXYSeries* series, const QString& name, const QPointF& point, bool state);

    QString m_title;
    ChartX m_xKind = ChartX::Step;
    QList<QLineSeries*> m_lines;
    QList<QScatterSeries*> m_markers;  // one per line; empty unless its curve has markers
    QStringList m_names;               // full names, per line
    QValueAxis* m_x;
    QValueAxis* m_y;
};

// `text` cut to at most `maxChars` by an ellipsis in the middle, so that names sharing a long
// prefix (a collection and a date) keep their distinct ends.
QString elideMiddle(const QString& text, int maxChars);

}  // namespace tpugraphs::ui
