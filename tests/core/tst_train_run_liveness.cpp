// Run liveness: a process holding a run's lock makes it alive; SIGKILLed, the kernel releases
// the lock and the run loads as interrupted (resumable from its last checkpoint); a second
// trainer cannot take a live run; runs trained on another host (or by an earlier build) are
// judged by their heartbeat.
#include <QTemporaryDir>
#include <QtTest>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "train/run_directory.h"
#include "train/run_files.h"
#include "train/run_lock.h"

using namespace tpugraphs;
namespace fs = std::filesystem;

namespace {

// A run directory whose state says running, at checkpoint step 40 of 100.
std::string writeRunningRun(const QTemporaryDir& root, const char* name) {
    RunInfo info;
    info.runDir = root.path().toStdString() + "/" + name;
    info.step = 40;
    info.totalSteps = 100;
    info.status = RunStatus::Running;
    fs::create_directories(info.runDir);
    writeRunHeader(info.runDir, info.options);
    writeRunState(info);
    return info.runDir;
}

void setModified(const std::string& path, std::chrono::seconds ago) {
    fs::last_write_time(path, fs::file_time_type::clock::now() - ago);
}

}  // namespace

class TestRunLiveness : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void killedHolderLeavesAnInterruptedRun() {
        const std::string dir = writeRunningRun(m_root, "killed");
        int ready[2];
        QCOMPARE(::pipe(ready), 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {  // the "trainer": takes the lock, says so, and waits to be killed
            ::close(ready[0]);
            RunLock lock(dir);
            const char ok = 'y';
            if (::write(ready[1], &ok, 1) != 1) ::_exit(1);
            for (;;) ::pause();
        }
        ::close(ready[1]);
        char byte = 0;
        QCOMPARE(::read(ready[0], &byte, 1), ssize_t(1));
        ::close(ready[0]);

        QVERIFY(runIsAlive(dir));
        QVERIFY(!loadRunInfo(dir).interrupted);
        // A second trainer is refused, naming the holder's process.
        try {
            RunLock second(dir);
            QFAIL("a live run's lock was taken twice");
        } catch (const RunError& e) {
            QVERIFY2(QString(e.what()).contains(QString::number(child)), e.what());
        }

        QCOMPARE(::kill(child, SIGKILL), 0);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFSIGNALED(status));
        QVERIFY(!runIsAlive(dir));
        const RunInfo info = loadRunInfo(dir);
        QCOMPARE(info.status, RunStatus::Running);  // what state.json still says
        QVERIFY(info.interrupted);
        QCOMPARE(info.step, int64_t(40));
        RunLock resumed(dir);  // the dead run's lock can be taken again
        QVERIFY(runIsAlive(dir));
    }

    void lockReleasedWhenTheTrainerEnds() {
        const std::string dir = writeRunningRun(m_root, "released");
        {
            RunLock lock(dir);
            QVERIFY(runIsAlive(dir));
        }
        QVERIFY(!runIsAlive(dir));
        QVERIFY(loadRunInfo(dir).interrupted);
    }

    void finishedRunIsNeverInterrupted() {
        const std::string dir = writeRunningRun(m_root, "finished");
        RunInfo info = loadRunInfo(dir);
        info.status = RunStatus::Completed;
        writeRunState(info);
        { RunLock lock(dir); }
        QVERIFY(!loadRunInfo(dir).interrupted);
    }

    void otherHostIsJudgedByItsHeartbeat_data() {
        QTest::addColumn<int>("secondsAgo");
        QTest::addColumn<bool>("alive");
        QTest::newRow("fresh heartbeat") << 5 << true;
        QTest::newRow("stale heartbeat") << 3600 << false;
    }
    void otherHostIsJudgedByItsHeartbeat() {
        QFETCH(int, secondsAgo);
        QFETCH(bool, alive);
        const std::string dir = writeRunningRun(m_root, QTest::currentDataTag());
        std::ofstream(dir + "/lock") << "cluster-node-17 4242\n";  // no process here holds it
        setModified(dir + "/lock", std::chrono::seconds(secondsAgo));
        QCOMPARE(runIsAlive(dir, std::chrono::seconds(60)), alive);
        QCOMPARE(loadRunInfo(dir).interrupted, !alive);  // 5 s and 1 h either side of 3 min
    }

    void runWithoutLockFileUsesItsFiles() {
        // Written by a build before lock files: state and history are its heartbeat.
        const std::string dir = writeRunningRun(m_root, "old-build");
        QVERIFY(runIsAlive(dir, std::chrono::seconds(60)));
        setModified(dir + "/state.json", std::chrono::hours(2));
        setModified(dir + "/history.csv", std::chrono::hours(2));
        QVERIFY(!runIsAlive(dir, std::chrono::seconds(60)));
        QVERIFY(loadRunInfo(dir).interrupted);
    }

private:
    QTemporaryDir m_root;
};

QTEST_GUILESS_MAIN(TestRunLiveness)
#include "tst_train_run_liveness.moc"
