// GUI test, offscreen: a finished run is reopened (Open Run, and after a "restart" from the
// remembered run list) and shows its curves; other runs are overlaid only when ticked; Save Run
// As copies it; Resume continues it from its last checkpoint; a run whose trainer died while
// its state said "running" is listed as interrupted; RunListModel passes
// QAbstractItemModelTester.
#include <QAbstractItemModelTester>
#include <QFile>
#include <QPushButton>
#include <QTableView>
#include <QtTest>

#include "item_models/run_list_model.h"
#include "train/run_directory.h"
#include "train/run_files.h"
#include "train/run_lock.h"
#include "training/metric_chart.h"
#include "training/run_charts.h"
#include "training/run_copy.h"
#include "training/run_curves.h"
#include "training/training_page.h"
#include "trainui_test_support.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

MetricChart* lossChart(const TrainingPage& page) {
    return page.charts()->chart(CurveMetric::SmoothedLoss);
}

}  // namespace

class TestRunsReopen : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void openRunShowsCurves();
    void restartRestoresRuns();
    void overlayOnlyTickedRuns();
    void saveAsCopiesAndResumeContinues();
    void killedRunListedAsInterrupted();

private:
    QTemporaryDir m_dir;
    std::string m_root;
    QString m_run;
};

void TestRunsReopen::initTestCase() {
    test::isolateSettings();
    QVERIFY(m_dir.isValid());
    m_root = test::makeTileDemo(m_dir, 16);
    m_run = m_dir.path() + "/runs/finished";
    const TrainResult result = train(test::tinyTileOptions(m_root, m_run.toStdString(), 20));
    QCOMPARE(result.status, RunStatus::Completed);
}

void TestRunsReopen::openRunShowsCurves() {
    TrainingPage page;
    page.show();
    new QAbstractItemModelTester(page.runs(),
                                 QAbstractItemModelTester::FailureReportingMode::QtTest, &page);
    QVERIFY(!page.openRun(m_dir.path()));  // not a run: refused with a message
    QCOMPARE(page.runs()->rowCount(), 0);
    QVERIFY(page.openRun(m_run));
    QCOMPARE(page.runs()->rowCount(), 1);
    QCOMPARE(page.runs()->data(page.runs()->index(0, RunListModel::StatusColumn)).toString(),
             QString("completed"));
    const RunCurves* curves = page.curves(m_run);
    QVERIFY(curves);
    QVERIFY(curves->points(CurveMetric::Loss).size() >= 5);
    QCOMPARE(curves->validations(), 2);  // at steps 10 and 20
    QTRY_VERIFY(lossChart(page)->pointCount() > 0);
    QTRY_VERIFY(page.charts()->scoreChart()->pointCount() >= 2);
    // Unticked and no longer selected, the run leaves the charts.
    page.runs()->setData(page.runs()->index(0, 0), Qt::Unchecked, Qt::CheckStateRole);
    page.findChild<QTableView*>("runsTable")->clearSelection();
    QTRY_COMPARE(lossChart(page)->pointCount(), 0);
}

void TestRunsReopen::restartRestoresRuns() {
    // The previous page remembered the run in QSettings: a new page (a restart) lists it,
    // unticked; selecting it draws it.
    TrainingPage page;
    page.show();
    QCOMPARE(page.runs()->rowOf(m_run), 0);
    QVERIFY(!page.runs()->isChecked(0));
    QTest::qWait(200);
    QCOMPARE(lossChart(page)->pointCount(), 0);
    page.findChild<QTableView*>("runsTable")->selectRow(0);
    QTRY_VERIFY(lossChart(page)->pointCount() > 0);
}

