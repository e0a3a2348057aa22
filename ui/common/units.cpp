// Number formatting and round ticks.
#include "common/units.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace tpugraphs::ui {

namespace {
constexpr DurationUnit kUnits[] = {{1e9, "s"}, {1e6, "ms"}, {1e3, "µs"}, {1, "ns"}};
}

DurationUnit durationUnit(double ns) {
    for (const DurationUnit& unit : kUnits)
        if (std::abs(ns) >= unit.ns) return unit;
    return kUnits[3];
}

QString durationText(double ns) {
    if (!std::isfinite(ns)) return QStringLiteral("-");
    const DurationUnit unit = durationUnit(ns);
    return QStringLiteral("%1 %2").arg(QString::number(ns / unit.ns, 'g', 3),
                                       QString::fromUtf8(unit.symbol));
}

QString durationText(double ns, DurationUnit unit, int decimals) {
    const double value = ns / unit.ns;
    // No "-0" for a tick at zero.
    return QStringLiteral("%1 %2")
        .arg(value == 0 ? 0.0 : value, 0, 'f', decimals)
        .arg(QString::fromUtf8(unit.symbol));
}

QString runtimeText(double value, bool nanoseconds) {
    return nanoseconds ? durationText(value) : QString::number(value, 'g', 3);
}

QString speedupText(double ratio) {
    if (!std::isfinite(ratio)) return QStringLiteral("-");
    if (ratio < 1.1) return QStringLiteral("%1×").arg(QString::number(ratio, 'f', 4));
    return QStringLiteral("%1×").arg(QString::number(ratio, 'g', 3));
}

QString compactCount(qint64 n) {
    if (n < 10000) return QLocale().toString(n);
    if (n < 100000) return QStringLiteral("%1k").arg(n / 1e3, 0, 'f', 1);
    if (n < 1000000) return QStringLiteral("%1k").arg(qRound64(n / 1e3));
    return QStringLiteral("%1M").arg(n / 1e6, 0, 'f', 1);
}

QString scoreText(double value) {
    return std::isfinite(value) ? QString::number(value, 'f', 4) : QStringLiteral("-");
}

double roundTickStep(double lo, double hi, int maxTicks) {
    const double span = hi - lo;
    if (!(span > 0) || !std::isfinite(span)) return 1;
    const double raw = span / std::max(1, maxTicks);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double factor : {1.0, 2.0, 5.0, 10.0})
        if (factor * magnitude >= raw * (1 - 1e-9)) return factor * magnitude;
    return 10 * magnitude;
}

std::vector<double> roundTicks(double lo, double hi, double step) {
    std::vector<double> ticks;
    if (!(step > 0) || !(hi >= lo)) return ticks;
    const double first = std::ceil(lo / step - 1e-9);
    for (double k = first; k * step <= hi + step * 1e-9 && ticks.size() < 1000; ++k)
        ticks.push_back(k * step);
    return ticks;
}

int decimalsForStep(double step) {
    if (!(step > 0)) return 0;
    // Steps are 1, 2 or 5 x 10^k: 10^k's decimals, as their mantissa has no fraction.
    return std::max(0, int(-std::floor(std::log10(step) + 1e-9)));
}

}  // namespace tpugraphs::ui
