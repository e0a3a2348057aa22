// Dataset names and identity.
#include "common/dataset_name.h"

#include <QDir>
#include <QFileInfo>

namespace tpugraphs::ui {

QString datasetDisplayName(const QString& root) {
    if (root.trimmed().isEmpty()) return QStringLiteral("-");
    const QString name = QFileInfo(QDir::cleanPath(root)).fileName();
    if (name.startsWith(QStringLiteral("demo-dataset"))) return QStringLiteral("demo");
    return name.isEmpty() ? QDir::cleanPath(root) : name;
}

bool isSameDataset(const QString& a, const QString& b) {
    if (a.trimmed().isEmpty() || b.trimmed().isEmpty()) return false;
    const auto canonical = [](const QString& path) {
        const QString resolved = QFileInfo(path).canonicalFilePath();
        return resolved.isEmpty() ? QDir::cleanPath(path) : resolved;
    };
    return canonical(a) == canonical(b);
}

}  // namespace tpugraphs::ui
