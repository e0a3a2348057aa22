// Round ticks with unit labels, rebuilt whenever the range changes.
#include "charts/unit_axis.h"

#include <QDateTime>
#include <QRegularExpression>

#include <QSignalBlocker>

#include <algorithm>
#include <cmath>

#include "common/units.h"

namespace tpugraphs::ui {

UnitAxis::UnitAxis(Labels labels, QObject* parent) : QCategoryAxis(parent), m_labels(labels) {
    setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    connect(this, &QValueAxis::rangeChanged, this, &UnitAxis::rebuild);
    rebuild();
}

void UnitAxis::setLabelKind(Labels labels) {
    if (labels == m_labels) return;
    m_labels = labels;
    rebuild();
}

void UnitAxis::setEmpty(bool empty) {
    if (empty == m_empty) return;
    m_empty = empty;
    setGridLineVisible(!empty);
    setTitleVisible(!empty);  // QtCharts leaves the title of an axis without labels at the corner
    rebuild();
}

void UnitAxis::setMaxTicks(int ticks) {
    if (std::max(2, ticks) == m_maxTicks) return;
    m_maxTicks = std::max(2, ticks);
    rebuild();
}

QStringList UnitAxis::tickLabels() const {
    return const_cast<UnitAxis*>(this)->categoriesLabels();  // not const in Qt 6.4
}

QList<double> UnitAxis::tickValues() const {
    QList<double> values;
    for (const QString& label : tickLabels()) values.append(endValue(label));
    return values;
}

// The ticks for the current range and labels; set on the axis only when they differ from the
// ticks it has: each change of a category lays the chart out again (label geometry, HTML text),
// which a live chart would otherwise pay on every refresh.
void UnitAxis::rebuild() {
    const QList<Tick> ticks = computeTicks();
    QList<Tick> shown;
    for (const QString& label : categoriesLabels()) shown.append({endValue(label), label});
    if (ticks == shown && startValue() == min()) return;
    for (const QString& label : categoriesLabels()) remove(label);
    setStartValue(min());
    for (const Tick& tick : ticks) append(tick.label, tick.position);
}

QList<UnitAxis::Tick> UnitAxis::computeTicks() const {
    QList<Tick> ticks;
    const auto add = [&ticks](double position, const QString& label) {
        for (const Tick& tick : ticks)
            if (tick.label == label) return;
        ticks.append({position, label});
    };
    const double lo = min(), hi = max();
    if (m_empty || !(hi > lo)) return ticks;
    const bool log = m_labels == Labels::Log10Duration || m_labels == Labels::Log10Number;
    const auto valueText = [this](double value, double step, DurationUnit unit) {
        if (m_labels == Labels::Elapsed) return elapsedText(value);
        if (m_labels == Labels::ClockTime) return clockText(value, step < 60);
        if (m_labels == Labels::Duration || m_labels == Labels::Log10Duration)
            return durationText(value, unit, decimalsForStep(step / unit.ns));
        return numberText(value, step);
    };
    if (!log) {
        double step = roundTickStep(lo, hi, m_maxTicks);
        if (m_labels == Labels::Integer || m_labels == Labels::Elapsed ||
            m_labels == Labels::ClockTime)
            step = std::max(1.0, step);
        const DurationUnit unit = durationUnit(std::max(std::abs(lo), std::abs(hi)));
        for (double tick : roundTicks(lo, hi, step)) add(tick, valueText(tick, step, unit));
        return ticks;
    }
    if (hi - lo >= 1.5) {  // whole decades
        const double step = std::max(1.0, std::ceil((hi - lo) / m_maxTicks));
        for (double tick : roundTicks(lo, hi, step)) {
            const double value = std::pow(10.0, tick);
            add(tick, valueText(value, value, durationUnit(value)));
        }
        return ticks;
    }
    // Less than a decade and a half: round values, placed at their log10.
    const double from = std::pow(10.0, lo), to = std::pow(10.0, hi);
    const double step = roundTickStep(from, to, m_maxTicks);
    const DurationUnit unit = durationUnit(to);
    for (double value : roundTicks(from, to, step))
        if (value > 0) add(std::log10(value), valueText(value, step, unit));
    return ticks;
}

QString numberText(double value, double step) {
    const int decimals = decimalsForStep(step);
    // Ticks closer than 0.001 (a learning rate, a top-1 error): "2.5e-3", not "0.0025".
    if (decimals <= kMaxFixedDecimals)
        return QString::number(value == 0 ? 0.0 : value, 'f', decimals);  // never "-0.00"
    if (value == 0) return "0";
    const int exponent = int(std::floor(std::log10(std::abs(value)) + 1e-9));
    const int stepExponent = int(std::floor(std::log10(step) + 1e-9));
    QString text = QString::number(value, 'e', std::clamp(exponent - stepExponent, 0, 3));
    static const QRegularExpression paddedExponent("e\\+?(-?)0*(\\d)");
    return text.replace(paddedExponent, "e\\1\\2");  // "2.5e-03" -> "2.5e-3"
}

QString elapsedText(double seconds) {
    const qint64 s = qint64(std::llround(std::max(0.0, seconds)));
    if (s < 3600) return QString("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QChar('0'));
    return QString("%1:%2:%3")
        .arg(s / 3600)
        .arg(s / 60 % 60, 2, 10, QChar('0'))
        .arg(s % 60, 2, 10, QChar('0'));
}

QString clockText(double secondsSinceEpoch, bool withSeconds) {
    const QDateTime at = QDateTime::fromMSecsSinceEpoch(qint64(secondsSinceEpoch * 1000));
    return at.toString(withSeconds ? "HH:mm:ss" : "HH:mm");
}

}  // namespace tpugraphs::ui
