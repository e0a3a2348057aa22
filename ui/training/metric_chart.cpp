// A QtCharts line chart of one kind of metric against the step.
#include "training/metric_chart.h"

#include <QCursor>
#include <QLineSeries>
#include <QPen>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

#include "training/decimation.h"

namespace tpugraphs::ui {

MetricChart::MetricChart(const QString& title, QWidget* parent)
    : QChartView(parent), m_title(title), m_x(new QValueAxis), m_y(new QValueAxis) {
    auto* c = new QChart;
    c->setTitle(title);
    c->legend()->setAlignment(Qt::AlignBottom);
    c->setMargins(QMargins(4, 4, 4, 4));
    m_x->setTitleText("step");
    m_x->setLabelFormat("%d");
    m_y->setLabelFormat("%.3g");
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    setChart(c);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(260, 200);
}

void MetricChart::setPlaceholder(const QString& text) {
    chart()->setTitle(text.isEmpty() ? m_title : m_title + "  (" + text + ")");
}

void MetricChart::setCurves(const QList<ChartCurve>& curves) {
    while (m_series.size() > curves.size()) {
        QLineSeries* s = m_series.takeLast();
        chart()->removeSeries(s);
        delete s;
    }
    while (m_series.size() < curves.size()) {
        auto* s = new QLineSeries;
        chart()->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
        connect(s, &QLineSeries::hovered, this,
                [this, s](const QPointF& p, bool state) { showHover(s, p, state); });
        m_series.append(s);
    }
    double x0 = std::numeric_limits<double>::max(), x1 = -x0, y0 = x0, y1 = -x0;
    for (int i = 0; i < curves.size(); ++i) {
        const ChartCurve& curve = curves[i];
        QLineSeries* s = m_series[i];
        s->setName(curve.name);
        QColor color = curve.color;
        if (curve.faint) color.setAlphaF(0.35);
        QPen pen(color);
        pen.setWidthF(curve.faint ? 1.0 : 2.0);
        s->setPen(pen);
        const QList<QPointF> shown = decimateMinMax(curve.points, kMaxPointsPerCurve);
        for (const QPointF& p : shown) {
            x0 = std::min(x0, p.x());
            x1 = std::max(x1, p.x());
            y0 = std::min(y0, p.y());
            y1 = std::max(y1, p.y());
        }
        s->replace(shown);
    }
    if (x0 > x1) {
        m_x->setRange(0, 1);
        m_y->setRange(0, 1);
        return;
    }
    if (x1 - x0 < 1) x1 = x0 + 1;
    const double pad = y1 > y0 ? 0.05 * (y1 - y0) : std::max(1e-6, std::abs(y0) * 0.05);
    m_x->setRange(x0, x1);
    // Non-negative metrics (learning rate, loss) keep a non-negative axis.
    m_y->setRange(y0 >= 0 ? std::max(0.0, y0 - pad) : y0 - pad, y1 + pad);
}

int MetricChart::pointCount() const {
    int n = 0;
    for (const QLineSeries* s : m_series) n += s->count();
    return n;
}

void MetricChart::showHover(QLineSeries* series, const QPointF& point, bool state) {
    if (!state) {
        QToolTip::hideText();
        return;
    }
    // The nearest drawn point by step (the hover position itself is interpolated).
    const QList<QPointF> points = series->points();
    if (points.isEmpty()) return;
    const auto it = std::lower_bound(points.begin(), points.end(), point.x(),
                                     [](const QPointF& p, double x) { return p.x() < x; });
    QPointF best = it == points.end() ? points.back() : *it;
    if (it != points.begin() && it != points.end() &&
        std::abs((it - 1)->x() - point.x()) < std::abs(it->x() - point.x()))
        best = *(it - 1);
    QToolTip::showText(QCursor::pos(),
                       QString("%1\nstep %2: %3")
                           .arg(series->name())
                           .arg(qint64(best.x()))
                           .arg(best.y(), 0, 'g', 5),
                       this);
}

}  // namespace tpugraphs::ui
