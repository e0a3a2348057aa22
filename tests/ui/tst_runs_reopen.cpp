// GUI test, offscreen: a finished run is reopened (Open Run, and after a "restart" from the
// remembered run list) and shows its curves; Save Run As copies it; Resume continues it from
// its last checkpoint; RunListModel passes QAbstractItemModelTester.
#include <QAbstractItemModelTester>
#include <QPushButton>
#include <QTableView>
#include <QtTest>

#include "item_models/run_list_model.h"
#include "train/run_directory.h"
#include "training/metric_chart.h"
#include "training/run_charts.h"
#include "training/run_copy.h"
#include "training/run_curves.h"
#include "training/training_page.h"
#include "trainui_test_support.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

class TestRunsReopen : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void openRunShowsCurves();
    void restartRestoresRuns();
    void saveAsCopiesAndResumeContinues();

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
    QTRY_VERIFY(page.charts()->lossChart()->pointCount() > 0);
    QTRY_VERIFY(page.charts()->scoreChart()->pointCount() >= 2);
    // Unchecking the run removes its curves from the charts.
    page.runs()->setData(page.runs()->index(0, 0), Qt::Unchecked, Qt::CheckStateRole);
    QTRY_COMPARE(page.charts()->lossChart()->pointCount(), 0);
}

void TestRunsReopen::restartRestoresRuns() {
    // The previous page remembered the run in QSettings: a new page (a restart) lists it.
    TrainingPage page;
    page.show();
    QCOMPARE(page.runs()->rowOf(m_run), 0);
    QTRY_VERIFY(page.charts()->lossChart()->pointCount() > 0);
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
    QTest::mouseClick(resume, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    const RunInfo resumed = loadRunInfo(copy.toStdString());
    QCOMPARE(resumed.status, RunStatus::Completed);
    QCOMPARE(resumed.step, int64_t(40));  // a finished run continues for as many steps again
    QCOMPARE(loadRunInfo(m_run.toStdString()).step, int64_t(20));  // the original is untouched
    QVERIFY(page.curves(copy)->validations() >= 4);
}

QTEST_MAIN(TestRunsReopen)
#include "tst_runs_reopen.moc"