void TestRunsReopen::overlayOnlyTickedRuns() {
    const QString other = m_dir.path() + "/runs/other";
    QCOMPARE(copyRunDirectory(m_run, other), QString());
    TrainingPage page;
    page.show();
    auto* table = page.findChild<QTableView*>("runsTable");
    QVERIFY(page.openRun(other));  // opened: ticked and selected
    const int first = page.runs()->rowOf(m_run), second = page.runs()->rowOf(other);
    QVERIFY(first >= 0 && second >= 0);
    QTRY_COMPARE(lossChart(page)->legendNames(), QStringList{"other"});
    // Tick the first run with the keyboard (Space on its checkbox cell): overlaid.
    table->setFocus();
    table->setCurrentIndex(page.runs()->index(first, RunListModel::NameColumn));
    QTest::keyClick(table, Qt::Key_Space);
    QVERIFY(page.runs()->isChecked(first));
    QTRY_COMPARE(lossChart(page)->legendNames().size(), 2);
    // Untick it and select the other run: only the other run is drawn.
    QTest::keyClick(table, Qt::Key_Space);
    QVERIFY(!page.runs()->isChecked(first));
    table->selectRow(second);
    QTRY_COMPARE(lossChart(page)->legendNames(), QStringList{"other"});
    page.runs()->remove(page.runs()->rowOf(other));
}

void TestRunsReopen::saveAsCopiesAndResumeContinues() {
    const QString copy = m_dir.path() + "/runs/copy";
    QCOMPARE(copyRunDirectory(m_run, copy), QString());
    QVERIFY(!copyRunDirectory(m_run, copy).isEmpty());  // exists: refused
    const RunInfo copied = loadRunInfo(copy.toStdString());
    QCOMPARE(copied.step, int64_t(20));
    QVERIFY(copied.hasCheckpoint);

    TrainingPage page;
    page.show();
    QVERIFY(page.openRun(copy));
    page.setDatasetRoot(QString::fromStdString(m_root));
    QSignalSpy finished(&page, &TrainingPage::runFinished);
    page.findChild<QTableView*>("runsTable")->selectRow(page.runs()->rowOf(copy));
    auto* resume = page.findChild<QPushButton*>("resumeRunButton");
    QVERIFY(resume->isEnabled());
    test::acceptNextDialog();  // complete: train further to the proposed twice its length
    QTest::mouseClick(resume, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    const RunInfo resumed = loadRunInfo(copy.toStdString());
    QCOMPARE(resumed.status, RunStatus::Completed);
    QCOMPARE(resumed.step, int64_t(40));  // a finished run continues for as many steps again
    QCOMPARE(loadRunInfo(m_run.toStdString()).step, int64_t(20));  // the original is untouched
    QVERIFY(page.curves(copy)->validations() >= 4);
}

void TestRunsReopen::killedRunListedAsInterrupted() {
    // A run whose state still says "running" at its checkpoint of step 40 of 100.
    RunInfo state = loadRunInfo(m_run.toStdString());
    state.runDir = m_dir.path().toStdString() + "/runs/killed";
    QCOMPARE(copyRunDirectory(m_run, QString::fromStdString(state.runDir)), QString());
    state.status = RunStatus::Running;
    state.step = 40;
    state.totalSteps = 100;
    auto lock = std::make_unique<RunLock>(state.runDir);  // its trainer, alive
    writeRunState(state);
    const QString dir = QString::fromStdString(state.runDir);

    TrainingPage page;
    page.show();
    QVERIFY(page.openRun(dir));
    const QModelIndex status =
        page.runs()->index(page.runs()->rowOf(dir), RunListModel::StatusColumn);
    QCOMPARE(status.data().toString(), QString("running"));
    lock.reset();  // the trainer dies: the kernel drops its lock
    QTRY_COMPARE_WITH_TIMEOUT(status.data().toString(), QString("interrupted, resume from step 40"),
                              10000);
    QVERIFY(status.data(Qt::ToolTipRole).toString().contains("Resume"));
    QVERIFY(page.findChild<QPushButton*>("resumeRunButton")->isEnabled());
    // Listed again after a restart, it is interrupted at once.
    TrainingPage restarted;
    const int row = restarted.runs()->rowOf(dir);
    QVERIFY(row >= 0);
    QCOMPARE(restarted.runs()->index(row, RunListModel::StatusColumn).data().toString(),
             QString("interrupted, resume from step 40"));
}

QTEST_MAIN(TestRunsReopen)
#include "tst_runs_reopen.moc"
