// Following a run directory while its files grow: RunFollower reports the new history rows (and
// a rewritten history), waits for a directory that is not a run yet, and the training page's
// Follow lists the run and grows its curves and row.
#include <QtTest>

#include <filesystem>

#include "item_models/run_list_model.h"
#include "train/run_files.h"
#include "training/run_curves.h"
#include "training/run_follower.h"
#include "training/training_page.h"
#include "trainui_test_support.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

TrainProgress trainingRow(int64_t step) {
    TrainProgress p;
    p.step = step;
    p.totalSteps = 100;
    p.loss = 1.0 / static_cast<double>(step);
    p.lr = 1e-3;
    return p;
}

// A run directory as the trainer leaves it, with training rows for steps 1..rows.
RunInfo writeRun(const std::string& dir, int rows, RunStatus status = RunStatus::Running) {
    RunInfo info;
    info.runDir = dir;
    info.options.collection = Collection::LayoutXlaDefault;
    info.options.model = ModelType::LayoutSage;
    info.totalSteps = 100;
    info.status = status;
    for (int step = 1; step <= rows; ++step) info.history.push_back(trainingRow(step));
    info.step = rows;
    std::filesystem::create_directories(dir);
    writeRunHeader(dir, info.options);
    writeRunState(info);
    return info;
}

}  // namespace

class TestRunFollower : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
    }

    void reportsNewRows() {
        const std::string dir = m_dir.filePath("growing").toStdString();
        RunInfo info = writeRun(dir, 2);
        RunFollower follower(QString::fromStdString(dir), 20);
        QSignalSpy changed(&follower, &RunFollower::changed);
        QTRY_COMPARE(changed.count(), 1);
        QCOMPARE(changed.last(), (QList<QVariant>{0, false}));
        QCOMPARE(follower.run().history.size(), size_t{2});

        // Rows written between checkpoints (history.csv alone) are new rows.
        for (int step = 3; step <= 5; ++step) info.history.push_back(trainingRow(step));
        writeRunHistory(info);
        QTRY_COMPARE(changed.count(), 2);
        QCOMPARE(changed.last(), (QList<QVariant>{2, false}));
        QCOMPARE(follower.run().history.back().step, int64_t{5});

        // A resume from step 3 drops rows 4 and 5 and trains on: the history was rewritten.
        info.history.resize(3);
        info.history.push_back(trainingRow(4));
        info.history.back().loss = 0.5;
        writeRunHistory(info);
        QTRY_COMPARE(changed.count(), 3);
        QCOMPARE(changed.last(), (QList<QVariant>{0, true}));
    }

    void waitsForARun() {
        const QString dir = m_dir.filePath("not-yet");
        RunFollower follower(dir, 20);
        QSignalSpy unreadable(&follower, &RunFollower::unreadable);
        QSignalSpy changed(&follower, &RunFollower::changed);
        QTRY_COMPARE(unreadable.count(), 1);
        QVERIFY(unreadable.front().front().toString().contains("not a training run"));
        writeRun(dir.toStdString(), 3);
        QTRY_COMPARE(changed.count(), 1);
        QCOMPARE(follower.run().history.size(), size_t{3});
        QCOMPARE(unreadable.count(), 1);
    }

    void pageFollowsARun() {
        const std::string dir = m_dir.filePath("followed").toStdString();
        RunInfo info = writeRun(dir, 4);
        TrainingPage page;
        const QString runDir = QString::fromStdString(dir);
        page.followRun(runDir);
        QTRY_VERIFY(page.curves(runDir) &&
                    page.curves(runDir)->points(CurveMetric::Loss).size() == 4);
        const int row = page.runs()->rowOf(runDir);
        QVERIFY(row >= 0);
        QCOMPARE(page.runs()->run(row).status, RunStatus::Running);

        for (int step = 5; step <= 9; ++step) info.history.push_back(trainingRow(step));
        info.step = 9;
        info.status = RunStatus::Completed;
        writeRunState(info);
        QTRY_COMPARE_WITH_TIMEOUT(page.curves(runDir)->points(CurveMetric::Loss).size(), 9, 10000);
        QCOMPARE(page.runs()->run(page.runs()->rowOf(runDir)).status, RunStatus::Completed);
        QCOMPARE(page.runs()->run(page.runs()->rowOf(runDir)).step, int64_t{9});
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestRunFollower)
#include "tst_run_follower.moc"
