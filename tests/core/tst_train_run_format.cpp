// Run format: format.json names the format version and the program version that wrote the run;
// a run of a newer format is refused with a message that says so and names its writer.
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "base/build_info.h"
#include "train/run_directory.h"
#include "train/run_files.h"

using namespace tpugraphs;
namespace fs = std::filesystem;

class TestRunFormat : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_root.isValid()); }

    void headerRecordsTheProgramVersion() {
        const std::string dir = freshRun("fresh");
        QFile file(QString::fromStdString(dir + "/format.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject format = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(format.value("format").toString(), QString("tpugraphs-run"));
        QCOMPARE(format.value("version").toInt(), kRunFormatVersion);
        const QString writtenBy = format.value("written_by").toString();
        QCOMPARE(writtenBy.toStdString(), versionText());
        QVERIFY(writtenBy.startsWith(QString(projectVersion()) + " (git "));
        QCOMPARE(loadRunInfo(dir).writtenBy, versionText());
    }

    void runWithoutWriterStillLoads() {
        const std::string dir = freshRun("older");
        writeFormat(dir, "{\"format\": \"tpugraphs-run\", \"version\": " +
                             std::to_string(kRunFormatVersion) + "}");
        const RunInfo info = loadRunInfo(dir);
        QCOMPARE(info.formatVersion, kRunFormatVersion);
        QVERIFY(info.writtenBy.empty());
    }

    void newerFormatIsRefusedNamingItsWriter() {
        const std::string dir = freshRun("newer");
        writeFormat(dir, "{\"format\": \"tpugraphs-run\", \"version\": " +
                             std::to_string(kRunFormatVersion + 1) +
                             ", \"written_by\": \"9.0.0 (git 0123456789ab)\"}");
        try {
            loadRunInfo(dir);
            QFAIL("a run of a newer format was loaded");
        } catch (const RunError& e) {
            const std::string message = e.what();
            QVERIFY2(message.find("written by a newer version of TpuGraphs Studio") !=
                         std::string::npos,
                     e.what());
            QVERIFY2(message.find("9.0.0 (git 0123456789ab)") != std::string::npos, e.what());
            QVERIFY2(message.find(versionText()) != std::string::npos, e.what());
        }
        QVERIFY(!readRunForListing(dir).unreadable.empty());
    }

private:
    std::string freshRun(const char* name) {
        RunInfo info;
        info.runDir = m_root.path().toStdString() + "/" + name;
        fs::create_directories(info.runDir);
        writeRunHeader(info.runDir, info.options);
        writeRunState(info);
        return info.runDir;
    }

    static void writeFormat(const std::string& dir, const std::string& json) {
        std::ofstream(dir + "/format.json") << json << "\n";
    }

    QTemporaryDir m_root;
};

QTEST_GUILESS_MAIN(TestRunFormat)
#include "tst_train_run_format.moc"
