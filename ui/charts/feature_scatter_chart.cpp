// Scatter of a config feature against runtime with the best and default configs marked.
#include "charts/feature_scatter_chart.h"

#include <QtCharts/QScatterSeries>

#include <algorithm>
#include <cmath>

#include "analysis/histogram.h"
#include "charts/unit_axis.h"
#include "common/units.h"

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

void fitAxis(UnitAxis* axis, double lo, double hi, bool empty) {
    const double pad = std::max((hi - lo) * 0.06, std::abs(hi) * 0.01 + 0.5 * (hi == lo));
    axis->setRange(lo - pad, hi + pad);
    axis->setEmpty(empty);
}
}  // namespace

FeatureScatterChart::FeatureScatterChart(QWidget* parent)
    : ZoomableChartView(parent),
      m_points(makeSeries(this, QStringLiteral("configs"), QColor(0x4c, 0x78, 0xa8, 150), 7)),
      m_best(makeSeries(this, QStringLiteral("best"), QColor(0x59, 0xa1, 0x4f), 10)),
      m_default(makeSeries(this, QStringLiteral("default"), QColor(0xf2, 0x8e, 0x2b), 15)),
      m_x(new UnitAxis(UnitAxis::Labels::Number, this)),
      m_y(new UnitAxis(UnitAxis::Labels::Number, this)) {
    auto* chart = new QChart;
    chart->setTitle(QStringLiteral("Config feature vs runtime"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    for (QScatterSeries* series : {m_points, m_default, m_best}) {  // best drawn on top
        chart->addSeries(series);
        series->attachAxis(m_x);
        series->attachAxis(m_y);
    }
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(240, 200);
}

void FeatureScatterChart::setNanoseconds(bool nanoseconds) {
    m_nanoseconds = nanoseconds;
    m_y->setLabelKind(nanoseconds ? UnitAxis::Labels::Duration : UnitAxis::Labels::Number);
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
    fitAxis(m_x, xlo, xhi, n == 0);
    fitAxis(m_y, ylo, yhi, n == 0);
    m_x->setTitleText(featureTitle);
    m_y->setTitleText(runtimeTitle);
    m_bestConfig = bestConfig < int64_t(n) ? bestConfig : -1;
    m_defaultConfig = defaultConfig < int64_t(n) ? defaultConfig : -1;
    rememberRanges();
}

int FeatureScatterChart::configAt(const QPoint& position, QPointF* where,
                                  QAbstractSeries** series) const {
    double pixels = 0;
    const int point = nearestPoint(m_points->points(), m_points, position, &pixels);
    int config = point < 0 ? -1 : configOfPoint(point);
    if (point >= 0 && where) *where = m_points->at(point);
    if (point >= 0 && series) *series = m_points;
    // The best and default markers are larger: they win a tie with the point they cover.
    for (const auto& [marks, marked] :
         {std::pair(m_default, m_defaultConfig), std::pair(m_best, m_bestConfig)}) {
        double markPixels = 0;
        const int mark = nearestPoint(marks->points(), marks, position, &markPixels);
        if (mark >= 0 && (config < 0 || markPixels <= pixels)) {
            config = int(marked);
            pixels = markPixels;
            if (where) *where = marks->at(mark);
            if (series) *series = marks;
        }
    }
    return config;
}

ChartHover FeatureScatterChart::hoverAt(const QPoint& position) const {
    QPointF p;
    QAbstractSeries* series = nullptr;
    const int config = configAt(position, &p, &series);
    if (config < 0) return {};
    QString tip = QStringLiteral("config %1: %2\n%3 = %4")
                      .arg(config)
                      .arg(runtimeText(p.y(), m_nanoseconds), m_x->titleText())
                      .arg(p.x(), 0, 'g', 6);
    if (config == m_bestConfig) tip += QStringLiteral("\nbest");
    if (config == m_defaultConfig) tip += QStringLiteral("\ndefault");
    return {tip, p, series};
}

void FeatureScatterChart::clickedAt(const QPoint& position) {
    const int config = configAt(position);
    if (config >= 0) Q_EMIT configClicked(config);
}

}  // namespace tpugraphs::ui
