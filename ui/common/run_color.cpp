// Run colours from a stable hash of the run's folder, turned apart when shown together.
#include "common/run_color.h"

#include <QDir>

#include <algorithm>
#include <cstdlib>

namespace tpugraphs::ui {

QColor runIdentityColor(const QString& runDir) {
    // FNV-1a: the same value in every process (qHash is seeded per process).
    quint32 hash = 2166136261u;
    for (const char byte : QDir::cleanPath(runDir).toUtf8()) {
        hash ^= static_cast<unsigned char>(byte);
        hash *= 16777619u;
    }
    // Hues spread by the golden angle; two bands of lightness double the distinct colours.
    const int hue = static_cast<int>((hash % 1000u) * 0.618034 * 360) % 360;
    const int value = (hash >> 16) % 2 ? 200 : 150;
    return QColor::fromHsv(hue, 190, value);
}

bool colorsApart(const QColor& a, const QColor& b) {
    const int turn = std::abs(a.hsvHue() - b.hsvHue()) % 360;
    return std::min(turn, 360 - turn) >= 30 || std::abs(a.value() - b.value()) >= 40;
}

QColor colorApartFrom(QColor own, const QList<QColor>& taken) {
    constexpr int kGoldenAngle = 137;  // degrees: successive turns stay far from each other
    for (int turn = 0; turn < 12; ++turn) {
        if (std::all_of(taken.begin(), taken.end(),
                        [&own](const QColor& other) { return colorsApart(own, other); }))
            return own;
        own =
            QColor::fromHsv((own.hsvHue() + kGoldenAngle) % 360, own.hsvSaturation(), own.value());
    }
    return own;
}

}  // namespace tpugraphs::ui
