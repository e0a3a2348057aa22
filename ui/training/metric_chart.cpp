// A QtCharts chart of one metric against the step or the fraction of the run.
#include "training/metric_chart.h"

#include <QCursor>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

#include "training/decimation.h"

namespace tpugraphs::ui {

QString elideMiddle(const QString& text, int maxChars) {
    if (text.size() <= maxChars) return text;
    const int tail = (2 * (maxChars - 1) + 2) / 3;  // the end, where run names differ: 2/3
    const int head = maxChars - 1 - tail;
    return text.left(head) + QChar(0x2026) + text.right(tail);
}

MetricChart::MetricChart(const QString& title, QWidget* parent)
    : QChartView(parent), m_title(title), m_x(new QValueAxis), m_y(new QValueAxis) {
    auto* c = new QChart;
    c->setTitle(title);
    c->legend()->setAlignment(Qt::AlignBottom);
    c->legend()->setShowToolTips(true);
    c->setMargins(QMargins(4, 4, 4, 4));
    m_y->setLabelFormat("%.3g");
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    setChart(c);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(260, 200);
    setXKind(ChartX::Step);
}

void MetricChart::setXKind(ChartX kind) {
    m_xKind = kind;
    m_x->setTitleText(kind == ChartX::Step ? "step" : "fraction of the run");
    m_x->setLabelFormat(kind == ChartX::Step ? "%d" : "%.2f");
}

void MetricChart::setPlaceholder(const QString& text) {
    chart()->setTitle(text.isEmpty() ? m_title : m_title + "  (" + text + ")");
}

void MetricChart::setCurves(const QList<ChartCurve>& curves) {
    while (m_lines.size() > curves.size()) {
        for (QXYSeries* s : {static_cast<QXYSeries*>(m_lines.takeLast()),
                             static_cast<QXYSeries*>(m_markers.takeLast())}) {
            chart()->removeSeries(s);
            delete s;
        }
        m_names.removeLast();
    }
    while (m_lines.size() < curves.size()) {
        auto* line = new QLineSeries;
        auto* markers = new QScatterSeries;
        markers->setMarkerSize(8);
        const int index = int(m_lines.size());
        for (QXYSeries* s : {static_cast<QXYSeries*>(line), static_cast<QXYSeries*>(markers)}) {
            chart()->addSeries(s);
            s->attachAxis(m_x);
            s->attachAxis(m_y);
            connect(s, &QXYSeries::hovered, this, [this, s, index](const QPointF& p, bool state) {
                showHover(s, m_names.value(index), p, state);
            });
        }
        for (QLegendMarker* marker : chart()->legend()->markers(markers)) marker->setVisible(false);
        m_lines.append(line);
        m_markers.append(markers);
        m_names.append(QString());
    }
    double x1 = -std::numeric_limits<double>::max(), y0 = -x1, y1 = x1;
    for (int i = 0; i < curves.size(); ++i) {
        const ChartCurve& curve = curves[i];
        QLineSeries* line = m_lines[i];
        QScatterSeries* markers = m_markers[i];
        m_names[i] = curve.name;
        line->setName(elideMiddle(curve.name, kLegendChars));
        QColor color = curve.color;
        if (curve.faint) color.setAlphaF(0.35);
        QPen pen(color);
        pen.setWidthF(curve.faint ? 1.0 : 2.0);
        line->setPen(pen);
        for (QLegendMarker* marker : chart()->legend()->markers(line))
            marker->setVisible(!curve.faint);
        const QList<QPointF> shown = decimateMinMax(curve.points, kMaxPointsPerCurve);
        for (const QPointF& p : shown) {
            x1 = std::max(x1, p.x());
            y0 = std::min(y0, p.y());
            y1 = std::max(y1, p.y());
        }
        line->replace(shown);
        markers->setColor(color);
        markers->setBorderColor(color);
        markers->replace(curve.markers ? shown : QList<QPointF>());
    }
    if (y0 > y1) {
        m_x->setRange(0, 1);
        m_y->setRange(0, 1);
        return;
    }
    // x from the start of the runs, so that every chart of the page lines up; round ticks.
    m_x->setRange(0, std::max(x1, m_xKind == ChartX::Step ? 1.0 : 0.01));
    m_x->applyNiceNumbers();
    const double pad = y1 > y0 ? 0.05 * (y1 - y0) : std::max(1e-6, std::abs(y0) * 0.05);
    // Non-negative metrics (learning rate, loss) keep a non-negative axis.
    m_y->setRange(y0 >= 0 ? std::max(0.0, y0 - pad) : y0 - pad, y1 + pad);
    m_y->applyNiceNumbers();
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

void MetricChart::showHover(QXYSeries* series, const QString& name, const QPointF& point,
                            bool state) {
    if (!state) {
        QToolTip::hideText();
        return;
    }
    // The nearest drawn point by x (the hover position on a line is interpolated).
    const QList<QPointF> points = series->points();
    if (points.isEmpty()) return;
    const auto it = std::lower_bound(points.begin(), points.end(), point.x(),
                                     [](const QPointF& p, double x) { return p.x() < x; });
    QPointF best = it == points.end() ? points.back() : *it;
    if (it != points.begin() && it != points.end() &&
        std::abs((it - 1)->x() - point.x()) < std::abs(it->x() - point.x()))
        best = *(it - 1);
    const QString x = m_xKind == ChartX::Step ? QString("step %1").arg(qint64(best.x()))
                                              : QString("%1 of the run").arg(best.x(), 0, 'f', 3);
    QToolTip::showText(QCursor::pos(),
                       QString("%1\n%2\n%3: %4").arg(name, m_title, x).arg(best.y(), 0, 'g', 5),
                       this);
}

}  // namespace tpugraphs::ui
