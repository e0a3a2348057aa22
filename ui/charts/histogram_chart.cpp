// A histogram chart with marker lines and hover tool tips.
#include "charts/histogram_chart.h"

#include <QCursor>
#include <QToolTip>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

namespace tpugraphs::ui {

HistogramChart::HistogramChart(const QString& title, QWidget* parent)
    : QChartView(parent),
      m_upper(new QLineSeries(this)),
      m_area(new QAreaSeries(m_upper)),
      m_x(new QValueAxis(this)),
      m_y(new QValueAxis(this)),
      m_title(title) {
    auto* chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setAlignment(Qt::AlignBottom);
    m_area->setName(QStringLiteral("count"));
    m_area->setColor(QColor(0x4c, 0x78, 0xa8, 200));
    m_area->setBorderColor(QColor(0x2c, 0x58, 0x88));
    chart->addSeries(m_area);
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    m_area->attachAxis(m_x);
    m_area->attachAxis(m_y);
    m_y->setLabelFormat("%d");
    m_x->setLabelFormat("%.3g");
    m_x->setTickCount(5);
    m_y->setTitleText(QStringLiteral("count"));
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(240, 200);
    connect(m_area, &QAreaSeries::hovered, this, &HistogramChart::showBinTip);
}

void HistogramChart::clear(const QString& reason) {
    setValues({}, QString());
    chart()->setTitle(reason.isEmpty() ? m_title : m_title + QStringLiteral(": ") + reason);
}

void HistogramChart::setValues(const std::vector<double>& values, const QString& xTitle,
                               const std::vector<ChartMarker>& markers, int bins) {
    // Large values (layout runtimes ~1e10) are drawn in units of 10^k so the labels fit.
    double largest = 0;
    for (double v : values) largest = std::max(largest, std::abs(v));
    const int exponent = largest >= 1e5 ? int(std::floor(std::log10(largest))) : 0;
    m_unit = std::pow(10.0, exponent);
    std::vector<double> scaled(values);
    for (double& v : scaled) v /= m_unit;
    m_histogram = makeHistogram(scaled, bins > 0 ? bins : suggestedBins(values.size()));
    chart()->setTitle(m_title);
    QList<QPointF> points;
    int maxCount = 0;
    if (!m_histogram.counts.empty()) {
        const double w = m_histogram.binWidth();
        points.append({m_histogram.lo, 0});
        for (size_t b = 0; b < m_histogram.counts.size(); ++b) {
            const double left = m_histogram.lo + w * double(b);
            points.append({left, double(m_histogram.counts[b])});
            points.append({left + w, double(m_histogram.counts[b])});
            maxCount = std::max(maxCount, m_histogram.counts[b]);
        }
        points.append({m_histogram.hi, 0});
    }
    m_upper->replace(points);
    for (QLineSeries* marker : m_markers) {
        chart()->removeSeries(marker);
        delete marker;
    }
    m_markers.clear();
    const int top = std::max(1, int(std::ceil(maxCount * 1.08)));
    for (const ChartMarker& m : markers) {
        auto* line = new QLineSeries(this);
        line->setName(m.label);
        QPen pen(m.color);
        pen.setWidth(2);
        pen.setStyle(Qt::DashLine);
        line->setPen(pen);
        line->append({{m.x / m_unit, 0}, {m.x / m_unit, double(top)}});
        chart()->addSeries(line);
        line->attachAxis(m_x);
        line->attachAxis(m_y);
        m_markers.push_back(line);
    }
    const double pad = m_histogram.counts.empty() ? 1.0 : m_histogram.binWidth() * 0.5;
    m_x->setRange(m_histogram.lo - pad, m_histogram.hi + pad);
    m_x->setTitleText(exponent ? QStringLiteral("%1 (×1e%2)").arg(xTitle).arg(exponent) : xTitle);
    m_y->setRange(0, top);
    if (top <= 5)
        m_y->setTickCount(top + 1);
    else {
        m_y->setTickCount(6);
        m_y->applyNiceNumbers();
    }
}

void HistogramChart::showBinTip(const QPointF& point, bool state) {
    if (!state || m_histogram.counts.empty()) {
        QToolTip::hideText();
        return;
    }
    const int bin = m_histogram.binOf(point.x());
    const double left = m_histogram.lo + m_histogram.binWidth() * bin;
    QToolTip::showText(QCursor::pos(),
                       QStringLiteral("%1 … %2: %3")
                           .arg(left * m_unit, 0, 'g', 6)
                           .arg((left + m_histogram.binWidth()) * m_unit, 0, 'g', 6)
                           .arg(m_histogram.counts[size_t(bin)]),
                       this);
}

}  // namespace tpugraphs::ui
