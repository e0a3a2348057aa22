// The desktop app's places for the user's data, and the move from the old ones.
#include "common/user_data_places.h"

#include <QDebug>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QStringList>

#include "base/legacy_user_data.h"

namespace tpugraphs::ui {

namespace {

QString baseFolder(QStandardPaths::StandardLocation location) {
    return QStandardPaths::writableLocation(location);
}

// `path` with the folder `from` at its start replaced by `to` (unchanged when it is elsewhere).
QString relocated(const QString& path, const QString& from, const QString& to) {
    if (path == from) return to;
    if (path.startsWith(from + '/')) return to + path.mid(from.size());
    return path;
}

// Points the string and string-list settings under `from` at `to`.
void relocateSettings(QSettings& settings, const QString& from, const QString& to) {
    for (const QString& key : settings.allKeys()) {
        const QVariant value = settings.value(key);
        if (value.typeId() == QMetaType::QString) {
            const QString moved = relocated(value.toString(), from, to);
            if (moved != value.toString()) settings.setValue(key, moved);
        } else if (value.typeId() == QMetaType::QStringList) {
            QStringList list = value.toStringList();
            for (QString& item : list) item = relocated(item, from, to);
            if (list != value.toStringList()) settings.setValue(key, list);
        }
    }
}

}  // namespace

QString userCacheFolder() {
    return baseFolder(QStandardPaths::GenericCacheLocation) + '/' + kUserFolderName;
}

QString userDataFolder() {
    return baseFolder(QStandardPaths::GenericDataLocation) + '/' + kUserFolderName;
}

void moveLegacyUserData() {
    const XdgBaseDirs base{baseFolder(QStandardPaths::GenericCacheLocation).toStdString(),
                           baseFolder(QStandardPaths::GenericConfigLocation).toStdString(),
                           baseFolder(QStandardPaths::GenericDataLocation).toStdString()};
    const auto moves = legacyUserDataMoves(base);
    for (const LegacyMoveOutcome& outcome : moveLegacyUserData(moves)) {
        if (outcome.kind == LegacyMoveOutcome::Moved)
            qInfo().noquote() << QString::fromStdString(outcome.text());
        else if (outcome.kind == LegacyMoveOutcome::Failed)
            qWarning().noquote() << QString::fromStdString(outcome.text());
    }
    // Also after a move made by an earlier start or by the CLI: every old place that is gone
    // and whose new place exists.
    QSettings settings;
    for (const LegacyUserDataMove& move : moves) {
        const QString from = QString::fromStdString(move.from);
        const QString to = QString::fromStdString(move.to);
        if (!QFileInfo::exists(from) && QFileInfo::exists(to)) relocateSettings(settings, from, to);
    }
}

}  // namespace tpugraphs::ui
