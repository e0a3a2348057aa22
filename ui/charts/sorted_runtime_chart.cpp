// The sorted runtime curve with marked configs and a linear/log runtime axis.
#include "charts/sorted_runtime_chart.h"

#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "analysis/histogram.h"
#include "charts/unit_axis.h"
#include "common/units.h"

namespace tpugraphs::ui {

namespace {
constexpr size_t kMaxCurvePoints = 2000;  // the curve is decimated beyond this
}

SortedRuntimeChart::SortedRuntimeChart(QWidget* parent)
    : ZoomableChartView(parent),
      m_curve(new QLineSeries(this)),
      m_marks(new QScatterSeries(this)),
      m_x(new UnitAxis(UnitAxis::Labels::Integer, this)),
      m_y(new UnitAxis(UnitAxis::Labels::Number, this)) {
    auto* chart = new QChart;
    chart->setTitle(QStringLiteral("Sorted runtimes"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    m_curve->setName(QStringLiteral("runtime by rank"));
    m_marks->setName(QStringLiteral("best / default"));
    m_marks->setMarkerSize(11);
    m_marks->setColor(QColor(0xe1, 0x57, 0x59));
    chart->addSeries(m_curve);
    chart->addSeries(m_marks);
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    for (QXYSeries* series : {static_cast<QXYSeries*>(m_curve), static_cast<QXYSeries*>(m_marks)}) {
        series->attachAxis(m_x);
        series->attachAxis(m_y);
    }
    m_x->setTitleText(QStringLiteral("rank (0 = fastest)"));
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(240, 200);
}

void SortedRuntimeChart::setNanoseconds(bool nanoseconds) {
    if (nanoseconds == m_nanoseconds) return;
    m_nanoseconds = nanoseconds;
    redraw();
}

void SortedRuntimeChart::clear(const QString& reason) {
    setRuntimes({}, QString(), -1, -1);
    chart()->setTitle(QStringLiteral("Sorted runtimes: %1").arg(reason));
}

void SortedRuntimeChart::setRuntimes(const std::vector<double>& runtimes, const QString& yTitle,
                                     int64_t bestConfig, int64_t defaultConfig) {
    chart()->setTitle(QStringLiteral("Sorted runtimes"));
    m_yTitle = yTitle;
    m_order.resize(runtimes.size());
    std::iota(m_order.begin(), m_order.end(), int64_t(0));
    std::stable_sort(m_order.begin(), m_order.end(), [&](int64_t a, int64_t b) {
        return runtimes[size_t(a)] < runtimes[size_t(b)];
    });
    m_sorted.resize(runtimes.size());
    std::vector<int64_t> rankOf(runtimes.size());
    for (size_t r = 0; r < m_order.size(); ++r) {
        m_sorted[r] = runtimes[size_t(m_order[r])];
        rankOf[size_t(m_order[r])] = int64_t(r);
    }
    m_markerInfo.clear();
    const auto mark = [&](int64_t config, const QString& what) {
        if (config < 0 || config >= int64_t(runtimes.size())) return;
        m_markerInfo.push_back({QStringLiteral("%1: config %2").arg(what).arg(config),
                                double(rankOf[size_t(config)]), runtimes[size_t(config)],
                                QColor()});
    };
    mark(bestConfig, QStringLiteral("best"));
    mark(defaultConfig, QStringLiteral("default"));
    redraw();
}

void SortedRuntimeChart::setLogScale(bool log) {
    if (log == m_log) return;
    m_log = log;
    redraw();
}

double SortedRuntimeChart::drawnRuntime(double runtime) const {
    return m_log ? std::log10(std::max(runtime, 1e-12)) : runtime;
}

void SortedRuntimeChart::redraw() {
    QList<QPointF> points;
    for (size_t r : decimatedIndices(m_sorted.size(), kMaxCurvePoints))
        points.append({double(r), drawnRuntime(m_sorted[r])});
    m_curve->replace(points);
    QList<QPointF> marks;
    for (const ChartMarker& m : m_markerInfo) marks.append({m.x, drawnRuntime(m.y)});
    m_marks->replace(marks);
    using Labels = UnitAxis::Labels;
    m_y->setLabelKind(m_log ? (m_nanoseconds ? Labels::Log10Duration : Labels::Log10Number)
                            : (m_nanoseconds ? Labels::Duration : Labels::Number));
    m_x->setRange(0, std::max<double>(1.0, double(m_sorted.size()) - 1.0));
    const double lo = m_sorted.empty() ? 0.0 : drawnRuntime(m_sorted.front());
    const double hi = m_sorted.empty() ? 1.0 : drawnRuntime(m_sorted.back());
    const double pad = std::max((hi - lo) * 0.05, std::abs(hi) * 0.001 + 1e-9);
    // A linear runtime axis starts at 0 when the data are near it, as runtimes are positive.
    m_y->setRange(!m_log && lo - pad < 0 ? 0.0 : lo - pad, hi + pad);
    m_x->setEmpty(m_sorted.empty());
    m_y->setEmpty(m_sorted.empty());
    m_y->setTitleText(m_log ? m_yTitle + QStringLiteral(" (log scale)") : m_yTitle);
    rememberRanges();
}

int SortedRuntimeChart::rankAt(const QPoint& position, QPointF* point,
                               QAbstractSeries** series) const {
    if (m_sorted.empty()) return -1;
    for (QXYSeries* s : {static_cast<QXYSeries*>(m_marks), static_cast<QXYSeries*>(m_curve)}) {
        const int index = nearestPoint(s->points(), s, position);
        if (index < 0) continue;
        if (point) *point = s->at(index);
        if (series) *series = s;
        return int(s->at(index).x());
    }
    return -1;
}

ChartHover SortedRuntimeChart::hoverAt(const QPoint& position) const {
    QPointF point;
    QAbstractSeries* series = nullptr;
    const int rank = rankAt(position, &point, &series);
    if (rank < 0) return {};
    QString text = QStringLiteral("config %1: %2\nrank %3 of %4")
                       .arg(m_order[size_t(rank)])
                       .arg(runtimeText(m_sorted[size_t(rank)], m_nanoseconds))
                       .arg(rank)
                       .arg(m_sorted.size());
    for (const ChartMarker& m : m_markerInfo)
        if (int(m.x) == rank) text += QStringLiteral("\n") + m.label;
    return {text, point, series};
}

void SortedRuntimeChart::clickedAt(const QPoint& position) {
    const int rank = rankAt(position);
    if (rank >= 0) Q_EMIT configClicked(m_order[size_t(rank)]);
}

}  // namespace tpugraphs::ui
