// Scatter of one config feature against runtime (one point per config, decimated past a cap),
// with the best and default configs marked; hover shows the config, a click chooses it.
#pragma once

#include <vector>

#include "charts/zoomable_chart_view.h"

class QScatterSeries;

namespace tpugraphs::ui {

class UnitAxis;

class FeatureScatterChart : public ZoomableChartView {
    Q_OBJECT
public:
    explicit FeatureScatterChart(QWidget* parent = nullptr);
    void setPoints(const std::vector<double>& featureValues, const std::vector<double>& runtimes,
                   const QString& featureTitle, const QString& runtimeTitle, int64_t bestConfig,
                   int64_t defaultConfig);
    void clear(const QString& reason);
    QScatterSeries* configs() const { return m_points; }
    QScatterSeries* best() const { return m_best; }
    QScatterSeries* defaults() const { return m_default; }
    // Runtimes are nanoseconds (axis and tool tips in ns/µs/ms/s), or plain ratios.
    void setNanoseconds(bool nanoseconds);
    UnitAxis* yAxis() const { return m_y; }
    ChartHover hoverAt(const QPoint& position) const override;
    int configOfPoint(int point) const { return int(m_configOfPoint[size_t(point)]); }

Q_SIGNALS:
    void configClicked(int64_t config);

protected:
    void clickedAt(const QPoint& position) override;

private:
    // The config under the cursor, or -1; `point` and `series` receive where it is drawn.
    int configAt(const QPoint& position, QPointF* point = nullptr,
                 QAbstractSeries** series = nullptr) const;

    QScatterSeries* m_points;
    QScatterSeries* m_best;
    QScatterSeries* m_default;
    UnitAxis* m_x;
    UnitAxis* m_y;
    std::vector<int64_t> m_configOfPoint;
    int64_t m_bestConfig = -1, m_defaultConfig = -1;
    bool m_nanoseconds = false;
};

}  // namespace tpugraphs::ui
