// Tests the background job lane: results of a superseded run are dropped, cancel reaches the
// work, running state is reported; and the typed jobs report errors without crashing. A result
// that must not arrive is proved absent by a marker queued after it, never by a fixed wait.
#include <QtTest>

#include <atomic>
#include <chrono>
#include <thread>

#include "analysis/loaded_graph.h"
#include "common/graph_load_job.h"
#include "common/job_runner.h"
#include "explorer/dataset_scan_job.h"
#include "explorer_test_support.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

// Queues a marker on the UI thread after everything already posted to it (events posted to one
// thread are delivered in order) and waits for it: whatever was posted before has been handled.
bool drainPostedEvents(QObject* receiver) {
    bool marker = false;
    QMetaObject::invokeMethod(
        receiver, [&marker] { marker = true; }, Qt::QueuedConnection);
    return QTest::qWaitFor([&marker] { return marker; }, 5000);
}

}  // namespace

class TestExplorerJobs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void staleResultsAreDropped() {
        JobRunner runner;
        QStringList delivered;
        std::atomic<bool> firstPosted{false};
        runner.start([&](int id, const std::atomic<bool>& cancel) {
            while (!cancel.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
            runner.post(id, [&] { delivered << "first"; });
            firstPosted = true;
        });
        QVERIFY(runner.isRunning());
        runner.start([&](int id, const std::atomic<bool>&) {
            runner.post(id, [&] { delivered << "second"; });
        });
        QTRY_VERIFY(!runner.isRunning());
        QTRY_VERIFY(firstPosted.load());
        QVERIFY(drainPostedEvents(&runner));  // the stale "first" was handled (and dropped)
        QCOMPARE(delivered, QStringList{"second"});
    }
    void cancelDropsEverything() {
        JobRunner runner;
        QSignalSpy running(&runner, &JobRunner::runningChanged);
        int delivered = 0;
        std::atomic<bool> posted{false};
        runner.start([&](int id, const std::atomic<bool>& cancel) {
            while (!cancel.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
            runner.post(id, [&] { ++delivered; });
            posted = true;
        });
        runner.cancel();
        QVERIFY(!runner.isRunning());
        QCOMPARE(running.count(), 2);  // true, then false
        QTRY_VERIFY(posted.load());
        QVERIFY(drainPostedEvents(&runner));  // the cancelled job's result was handled (dropped)
        QCOMPARE(delivered, 0);
    }
    void scanOfMissingFolderFails() {
        DatasetScanJob job;
        QSignalSpy failed(&job, &DatasetScanJob::failed);
        job.start(QStringLiteral("/nonexistent/tpugraphs-root"));
        QTRY_COMPARE(failed.count(), 1);
        QVERIFY(failed.at(0).at(0).toString().contains("/nonexistent/tpugraphs-root"));
    }
    void loadOfBadFileFails() {
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.npz");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("PK\x03\x04 truncated");
        file.close();
        GraphEntry entry;
        entry.path = path.toStdString();
        entry.name = "bad";
        entry.collection = Collection::TileXla;
        GraphLoadJob job;
        QSignalSpy failed(&job, &GraphLoadJob::failed);
        job.start(entry);
        QTRY_COMPARE(failed.count(), 1);
        QCOMPARE(failed.at(0).at(0).toString(), path);
        QVERIFY(failed.at(0).at(1).toString().contains("bad.npz"));
    }
    void loadsRealGraphOffTheUiThread() {
        if (!test::haveSharedDataset()) QSKIP("../shared/data absent: real load not checked");
        const DatasetIndex index = scanDataset(test::sharedDatasetRoot().toStdString());
        GraphLoadJob job;
        QSignalSpy loaded(&job, &GraphLoadJob::loaded);
        job.start(test::sharedEntry(index, Collection::LayoutXlaRandom, "openai_v0_rnn_optimized"));
        QTRY_COMPARE(loaded.count(), 1);
        const auto graph = loaded.at(0).at(0).value<std::shared_ptr<const LoadedGraph>>();
        QVERIFY(graph);
        QCOMPARE(graph->nodeCount(), int64_t(1277));
        QCOMPARE(graph->configCount(), int64_t(20));
        QVERIFY(graph->measured);
        QVERIFY(graph->topology);
        QCOMPARE(graph->topology->nodeCount, 1277);
        QCOMPARE(graph->computationCount(), 4);         // node_splits 0, 210, 305, 1119, 1277
        QCOMPARE(graph->defaultConfig(), int64_t(-1));  // random collections mark no default
    }
};

QTEST_MAIN(TestExplorerJobs)
#include "tst_explorer_jobs.moc"
