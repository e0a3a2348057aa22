// The desktop app's user-data places (ui/common/user_data_places.h): one "tpugraphs" folder in
// each XDG base directory, and the one-time move from the old places, after which the settings
// that named a moved place (recent datasets, listed runs) name the new one. Runs in a private
// HOME, with QStandardPaths in its test mode.
#include <QtTest>

#include <QSettings>
#include <QStandardPaths>

#include "common/user_data_places.h"

using namespace tpugraphs::ui;

namespace {

void makeFile(const QString& path) {
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("x");
}

QString base(QStandardPaths::StandardLocation location) {
    return QStandardPaths::writableLocation(location);
}

}  // namespace

class TestUserDataPlaces : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_home.isValid());
        qputenv("HOME", m_home.path().toUtf8());
        QStandardPaths::setTestModeEnabled(true);
        // The app's names (MainWindow::initApplication): settings in
        // <config>/tpugraphs/studio.conf.
        QCoreApplication::setOrganizationName("tpugraphs");
        QCoreApplication::setApplicationName("studio");
    }

    void placesAreOneFolderPerKind() {
        QCOMPARE(userCacheFolder(), base(QStandardPaths::GenericCacheLocation) + "/tpugraphs");
        QCOMPARE(userDataFolder(), base(QStandardPaths::GenericDataLocation) + "/tpugraphs");
        QVERIFY(userCacheFolder().startsWith(m_home.path()));
        QVERIFY(!userCacheFolder().contains(' '));
        QCOMPARE(QSettings().fileName(),
                 base(QStandardPaths::GenericConfigLocation) + "/tpugraphs/studio.conf");
    }

    void settingsFollowTheMovedPlaces() {
        const QString cache = base(QStandardPaths::GenericCacheLocation);
        const QString data = base(QStandardPaths::GenericDataLocation);
        const QString config = base(QStandardPaths::GenericConfigLocation);
        const QString oldDemo = cache + "/TpuGraphsStudio/TpuGraphs Studio/demo-dataset-v1";
        const QString oldRuns = data + "/TpuGraphsStudio/TpuGraphs Studio/runs";
        makeFile(oldDemo + "/npz/tile/xla/train/a.npz");
        makeFile(oldRuns + "/run-1/state.json");
        makeFile(oldRuns + "/run-2/state.json");
        {
            QSettings old(config + "/TpuGraphsStudio/TpuGraphs Studio.conf", QSettings::IniFormat);
            old.setValue("recentDatasets", QStringList{oldDemo, "/data/tpugraphs"});
            old.setValue("training/runs", QStringList{oldRuns + "/run-1", oldRuns + "/run-2"});
            old.setValue("lastDataset", oldDemo + "/npz/tile/xla/train/a.npz");
            old.setValue("mainWindow/geometry", QByteArray("\x01\x02", 2));
        }

        moveLegacyUserData();

        const QString demo = userCacheFolder() + "/demo-dataset-v1";
        const QString runs = userDataFolder() + "/runs";
        QVERIFY(QFileInfo::exists(demo + "/npz/tile/xla/train/a.npz"));
        QVERIFY(QFileInfo::exists(runs + "/run-2/state.json"));
        QVERIFY(!QFileInfo::exists(cache + "/TpuGraphsStudio"));
        QVERIFY(!QFileInfo::exists(data + "/TpuGraphsStudio"));
        QVERIFY(!QFileInfo::exists(config + "/TpuGraphsStudio"));
        QSettings settings;
        QCOMPARE(settings.value("recentDatasets").toStringList(),
                 (QStringList{demo, "/data/tpugraphs"}));
        QCOMPARE(settings.value("training/runs").toStringList(),
                 (QStringList{runs + "/run-1", runs + "/run-2"}));
        QCOMPARE(settings.value("lastDataset").toString(), demo + "/npz/tile/xla/train/a.npz");
        QCOMPARE(settings.value("mainWindow/geometry").toByteArray(), QByteArray("\x01\x02", 2));

        moveLegacyUserData();  // again: nothing to move, nothing changed
        QCOMPARE(QSettings().value("training/runs").toStringList(),
                 (QStringList{runs + "/run-1", runs + "/run-2"}));
    }

private:
    QTemporaryDir m_home;
};

QTEST_MAIN(TestUserDataPlaces)
#include "tst_user_data_places.moc"
