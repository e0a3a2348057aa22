// The sorted runtime curve with marked configs and a linear/log runtime axis.
#include "charts/sorted_runtime_chart.h"

#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "analysis/histogram.h"

namespace tpugraphs::ui {

namespace {
constexpr size_t kMaxCurvePoints = 2000;  // the curve is decimated beyond this
}

SortedRuntimeChart::SortedRuntimeChart(QWidget* parent)
    : ZoomableChartView(parent),
      m_curve(new QLineSeries(this)),
      m_marks(new QScatterSeries(this)),
      m_x(new QValueAxis(this)) {
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
    m_curve->attachAxis(m_x);
    m_marks->attachAxis(m_x);
    m_x->setTitleText(QStringLiteral("rank (0 = fastest)"));
    m_x->setLabelFormat("%d");
    setChart(chart);
    attachY();
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(240, 200);
    m_valueText = [](double v) { return QString::number(v, 'g', 6); };
}

void SortedRuntimeChart::setValueText(std::function<QString(double)> text) {
    m_valueText = std::move(text);
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
    QList<QPointF> points;
    for (size_t r : decimatedIndices(m_sorted.size(), kMaxCurvePoints))
        points.append({double(r), m_sorted[r]});
    m_curve->replace(points);
    QList<QPointF> marks;
    m_markerInfo.clear();
    const auto mark = [&](int64_t config, const QString& what) {
        if (config < 0 || config >= int64_t(runtimes.size())) return;
        const double rank = double(rankOf[size_t(config)]);
        marks.append({rank, runtimes[size_t(config)]});
        m_markerInfo.push_back({QStringLiteral("%1: config %2").arg(what).arg(config), rank,
                                runtimes[size_t(config)], QColor()});
    };
    mark(bestConfig, QStringLiteral("best"));
    mark(defaultConfig, QStringLiteral("default"));
    m_marks->replace(marks);
    m_x->setRange(0, std::max<double>(1.0, double(m_sorted.size()) - 1.0));
    m_x->applyNiceNumbers();
    attachY();
}

void SortedRuntimeChart::setLogScale(bool log) {
    if (log == m_log) return;
    m_log = log;
    attachY();
}

void SortedRuntimeChart::attachY() {
    if (m_y) {
        m_curve->detachAxis(m_y);
        m_marks->detachAxis(m_y);
        chart()->removeAxis(m_y);
        delete m_y;
    }
    double lo = m_sorted.empty() ? 1.0 : m_sorted.front();
    double hi = m_sorted.empty() ? 10.0 : m_sorted.back();
    if (m_log) {
        auto* axis = new QLogValueAxis(this);
        axis->setBase(10);
        axis->setLabelFormat("%.3g");
        // Whole decades: a log axis labels only powers of ten.
        lo = std::max(lo, 1e-12);
        axis->setRange(std::pow(10.0, std::floor(std::log10(lo))),
                       std::pow(10.0, std::ceil(std::log10(std::max(hi, lo * 1.01)))));
        axis->setMinorTickCount(8);
        m_y = axis;
    } else {
        auto* axis = new QValueAxis(this);
        axis->setLabelFormat("%.4g");
        const double pad = std::max((hi - lo) * 0.05, std::abs(hi) * 0.001 + 1e-9);
        axis->setRange(lo - pad, hi + pad);
        axis->applyNiceNumbers();  // round ticks
        m_y = axis;
    }
    m_y->setTitleText(m_log ? m_yTitle + QStringLiteral(" (log)") : m_yTitle);
    chart()->addAxis(m_y, Qt::AlignLeft);
    m_curve->attachAxis(m_y);
    m_marks->attachAxis(m_y);
    rememberRanges();
}

int SortedRuntimeChart::rankAt(const QPoint& position) const {
    if (m_sorted.empty()) return -1;
    const int mark = nearestPoint(m_marks->points(), m_marks, position);
    if (mark >= 0) return int(m_marks->at(mark).x());
    const int point = nearestPoint(m_curve->points(), m_curve, position);
    return point < 0 ? -1 : int(m_curve->at(point).x());
}

QString SortedRuntimeChart::tipAt(const QPoint& position) const {
    const int rank = rankAt(position);
    if (rank < 0) return {};
    QString text = QStringLiteral("config %1: %2\nrank %3 of %4")
                       .arg(m_order[size_t(rank)])
                       .arg(m_valueText(m_sorted[size_t(rank)]))
                       .arg(rank)
                       .arg(m_sorted.size());
    for (const ChartMarker& m : m_markerInfo)
        if (int(m.x) == rank) text += QStringLiteral("\n") + m.label;
    return text;
}

void SortedRuntimeChart::clickedAt(const QPoint& position) {
    const int rank = rankAt(position);
    if (rank >= 0) Q_EMIT configClicked(m_order[size_t(rank)]);
}

}  // namespace tpugraphs::ui
