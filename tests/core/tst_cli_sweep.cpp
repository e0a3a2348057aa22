// `tpugraphs sweep` as a process: a grid over two seeds trains every trial and tabulates them;
// killed with SIGKILL mid-way, the same command finishes the trials left and keeps the finished
// ones; another plan in the same folder is refused; the plan's parsing errors are clear; a
// missing or failing trial program says why.
#include <QProcess>
#include <QtTest>

#include <signal.h>

#include <filesystem>

#include "cli_runner.h"
#include "train/run_directory.h"
#include "train/sweep_plan.h"
#include "train/sweep_report.h"
#include "train/sweep_runner.h"
#include "train_test_support.h"

using namespace tpugraphs;
namespace fs = std::filesystem;

class TestCliSweep : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_root = QString::fromStdString(test::makeDemoDataset(m_dir, {Collection::TileXla}, 6));
    }

    void planIsTheGridTimesTheSeeds() {
        SweepSpec spec;
        spec.collections = {Collection::TileXla, Collection::LayoutXlaRandom};
        spec.grid = {parseGridAxis("learning_rate=0.001,0.002"), parseGridAxis("dropout=0,0.1")};
        spec.variants = {parseVariant("no-cross:cross_config_attention=false;layers=2")};
        spec.seeds = 2;
        const std::vector<SweepTrial> trials = planSweep(spec);
        QCOMPARE(trials.size(), size_t(2 * (4 + 1) * 2));
        QCOMPARE(trials[0].id, std::string("tile-xla/dropout=0_learning_rate=0.001/seed-0"));
        QCOMPARE(trials[1].options.seed, uint64_t(1));
        QCOMPARE(trials.back().point, std::string("no-cross"));
        QCOMPARE(trials.back().options.layers, 2);
        QCOMPARE(trials.back().options.configsPerGraph, 128);  // layout:xla:random's default
        spec.grid = {parseGridAxis("lr=1,2")};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, planSweep(spec));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseRange("learning_rate=0:1:log"));
        const SweepRange range = parseRange("learning_rate=1e-4:1e-2:log");
        QVERIFY(range.logScale && range.low == 1e-4 && range.high == 1e-2);
    }

    void killedSweepResumes() {
        const QString out = m_dir.path() + "/sweep";
        const QStringList arguments{"sweep",
                                    "--dataset",
                                    m_root,
                                    "--collections",
                                    "tile:xla",
                                    "--out",
                                    out,
                                    "--seeds",
                                    "2",
                                    "--grid",
                                    "learning_rate=0.001,0.003",
                                    "--steps",
                                    "300",
                                    "--validation-interval",
                                    "150",
                                    "--hidden-dim",
                                    "16",
                                    "--parallel",
                                    "2",
                                    "--reference"};
        QProcess first;
        first.start(QStringLiteral(TPUGRAPHS_CLI), arguments);
        QVERIFY(first.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(
            fs::exists(out.toStdString() + "/runs/tile-xla/learning_rate=0.001/seed-0/last.pt"),
            60000);
        ::kill(static_cast<pid_t>(first.processId()), SIGKILL);
        QVERIFY(first.waitForFinished(10000));
        QVERIFY(!QFile::exists(out + "/results.csv"));

        const CliRun second = runCli(arguments);
        QVERIFY2(second.exitCode == 0, qPrintable(second.describe()));
        QVERIFY2(second.out.contains("| learning_rate=0.003 | **") &&
                     second.out.contains("reference: heuristic"),
                 qPrintable(second.out));
        QFile csv(out + "/results.csv");
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QStringList rows = QString::fromUtf8(csv.readAll()).trimmed().split('\n');
        QCOMPARE(rows.size(), 5);
        for (const QString& row : rows.mid(1))
            QVERIFY2(row.contains(",completed,300,"), qPrintable(row));

        const CliRun other = runCli({"sweep", "--dataset", m_root, "--collections", "tile:xla",
                                     "--out", out, "--seeds", "1"});
        QCOMPARE(other.exitCode, 1);
        QVERIFY2(other.err.contains("holds another sweep"), qPrintable(other.describe()));
    }

    // No trial program given is refused; one that is missing is named at once; one that fails says
    // why, on the progress line and under the table (whose cells only show "-").
    void failedTrialsSayWhy() {
        SweepSpec spec;
        spec.datasetRoot = m_root.toStdString();
        spec.collections = {Collection::TileXla};
        const std::vector<SweepTrial> trials = planSweep(spec);
        SweepRunOptions options;
        options.outDir = (m_dir.path() + "/missing-program").toStdString();
        // Core starts the program it is given (app/ chooses it), none by name.
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runSweep(trials, options));
        options.program = options.outDir + "/no-such-tpugraphs";
        try {
            runSweep(trials, options);
            QFAIL("a sweep without its trial program ran");
        } catch (const std::runtime_error& error) {
            QVERIFY2(std::string(error.what())
                             .find(options.program + ": cannot start a trial (No such file") == 0,
                     error.what());
        }
        options.outDir = (m_dir.path() + "/failing-program").toStdString();
        options.program = "/bin/false";
        std::vector<std::string> messages;
        const std::vector<TrialResult> results =
            runSweep(trials, options, [&](const std::string& m) { messages.push_back(m); });
        QVERIFY2(messages.back().find("(failed: the training process exited with status 1") !=
                     std::string::npos,
                 messages.back().c_str());
        const std::string markdown = sweepTables(results, {}, {}).markdown;
        QVERIFY2(markdown.find("Trials with a problem:\n\n- tile-xla/defaults/seed-0: the "
                               "training process exited with status 1") != std::string::npos,
                 markdown.c_str());
    }

private:
    QTemporaryDir m_dir;
    QString m_root;
};

QTEST_GUILESS_MAIN(TestCliSweep)
#include "tst_cli_sweep.moc"
