// Run format: format.json names the format version and the program version that wrote the run;
// a run of a newer format is refused with a message that says so and names its writer; runs of
// every older readable version load (tests/core/data/run_format_v2: a tile and a layout run as
// version 2 wrote them, 2026-11-28, commit 8f9e210).
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
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
            QVERIFY2(
                message.find("written by a newer version of TpuGraphs Studio") != std::string::npos,
                e.what());
            QVERIFY2(message.find("9.0.0 (git 0123456789ab)") != std::string::npos, e.what());
            QVERIFY2(message.find(versionText()) != std::string::npos, e.what());
        }
        QVERIFY(!readRunForListing(dir).unreadable.empty());
    }

    void version2RunsLoad_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("layout");
        QTest::addColumn<double>("bestScore");
        QTest::addColumn<double>("lastTop1Error");
        QTest::newRow("tile") << "tile" << false << 0.9543918431717442 << 0.330139305;
        QTest::newRow("layout") << "layout" << true << 0.659458573 << 0.217721039;
    }

    void version2RunsLoad() {
        QFETCH(QString, name);
        QFETCH(bool, layout);
        QFETCH(double, bestScore);
        QFETCH(double, lastTop1Error);
        const std::string dir = m_root.path().toStdString() + "/v2-" + name.toStdString();
        fs::copy(std::string(TPUGRAPHS_SOURCE_DIR) + "/tests/core/data/run_format_v2/" +
                     name.toStdString(),
                 dir);
        const RunInfo info = loadRunInfo(dir);
        const GraphKind kind = layout ? GraphKind::Layout : GraphKind::Tile;
        QCOMPARE(info.formatVersion, 2);
        QVERIFY(info.status == RunStatus::Completed);
        QCOMPARE(info.bestStep, int64_t(layout ? 12 : 6));
        QVERIFY(info.best.kind == kind);
        QVERIFY(std::abs(info.best.primary() - bestScore) < 1e-9);
        QCOMPARE(info.history.size(), size_t(4));
        const TrainProgress& last = info.history.back();
        QVERIFY(last.isValidation && last.phase == TrainPhase::Validation);
        QCOMPARE(last.validation.graphs, 3);
        QVERIFY(last.validation.kind == kind);
        QVERIFY(std::abs(last.validation.top1Error - lastTop1Error) < 1e-9);
        QVERIFY(std::isfinite(last.validation.primary()));
        QVERIFY(std::isnan(metricValue(last.validation,
                                       scoreMetric(layout ? GraphKind::Tile : GraphKind::Layout))));
        QCOMPARE(info.history[1].step, int64_t(10));
        QVERIFY(!info.history[1].isValidation && info.history[1].loss > 0);

        // Written again, the history has the current columns and reads back the same.
        const auto again = historyFromCsv(historyToCsv(info.history), kind, "again");
        QCOMPARE(again.size(), info.history.size());
        QCOMPARE(again.back().validation.top1Error, last.validation.top1Error);
        QCOMPARE(again.back().validation.primary(), last.validation.primary());
        QCOMPARE(again[1].loss, info.history[1].loss);
    }

    void versionBeforeTheOldestReadableIsRefused() {
        const std::string dir = freshRun("ancient");
        writeFormat(dir, "{\"format\": \"tpugraphs-run\", \"version\": " +
                             std::to_string(kOldestReadableRunFormatVersion - 1) + "}");
        QVERIFY_THROWS_EXCEPTION(RunError, loadRunInfo(dir));
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
