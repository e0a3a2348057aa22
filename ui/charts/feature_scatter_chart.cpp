// Scatter of a config feature against runtime with the best and default configs marked.
#include "charts/feature_scatter_chart.h"

#include <QCursor>
#include <QToolTip>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

#include "analysis/histogram.h"

namespace tpugraphs::ui {

namespace {
constexpr size_t kMaxScatterPoints = 5000;

QScatterSeries* makeSeries(QObject* parent, const QString& name, const QColor& color, qreal size) {
    auto* series = new QScatterSeries(parent);
    series->setName(name);
    series->setColor(color);
    series->setBorderColor(color.darker(130));
    series->setMarkerSize(size);
    return series;
}

void fitAxis(QValueAxis* axis, double lo, double hi) {
    const double pad = std::max((hi - lo) * 0.06, std::abs(hi) * 0.01 + 0.5 * (hi == lo));
    axis->setRange(lo - pad, hi + pad);
}
}  // namespace

FeatureScatterChart::FeatureScatterChart(QWidget* parent)
    : QChartView(parent),
      m_points(makeSeries(this, QStringLiteral("configs"), QColor(0x4c, 0x78, 0xa8, 150), 7)),
      m_best(makeSeries(this, QStringLiteral("best"), QColor(0x59, 0xa1, 0x4f), 10)),
      m_default(makeSeries(this, QStringLiteral("default"), QColor(0xf2, 0x8e, 0x2b), 15)),
      m_x(new QValueAxis(this)),
      m_y(new QValueAxis(this)) {
    auto* chart = new QChart;
    chart->setTitle(QStringLiteral("Config feature vs runtime"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    for (QScatterSeries* series : {m_points, m_default, m_best}) {  // best drawn on top
        chart->addSeries(series);
        series->attachAxis(m_x);
        series->attachAxis(m_y);
        connect(series, &QScatterSeries::hovered, this, &FeatureScatterChart::showTip);
    }
    m_y->setLabelFormat("%.4g");
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(240, 200);
}

void FeatureScatterChart::clear(const QString& reason) {
    setPoints({}, {}, QString(), QString(), -1, -1);
    chart()->setTitle(QStringLiteral("Config feature vs runtime: %1").arg(reason));
}

void FeatureScatterChart::setPoints(const std::vector<double>& featureValues,
                                    const std::vector<double>& runtimes,
                                    const QString& featureTitle, const QString& runtimeTitle,
                                    int64_t bestConfig, int64_t defaultConfig) {
    chart()->setTitle(QStringLiteral("%1 vs runtime").arg(featureTitle));
    const size_t n = std::min(featureValues.size(), runtimes.size());
    QList<QPointF> points;
    m_configOfPoint.clear();
    double xlo = 0, xhi = 1, ylo = 0, yhi = 1;
    if (n > 0) {
        xlo = *std::min_element(featureValues.begin(), featureValues.begin() + long(n));
        xhi = *std::max_element(featureValues.begin(), featureValues.begin() + long(n));
        ylo = *std::min_element(runtimes.begin(), runtimes.begin() + long(n));
        yhi = *std::max_element(runtimes.begin(), runtimes.begin() + long(n));
    }
    for (size_t c : decimatedIndices(n, kMaxScatterPoints)) {
        points.append({featureValues[c], runtimes[c]});
        m_configOfPoint.push_back(int64_t(c));
    }
    m_points->replace(points);
    const auto single = [&](int64_t config) {
        QList<QPointF> one;
        if (config >= 0 && size_t(config) < n)
            one.append({featureValues[size_t(config)], runtimes[size_t(config)]});
        return one;
    };
    m_best->replace(single(bestConfig));
    m_best->setName(bestConfig >= 0 ? QStringLiteral("best (config %1)").arg(bestConfig)
                                    : QStringLiteral("best"));
    m_default->replace(single(defaultConfig));
    m_default->setName(defaultConfig >= 0 ? QStringLiteral("default (config %1)").arg(defaultConfig)
                                          : QStringLiteral("default (none)"));
    fitAxis(m_x, xlo, xhi);
    fitAxis(m_y, ylo, yhi);
    m_x->setTitleText(featureTitle);
    m_y->setTitleText(runtimeTitle);
}

void FeatureScatterChart::showTip(const QPointF& point, bool state) {
    if (!state) {
        QToolTip::hideText();
        return;
    }
    // Nearest plotted config to the hovered point (in axis-normalised distance).
    const double sx = std::max(m_x->max() - m_x->min(), 1e-12);
    const double sy = std::max(m_y->max() - m_y->min(), 1e-12);
    const auto& pts = m_points->points();
    int nearest = -1;
    double bestDistance = 1e300;
    for (int i = 0; i < pts.size(); ++i) {
        const double dx = (pts[i].x() - point.x()) / sx, dy = (pts[i].y() - point.y()) / sy;
        if (dx * dx + dy * dy < bestDistance) {
            bestDistance = dx * dx + dy * dy;
            nearest = i;
        }
    }
    if (nearest < 0) return;
    QToolTip::showText(QCursor::pos(),
                       QStringLiteral("config %1: feature %2, runtime %3")
                           .arg(m_configOfPoint[size_t(nearest)])
                           .arg(pts[nearest].x(), 0, 'g', 6)
                           .arg(pts[nearest].y(), 0, 'g', 8),
                       this);
}

}  // namespace tpugraphs::ui
