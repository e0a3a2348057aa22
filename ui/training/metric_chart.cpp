// A QtCharts chart of one metric against the step or the fraction of the run.
#include "training/metric_chart.h"

#include <QFontMetricsF>
#include <QLegendMarker>
#include <QLineF>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>
#include <limits>

#include "charts/unit_axis.h"
#include "training/decimation.h"

namespace tpugraphs::ui {

namespace {

constexpr int kRobustMinPoints = 20;  // shorter curves are shown whole
constexpr int kPixelsPerXTick = 70;   // room for a label such as "12500" or "0.25"
// QtCharts draws "..." for a y label taller than its share of the axis (the plot's height over
// the ticks): a y tick gets at least two lines of text.
constexpr double kLinesPerYTick = 2.2;
// A live run's refresh keeps the axes' ranges while its points stay inside them and fill at least
// this share of the y range: only the lines are redrawn, and the axes are not laid out again
// (label text shaped, the whole chart repainted), which was most of the UI thread's work.
constexpr double kMinYFill = 0.7;
constexpr double kYPad = 0.05;      // each side, of the data's span
constexpr double kYGrowPad = 0.25;  // on a side the data grew past: room for more

// The smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten that is >= v (> 0):
// an x range that grows in steps of at most 25 %.
double niceCeiling(double v) {
    const double decade = std::pow(10.0, std::floor(std::log10(v)));
    for (const double m : {1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0})
        if (m * decade >= v * (1 - 1e-12)) return m * decade;
    return 10 * decade;
}

double quantile(std::vector<double>& sorted, double q) {
    return sorted[size_t(q * double(sorted.size() - 1) + 0.5)];
}

}  // namespace

QString elideMiddle(const QString& text, int maxChars) {
    if (text.size() <= maxChars) return text;
    const int tail = (2 * (maxChars - 1) + 2) / 3;  // the end, where run names differ: 2/3
    const int head = maxChars - 1 - tail;
    return text.left(head) + QChar(0x2026) + text.right(tail);
}

YRange robustRange(const QList<QList<QPointF>>& curves, bool clipOutliers) {
    YRange range;
    range.lo = std::numeric_limits<double>::max();
    range.hi = -range.lo;
    for (const QList<QPointF>& curve : curves) {
        if (curve.isEmpty()) continue;
        std::vector<double> y;
        for (const QPointF& p : curve) y.push_back(p.y());
        std::sort(y.begin(), y.end());
        double lo = y.front(), hi = y.back();
        if (clipOutliers && int(y.size()) >= kRobustMinPoints) {
            const double q05 = quantile(y, 0.05), q95 = quantile(y, 0.95);
            const double spread = std::max(q95 - q05, 1e-12 * std::abs(q95));
            const double robustLo = std::max(lo, q05 - 1.5 * spread);
            const double robustHi = std::min(hi, q95 + 1.5 * spread);
            if (hi - lo > kOutlierSpan * (robustHi - robustLo)) {
                lo = robustLo;
                hi = robustHi;
                range.clipped = true;
            }
        }
        range.lo = std::min(range.lo, lo);
        range.hi = std::max(range.hi, hi);
        range.empty = false;
    }
    if (range.empty) range = YRange{};
    return range;
}

MetricChart::MetricChart(const QString& title, QWidget* parent)
    : ZoomableChartView(parent),
      m_title(title),
      m_x(new UnitAxis(UnitAxis::Labels::Integer, this)),
      m_y(new UnitAxis(UnitAxis::Labels::Number, this)) {
    auto* c = new QChart;
    c->setTitle(title);
    c->legend()->setAlignment(Qt::AlignBottom);
    c->legend()->setShowToolTips(true);
    c->setMargins(QMargins(4, 4, 4, 4));
    c->setBackgroundRoundness(0);  // a plain rectangle: a live chart repaints it on every refresh
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    setChart(c);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(260, 200);
    connect(c, &QChart::plotAreaChanged, this, [this](const QRectF& plot) {
        const double tick = kLinesPerYTick * QFontMetricsF(m_y->labelsFont()).height();
        m_y->setMaxTicks(int(plot.height() / tick));
    });
    setXKind(ChartX::Step);
    setCurves({});
}

void MetricChart::setXKind(ChartX kind) {
    m_xKind = kind;
    switch (kind) {
        case ChartX::Step:
            m_x->setTitleText("step");
            m_x->setLabelKind(UnitAxis::Labels::Integer);
            break;
        case ChartX::RunFraction:
            m_x->setTitleText("fraction of the run");
            m_x->setLabelKind(UnitAxis::Labels::Number);
            break;
        case ChartX::RelativeTime:
            m_x->setTitleText("time since the run began");
            m_x->setLabelKind(UnitAxis::Labels::Elapsed);
            break;
        case ChartX::WallTime:
            m_x->setTitleText("wall time");
            m_x->setLabelKind(UnitAxis::Labels::ClockTime);
            break;
    }
}

QString MetricChart::xText(double x) const {
    switch (m_xKind) {
        case ChartX::Step:
            return QString("step %1").arg(qint64(x));
        case ChartX::RunFraction:
            return QString("%1 of the run").arg(x, 0, 'f', 3);
        case ChartX::RelativeTime:
            return elapsedText(x) + " since the start";
        case ChartX::WallTime:
            return clockText(x, true);
    }
    return {};
}

void MetricChart::setPlaceholder(const QString& text) {
    m_placeholder = text;
    updateTitle();
}

void MetricChart::updateTitle() {
    QString title = m_title;
    if (m_log) title += "  (log scale)";
    if (!m_placeholder.isEmpty()) title += "  (" + m_placeholder + ")";
    if (m_clipped) title += "  (outliers off the chart: try log scale)";
    if (chart()->title() != title) chart()->setTitle(title);
}

void MetricChart::resizeSeries(int count) {
    while (m_lines.size() > count) {
        for (QXYSeries* s : {static_cast<QXYSeries*>(m_lines.takeLast()),
                             static_cast<QXYSeries*>(m_markers.takeLast())}) {
            chart()->removeSeries(s);
            delete s;
        }
        m_names.removeLast();
        m_faint.removeLast();
    }
    while (m_lines.size() < count) {
        auto* line = new QLineSeries;
        auto* markers = new QScatterSeries;
        markers->setMarkerSize(8);
        for (QXYSeries* s : {static_cast<QXYSeries*>(line), static_cast<QXYSeries*>(markers)}) {
            chart()->addSeries(s);
            s->attachAxis(m_x);
            s->attachAxis(m_y);
        }
        for (QLegendMarker* marker : chart()->legend()->markers(markers)) marker->setVisible(false);
        m_lines.append(line);
        m_markers.append(markers);
        m_names.append(QString());
        m_faint.append(false);
    }
}

void MetricChart::setCurves(const QList<ChartCurve>& curves) {
    resizeSeries(int(curves.size()));
    QList<QList<QPointF>> drawn;
    for (int i = 0; i < curves.size(); ++i) {
        const ChartCurve& curve = curves[i];
        QLineSeries* line = m_lines[i];
        QColor color = curve.color;
        if (curve.faint) color.setAlphaF(0.35);
        // Names, pens and legend entries only when they change: each change lays the chart out.
        if (m_names[i] != curve.name || m_faint[i] != curve.faint || line->color() != color) {
            m_names[i] = curve.name;
            m_faint[i] = curve.faint;
            line->setName(elideMiddle(curve.name, kLegendChars));
            QPen pen(color);
            pen.setWidthF(curve.faint ? 1.0 : 2.0);
            line->setPen(pen);
            for (QLegendMarker* marker : chart()->legend()->markers(line))
                marker->setVisible(!curve.faint);
            m_markers[i]->setColor(color);
            m_markers[i]->setBorderColor(color);
        }
        QList<QPointF> points;
        for (const QPointF& p : curve.points)
            if (!m_log)
                points.append(p);
            else if (p.y() > 0)
                points.append(QPointF(p.x(), std::log10(p.y())));
        const QList<QPointF> shown = decimateMinMax(points, kMaxPointsPerCurve);
        line->replace(shown);
        // A line of one point draws nothing: such a curve is drawn as a point.
        const bool markers = curve.markers || (shown.size() == 1 && !curve.faint);
        m_markers[i]->replace(markers ? shown : QList<QPointF>());
        drawn.append(shown);
    }
    setRanges(drawn);
    Q_EMIT curvesSet();
}

void MetricChart::setRanges(const QList<QList<QPointF>>& drawn) {
    double x0 = std::numeric_limits<double>::max(), x1 = 0;
    for (const QList<QPointF>& curve : drawn)
        for (const QPointF& p : curve) {
            x0 = std::min(x0, p.x());
            x1 = std::max(x1, p.x());
        }
    const YRange y = robustRange(drawn, !m_log);  // a log scale shows every point
    m_clipped = y.clipped;
    m_y->setLabelKind(m_log ? UnitAxis::Labels::Log10Number : UnitAxis::Labels::Number);
    m_x->setEmpty(y.empty);
    m_y->setEmpty(y.empty);
    // x from the start of the runs, so that every chart of the page lines up; wall time from
    // the first point shown.
    if (m_xKind == ChartX::WallTime && x1 > 0)
        m_x->setRange(x0, std::max(x1, x0 + 60));
    else
        m_x->setRange(0, niceCeiling(std::max(x1, m_xKind == ChartX::RunFraction ? 0.01 : 1.0)));
    if (y.empty) {
        m_y->setRange(0, 1);
        m_yKeptLog = -1;
    } else {
        const double span = y.hi > y.lo ? y.hi - y.lo : std::max(1e-6, std::abs(y.lo) * 2 * kYPad);
        const double min = m_y->min(), max = m_y->max();
        const bool kept = m_yKeptLog == int(m_log);  // the range shown is this data's
        if (!kept || y.lo < min || y.hi > max || span < kMinYFill * (max - min)) {
            double lo = y.lo - kYPad * span, hi = y.hi + kYPad * span;
            if (kept && y.lo < min) lo = y.lo - kYGrowPad * span;
            if (kept && y.hi > max) hi = y.hi + kYGrowPad * span;
            // Non-negative metrics (learning rate, loss) keep a non-negative linear axis.
            if (!m_log && y.lo >= 0) lo = std::max(0.0, lo);
            m_y->setRange(lo, hi);
        }
        m_yKeptLog = int(m_log);
    }
    updateTitle();
    rememberRanges();
}

void MetricChart::resizeEvent(QResizeEvent* event) {
    ZoomableChartView::resizeEvent(event);
    m_x->setMaxTicks(std::max(2, width() / kPixelsPerXTick));
}

int MetricChart::pointCount() const {
    int n = 0;
    for (const QLineSeries* s : m_lines) n += s->count();
    return n;
}

int MetricChart::markerCount() const {
    int n = 0;
    for (const QScatterSeries* s : m_markers) n += s->count();
    return n;
}

QStringList MetricChart::legendNames() const {
    QStringList names;
    for (QLegendMarker* marker : chart()->legend()->markers())
        if (marker->isVisible()) names.append(marker->label());
    return names;
}

ChartHover MetricChart::hoverAt(const QPoint& position) const {
    // Every run's value at the x under the pointer (its point nearest in x), as TensorBoard reads
    // out; the point nearest the pointer is highlighted.
    if (m_lines.isEmpty()) return {};
    const QPointF at = chart()->mapFromScene(mapToScene(position));
    // The plot's corners, placed as every point is placed, give the x under the pointer.
    const QPointF low = chart()->mapToPosition(QPointF(m_x->min(), m_y->min()), m_lines[0]);
    const QPointF high = chart()->mapToPosition(QPointF(m_x->max(), m_y->max()), m_lines[0]);
    // A few pixels of slack around the plot: a point on its edge is drawn half outside it.
    const QRectF plot = QRectF(low, high).normalized().adjusted(-4, -4, 4, 4);
    if (!plot.contains(at) || high.x() <= low.x()) return {};
    const double x = m_x->min() + std::clamp((at.x() - low.x()) / (high.x() - low.x()), 0.0, 1.0) *
                                      (m_x->max() - m_x->min());
    QStringList lines;
    ChartHover hover;
    double bestPixels = 10.0;
    QString raw;  // the value of a faint raw curve, read out beside its smoothed curve after it
    for (int i = 0; i < m_lines.size(); ++i) {
        const QList<QPointF> points = m_lines[i]->points();
        if (points.isEmpty()) continue;
        const auto after = std::lower_bound(points.begin(), points.end(), x,
                                            [](const QPointF& p, double v) { return p.x() < v; });
        auto nearest = after == points.end() ? after - 1 : after;
        if (after != points.begin() && std::abs((after - 1)->x() - x) <= std::abs(nearest->x() - x))
            nearest = after - 1;
        const QPointF p = *nearest;
        const double pixels = QLineF(chart()->mapToPosition(p, m_lines[i]), at).length();
        if (pixels <= bestPixels && (!m_faint[i] || !hover.series)) {
            bestPixels = pixels;
            hover.value = p;
            hover.series = m_lines[i];
        }
        const double value = m_log ? std::pow(10.0, p.y()) : p.y();
        if (m_faint[i] && m_lines.size() > 1) {  // raw beside its smoothed: read the bold
            raw = QString::number(value, 'g', 5);
            continue;
        }
        const QString rawText = raw.isEmpty() ? QString() : QString(", raw %1").arg(raw);
        lines.append(QString("%1: %2  (%3%4)")
                         .arg(m_names[i])
                         .arg(value, 0, 'g', 5)
                         .arg(xText(p.x()), rawText));
        raw.clear();
    }
    if (lines.isEmpty()) return {};
    hover.text = m_title + "\n" + lines.join("\n");
    return hover;
}

}  // namespace tpugraphs::ui
