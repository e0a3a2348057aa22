// Copying a run directory.
#include "training/run_copy.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace tpugraphs::ui {

QString copyRunDirectory(const QString& from, const QString& to) {
    const QDir source(from);
    if (!QFileInfo(from + "/format.json").exists()) return from + ": not a training run directory";
    QDir target(to);
    if (target.exists() && !target.isEmpty()) return to + ": exists and is not empty";
    if (target.exists() && !target.rmdir(to)) return to + ": cannot replace the empty folder";
    const QString partial = to + ".partial";
    QDir(partial).removeRecursively();
    if (!QDir().mkpath(partial)) return partial + ": cannot create folder";
    QDirIterator it(from, QDir::Files | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        if (file.endsWith(".tmp")) continue;  // a write in flight of the run itself
        const QString relative = source.relativeFilePath(file);
        const QString dest = partial + "/" + relative;
        QDir().mkpath(QFileInfo(dest).absolutePath());
        if (!QFile::copy(file, dest)) {
            QDir(partial).removeRecursively();
            return dest + ": cannot copy " + file;
        }
    }
    if (!QDir().rename(partial, to)) {
        QDir(partial).removeRecursively();
        return to + ": cannot rename the copy into place";
    }
    return {};
}

}  // namespace tpugraphs::ui
