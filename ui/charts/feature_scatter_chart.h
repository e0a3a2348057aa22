// Scatter of one config feature against runtime (one point per config, decimated past a cap),
// with the best and default configs marked; hover shows the config.
#pragma once

#include <QtCharts/QChartView>

#include <vector>

class QScatterSeries;
class QValueAxis;

namespace tpugraphs::ui {

class FeatureScatterChart : public QChartView {
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

private:
    void showTip(const QPointF& point, bool state);

    QScatterSeries* m_points;
    QScatterSeries* m_best;
    QScatterSeries* m_default;
    QValueAxis* m_x;
    QValueAxis* m_y;
    std::vector<int64_t> m_configOfPoint;
};

}  // namespace tpugraphs::ui
