// Run colours from a stable hash of the run's folder.
#include "common/run_color.h"

#include <QDir>

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

}  // namespace tpugraphs::ui
