// A histogram chart with marker lines, log scale, outlier clamping and hover tool tips.
#include "charts/histogram_chart.h"

#include <QtCharts/QAreaSeries>
#include <QtCharts/QLineSeries>

#include <algorithm>
#include <cmath>

#include "charts/unit_axis.h"
#include "common/count_text.h"
#include "common/units.h"

namespace tpugraphs::ui {

HistogramChart::HistogramChart(const QString& title, QWidget* parent)
    : ZoomableChartView(parent),
      m_upper(new QLineSeries(this)),
      m_area(new QAreaSeries(m_upper)),
      m_x(new UnitAxis(UnitAxis::Labels::Number, this)),
      m_y(new UnitAxis(UnitAxis::Labels::Integer, this)),
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
    m_y->setTitleText(QStringLiteral("count"));
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(240, 200);
}

void HistogramChart::clear(const QString& reason) {
    setValues({}, QString());
    chart()->setTitle(reason.isEmpty() ? m_title : m_title + QStringLiteral(": ") + reason);
}

void HistogramChart::setValues(const std::vector<double>& values, const QString& xTitle,
                               const std::vector<ChartMarker>& markers, int bins) {
    m_values = values;
    m_xTitle = xTitle;
    m_markerSpecs = markers;
    m_bins = bins;
    redraw();
}

void HistogramChart::setLogScale(bool log) {
    if (log == m_log) return;
    m_log = log;
    redraw();
}

void HistogramChart::setClipOutliers(bool clip) {
    if (clip == m_clip) return;
    m_clip = clip;
    redraw();
}

void HistogramChart::setNanoseconds(bool nanoseconds) {
    if (nanoseconds == m_nanoseconds) return;
    m_nanoseconds = nanoseconds;
    redraw();
}

double HistogramChart::drawn(double value) const {
    return m_log ? (value > 0 ? std::log10(value) : NAN) : value;
}

double HistogramChart::original(double x) const {
    return m_log ? std::pow(10.0, x) : x;
}

void HistogramChart::redraw() {
    using Labels = UnitAxis::Labels;
    m_x->setLabelKind(m_log ? (m_nanoseconds ? Labels::Log10Duration : Labels::Log10Number)
                            : (m_nanoseconds ? Labels::Duration : Labels::Number));
    std::vector<double> scaled(m_values.size());
    for (size_t i = 0; i < m_values.size(); ++i) scaled[i] = drawn(m_values[i]);
    m_outliers = m_clip ? clampOutliers(scaled) : 0;
    m_histogram = makeHistogram(scaled, m_bins > 0 ? m_bins : suggestedBins(m_values.size()));
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
    for (const ChartMarker& m : m_markerSpecs) {
        const double x = std::clamp(drawn(m.x), m_histogram.lo, m_histogram.hi);
        auto* line = new QLineSeries(this);
        line->setName(m.label);
        QPen pen(m.color);
        pen.setWidth(2);
        pen.setStyle(Qt::DashLine);
        line->setPen(pen);
        line->append({{x, 0}, {x, double(top)}});
        chart()->addSeries(line);
        line->attachAxis(m_x);
        line->attachAxis(m_y);
        m_markers.push_back(line);
    }
    const double pad = m_histogram.counts.empty() ? 1.0 : m_histogram.binWidth() * 0.5;
    m_x->setRange(m_histogram.lo - pad, m_histogram.hi + pad);
    m_x->setTitleText(m_log ? m_xTitle + QStringLiteral(" (log scale)") : m_xTitle);
    m_x->setEmpty(m_histogram.counts.empty());
    m_y->setEmpty(m_histogram.counts.empty());
    if (m_outliers)
        chart()->setTitle(QStringLiteral("%1 (%2 in the edge bins)")
                              .arg(m_title, countText(m_outliers, "outlier", "outliers")));
    m_y->setRange(0, top);
    rememberRanges();
}

ChartHover HistogramChart::hoverAt(const QPoint& position) const {
    if (m_histogram.counts.empty()) return {};
    const QPointF at = chart()->mapFromScene(mapToScene(position));
    if (!chart()->plotArea().contains(at)) return {};
    const QPointF value = chart()->mapToValue(at, m_area);
    if (value.x() < m_histogram.lo || value.x() > m_histogram.hi) return {};
    const int bin = m_histogram.binOf(value.x());
    const double left = m_histogram.lo + m_histogram.binWidth() * bin;
    const auto text = [this](double x) { return runtimeText(original(x), m_nanoseconds); };
    const int count = m_histogram.counts[size_t(bin)];
    QString tip = QStringLiteral("%1 … %2: %3")
                      .arg(text(left), text(left + m_histogram.binWidth()))
                      .arg(count);
    if (m_outliers && (bin == 0 || bin + 1 == int(m_histogram.counts.size())))
        tip += QStringLiteral("\n(edge bin: includes clamped outliers)");
    return {tip, QPointF(left + 0.5 * m_histogram.binWidth(), count), m_area};
}

}  // namespace tpugraphs::ui
