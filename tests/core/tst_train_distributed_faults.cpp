// Faults of data-parallel training on loopback: a rank killed or frozen mid-run makes the other
// stop within the timeout with an error naming it, the last checkpoint stays intact and a
// resume (on 1 or 2 ranks) completes; Ctrl-C to `train --ranks 2` stops both workers after
// the same step, keeping the last checkpoint.
#include <QtTest>

#include <signal.h>

#include <chrono>
#include <filesystem>

#include "distributed_test_support.h"
#include "train/run_directory.h"
#include "train_test_support.h"

using namespace tpugraphs;

namespace {

constexpr int kTimeoutSeconds = 15;  // --dist-timeout of these runs
// Runs are stopped by the tests; this many steps never finish first, however fast the machine.
constexpr const char* kEndlessSteps = "1000000";
// Waits for processes are polls with generous limits (a loaded 2-core machine shared with
// builds), never fixed sleeps.
constexpr int kStartMs = 300000, kStopMs = 120000;
// How long past --dist-timeout a survivor may take to stop: the 2.5 s diagnosis of which rank
// is gone, writing the failed state, process exit, all under load.
constexpr int kStopSlackSeconds = 30;

// The step of the run's state.json, or -1 while it cannot be read.
int64_t stateStep(const QString& runDir) {
    try {
        return loadRunInfo(runDir.toStdString()).step;
    } catch (const RunError&) {
        return -1;
    }
}

}  // namespace

class TestTrainDistributedFaults : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (!cliBuilt()) QSKIP("the tpugraphs CLI is not built (TPUGRAPHS_BUILD_TORCH=OFF)");
        QVERIFY(m_dir.isValid());
        m_root =
            QString::fromStdString(test::makeDemoDataset(m_dir, {Collection::LayoutXlaDefault}, 4));
    }

    void failedRankStopsTheOther_data() {
        QTest::addColumn<int>("victim");
        QTest::addColumn<int>("signal");
        QTest::addColumn<QString>("named");           // in the survivor's error
        QTest::addColumn<QStringList>("resumeWith");  // extra arguments of the resume
        QTest::newRow("rank 1 killed, resumed alone")
            << 1 << SIGKILL << "rank 1 stopped responding" << QStringList();
        QTest::newRow("rank 0 (the store's host) killed, resumed on 2 workers")
            << 0 << SIGKILL << "hosted by rank 0" << QStringList{"--ranks", "2"};
        QTest::newRow("rank 1 frozen, resumed alone")
            << 1 << SIGSTOP << "rank 1 stopped responding" << QStringList();
    }

    void failedRankStopsTheOther() {
        QFETCH(int, victim);
        QFETCH(int, signal);
        QFETCH(QString, named);
        QFETCH(QStringList, resumeWith);
        const QString dir = m_dir.filePath(QString("run-%1-%2").arg(victim).arg(signal));
        const int port = test::freeLoopbackPort();
        std::vector<std::unique_ptr<QProcess>> ranks;
        for (int rank = 0; rank < 2; ++rank)
            ranks.push_back(test::startRank(train(dir, kEndlessSteps), rank, 2, port));
        // Past the validation (and checkpoint) of step 5, then the victim goes.
        QTRY_VERIFY_WITH_TIMEOUT(stateStep(dir) >= 5, kStartMs);
        kill(static_cast<pid_t>(ranks[victim]->processId()), signal);
        const auto start = std::chrono::steady_clock::now();
        const CliRun survivor = test::finish(*ranks[1 - victim], kStopMs);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        qInfo("the survivor stopped %.1f s after the fault (--dist-timeout %d)", seconds,
              kTimeoutSeconds);
        ranks[victim]->kill();
        test::finish(*ranks[victim], kStopMs);
        QVERIFY2(survivor.exitCode == 1 && survivor.err.contains(named),
                 qPrintable(survivor.describe()));
        QVERIFY2(seconds < kTimeoutSeconds + kStopSlackSeconds,
                 qPrintable(QString("the survivor took %1 s to stop").arg(seconds)));

        const RunInfo stopped = loadRunInfo(dir.toStdString());
        QVERIFY(stopped.hasCheckpoint);
        if (victim != 0) QCOMPARE(stopped.status, RunStatus::Failed);
        const int64_t end = stopped.step + 10;
        const CliRun resumed = runCli(
            QStringList{"train", "--resume", dir, "--steps", QString::number(end), "--quiet"} +
            resumeWith);
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.describe()));
        const RunInfo done = loadRunInfo(dir.toStdString());
        QCOMPARE(done.status, RunStatus::Completed);
        QCOMPARE(done.step, end);
    }

    void interruptStopsAllWorkers() {
        const QString dir = m_dir.filePath("interrupted");
        QProcess launcher;
        launcher.start(QStringLiteral(TPUGRAPHS_CLI),
                       train(dir, kEndlessSteps) + QStringList{"--ranks", "2"});
        QTRY_VERIFY_WITH_TIMEOUT(stateStep(dir) >= 5, kStartMs);
        kill(static_cast<pid_t>(launcher.processId()), SIGINT);
        const CliRun run = test::finish(launcher, kStopMs);
        QVERIFY2(run.exitCode == 0 && run.out.contains("--ranks 2"), qPrintable(run.describe()));
        const RunInfo stopped = loadRunInfo(dir.toStdString());
        QCOMPARE(stopped.status, RunStatus::Cancelled);
        QVERIFY(stopped.hasCheckpoint && stopped.step >= 5);
    }

private:
    // Small and quick: 1 graph of 16 configs per rank and step, a checkpoint every 5 steps.
    QStringList train(const QString& dir, const QString& steps) const {
        return QString(
                   "--threads 1 train --collection layout:xla:default --batch-graphs 2 "
                   "--configs-per-graph 16 --hidden 16 --layers 1 --opcode-embedding 8 "
                   "--log-every 5 --validate-every 5 --max-valid-graphs 1 --dist-timeout %1")
                   .arg(kTimeoutSeconds)
                   .split(' ') +
               QStringList{"--dataset", m_root, "--steps", steps, "--out", dir};
    }

    QTemporaryDir m_dir;
    QString m_root;
};

QTEST_GUILESS_MAIN(TestTrainDistributedFaults)
#include "tst_train_distributed_faults.moc"
