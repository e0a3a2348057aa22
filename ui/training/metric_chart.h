// A QtCharts line chart of one kind of metric against the step, for one or several runs.
// Curves are redrawn in one batch (replace) and decimated past a cap; hovering shows values.
#pragma once

#include <QChartView>
#include <QColor>
#include <QList>
#include <QPointF>
#include <QString>

class QLineSeries;
class QValueAxis;

namespace tpugraphs::ui {

struct ChartCurve {
    QString name;
    QList<QPointF> points;
    QColor color;
    bool faint = false;  // thin, half-transparent (e.g. the raw loss under its smoothed curve)
};

class MetricChart : public QChartView {
    Q_OBJECT
public:
    static constexpr int kMaxPointsPerCurve = 2000;

    explicit MetricChart(const QString& title, QWidget* parent = nullptr);

    // Shows exactly these curves (series are reused); empty curves keep their legend entry.
    void setCurves(const QList<ChartCurve>& curves);
    // Points currently drawn, over all curves (after decimation).
    int pointCount() const;
    void setPlaceholder(const QString& text);  // shown as the title suffix when there is no data

private:
    void showHover(QLineSeries* series, const QPointF& point, bool state);

    QString m_title;
    QList<QLineSeries*> m_series;
    QValueAxis* m_x;
    QValueAxis* m_y;
};

}  // namespace tpugraphs::ui
