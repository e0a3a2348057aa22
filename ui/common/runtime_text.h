// Runtimes as people read them: layout runtimes are nanoseconds, shown in the unit that fits
// (2.33e8 -> "233 ms"); tile runtimes are runtime / normalizer ratios, shown with 3 digits.
#pragma once

#include <QString>

#include <cmath>

namespace tpugraphs::ui {

inline QString runtimeText(double value, bool nanoseconds) {
    if (!nanoseconds) return QString::number(value, 'g', 3);
    struct Unit {
        double scale;
        const char* name;
    };
    static const Unit units[] = {{1e9, "s"}, {1e6, "ms"}, {1e3, "µs"}, {1, "ns"}};
    for (const Unit& unit : units)
        if (std::abs(value) >= unit.scale || unit.scale == 1)
            return QStringLiteral("%1 %2").arg(QString::number(value / unit.scale, 'g', 3),
                                               QString::fromUtf8(unit.name));
    return {};
}

}  // namespace tpugraphs::ui
