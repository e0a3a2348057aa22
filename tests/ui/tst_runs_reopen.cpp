// GUI test, offscreen: a finished run is reopened (Open Run, and after a "restart" from the
// remembered run list, ticked as it was left) and shows its curves; a rename shows in the
// HParams table; the charts draw the ticked runs and the live one
// only (a new run of another collection unticks the others); the runs table ties each run to
// its dataset and score and sorts by a header click; Save Run As copies a run; Resume continues
// it from its last checkpoint and lists it as running; a run whose trainer died while its
// state said "running" is listed as interrupted, in a column wide enough to say so;
// RunListModel passes QAbstractItemModelTester.
#include <QAbstractItemModelTester>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTreeWidget>
#include <QtTest>

#include "export_dialogs/export_submission_dialog.h"
#include "item_models/run_list_model.h"
#include "train/run_directory.h"
#include "train/run_files.h"
#include "train/run_lock.h"
#include "training/hparams_view.h"
#include "training/metric_chart.h"
#include "training/run_charts.h"
#include "training/run_copy.h"
#include "training/run_curves.h"
#include "training/run_library.h"
#include "training/runs_panel.h"
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
    void renameShowsInHParams();
    void overlayOnlyTickedRuns();
    void newRunUnticksOtherCollections();
    void tableTiesRunsToDatasetAndScore();
    void headerClickSortsByBestScore();
    void saveAsCopiesAndResumeContinues();
    void killedRunListedAsInterrupted();
    void exportPreticksTheBestCompletedRunAndWarns();

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
    // Unticked, the run leaves the charts, selected or not.
    page.runs()->setData(page.runs()->index(0, 0), Qt::Unchecked, Qt::CheckStateRole);
    QTRY_COMPARE(lossChart(page)->pointCount(), 0);
    QVERIFY(page.findChild<QTableView*>("runsTable")->selectionModel()->hasSelection());
}

void TestRunsReopen::restartRestoresRuns() {
    // The previous page remembered the run in QSettings, unticked as it left it: a new page (a
    // restart) lists it unticked, not drawn even when selected; a click on its checkbox draws
    // it. The next restart lists it ticked, its curves drawn.
    const auto clickCheckbox = [](QTableView* table) {
        const QRect cell = table->visualRect(table->model()->index(0, RunListModel::NameColumn));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          QPoint(cell.left() + 10, cell.center().y()));
    };
    {
        TrainingPage page;
        page.resize(1400, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QCOMPARE(page.runs()->rowOf(m_run), 0);
        QVERIFY(!page.runs()->isChecked(0));
        auto* table = page.findChild<QTableView*>("runsTable");
        table->selectRow(0);
        // Two passes of the page's refresh, then the paced redraws flushed: what selecting made
        // the page draw is drawn by now.
        QSignalSpy refreshes(page.findChild<QTimer*>("refreshTimer"), &QTimer::timeout);
        QTRY_VERIFY(refreshes.count() >= 2);
        page.charts()->setPaced(false);
        QCOMPARE(lossChart(page)->pointCount(), 0);
        clickCheckbox(table);
        QVERIFY(page.runs()->isChecked(0));
        QTRY_VERIFY(lossChart(page)->pointCount() > 0);
    }
    TrainingPage page;
    page.resize(1400, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QCOMPARE(page.runs()->rowOf(m_run), 0);
    QVERIFY(page.runs()->isChecked(0));
    page.charts()->setPaced(false);
    QTRY_VERIFY(lossChart(page)->pointCount() > 0);
    clickCheckbox(page.findChild<QTableView*>("runsTable"));  // unticked, as the next tests expect
    QVERIFY(!page.runs()->isChecked(0));
}

// F2 in the runs table renames the run: the HParams table shows the new name.
void TestRunsReopen::renameShowsInHParams() {
    TrainingPage page;
    page.resize(1400, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(page.openRun(m_run));
    page.findChild<QTabWidget*>("trainingViews")->setCurrentWidget(page.hparams());
    QTableView* hparams = page.hparams()->view();
    const auto names = [hparams] {
        QStringList shown;
        for (int row = 0; row < hparams->model()->rowCount(); ++row)
            shown << hparams->model()->index(row, 0).data().toString();
        return shown;
    };
    QTRY_VERIFY(!names().isEmpty());
    auto* table = page.findChild<QTableView*>("runsTable");
    const int row = page.runs()->rowOf(m_run);
    table->setFocus();
    table->setCurrentIndex(table->model()->index(row, RunListModel::NameColumn));  // unsorted
    QTest::keyClick(table, Qt::Key_F2);
    auto* editor = table->findChild<QLineEdit*>();
    QVERIFY(editor);
    editor->selectAll();
    QTest::keyClicks(editor, "renamed baseline");
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_VERIFY2(names().contains("renamed baseline"), qPrintable(names().join(", ")));
    // Back to the default name, unticked, as the next tests expect it.
    QCOMPARE(page.runs()->rename(row, ""), QString());
    QTRY_VERIFY(!names().contains("renamed baseline"));
    page.runs()->setChecked(row, false);
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
    // The legend names the run (collection, folder, seed), elided in its middle.
    const auto onlyOther = [&page] {
        const QStringList names = lossChart(page)->legendNames();
        return names.size() == 1 && names[0].endsWith(QString::fromUtf8("ther \u00b7 seed 3"));
    };
    QTRY_VERIFY(onlyOther());
    // Tick the first run with the keyboard (Space on its checkbox cell): overlaid.
    table->setFocus();
    table->setCurrentIndex(table->model()->index(first, RunListModel::NameColumn));  // unsorted
    QTest::keyClick(table, Qt::Key_Space);
    QVERIFY(page.runs()->isChecked(first));
    QTRY_COMPARE(lossChart(page)->legendNames().size(), 2);
    // Untick it, however it is selected: only the other run is drawn.
    QTest::keyClick(table, Qt::Key_Space);
    QVERIFY(!page.runs()->isChecked(first));
    table->selectRow(first);
    QTRY_VERIFY(onlyOther());
    // Both ticked, the filter listing one: the charts draw the runs it lists.
    page.runs()->setChecked(first, true);
    QTRY_COMPARE(lossChart(page)->legendNames().size(), 2);
    auto* filter = page.findChild<QLineEdit*>("runFilter");
    QVERIFY(filter);
    QTest::keyClicks(filter, "other");
    QTRY_VERIFY(onlyOther());
    filter->clear();
    QTRY_COMPARE(lossChart(page)->legendNames().size(), 2);
    page.runs()->remove(page.runs()->rowOf(other));
}

// A run of another collection starts: the tile runs leave the charts (no layout loss drawn
// over tile losses), the new run is ticked.
void TestRunsReopen::newRunUnticksOtherCollections() {
    TrainingPage page;
    page.show();
    QVERIFY(page.openRun(m_run));
    QVERIFY(page.runs()->isChecked(page.runs()->rowOf(m_run)));
    RunInfo layout;
    layout.runDir = (m_dir.path() + "/runs/layout-live").toStdString();
    layout.options = defaultTrainOptions(Collection::LayoutXlaDefault);
    layout.options.steps = 300;
    page.library()->startLive(layout);
    const int live = page.runs()->rowOf(QString::fromStdString(layout.runDir));
    QVERIFY(page.runs()->isChecked(live));
    QVERIFY(!page.runs()->isChecked(page.runs()->rowOf(m_run)));
    // Before it reports, its steps read as planned, never "0/0".
    QCOMPARE(page.runs()->index(live, RunListModel::StepColumn).data().toString(),
             QString("0 / 300"));
    QCOMPARE(page.runs()->index(live, RunListModel::StatusColumn).data().toString(),
             QString("running"));
    // A run measured in epochs (steps 0) says so until it reports its planned steps.
    RunInfo byEpochs = layout;
    byEpochs.options.steps = 0;
    byEpochs.options.epochs = 3;
    QCOMPARE(runStepsText(byEpochs), QString("0 steps (of 3 epochs)"));
    page.library()->endLive(QString::fromStdString(layout.runDir));  // wrote nothing: dropped
    QCOMPARE(page.runs()->rowOf(QString::fromStdString(layout.runDir)), -1);
}

// Each row names its dataset, steps, best and last score, when, and what differs from the
// defaults.
void TestRunsReopen::tableTiesRunsToDatasetAndScore() {
    TrainingPage page;
    page.show();
    QVERIFY(page.openRun(m_run));
    RunListModel* runs = page.runs();
    const int row = runs->rowOf(m_run);
    const auto cell = [&](int column) { return runs->index(row, column).data().toString(); };
    QCOMPARE(cell(RunListModel::CollectionColumn), QString("tile:xla"));
    QCOMPARE(cell(RunListModel::DatasetColumn), QString("dataset"));  // <tmp>/dataset
    QCOMPARE(runs->index(row, RunListModel::DatasetColumn).data(Qt::ToolTipRole).toString(),
             QString::fromStdString(m_root));
    QCOMPARE(cell(RunListModel::StepColumn), QString("20 / 20"));
    QVERIFY2(QRegularExpression("^top-5 -?\\d+\\.\\d{4} @(10|20)$")
                 .match(cell(RunListModel::BestColumn))
                 .hasMatch(),
             qPrintable(cell(RunListModel::BestColumn)));
    QVERIFY2(QRegularExpression("^top-5 -?\\d+\\.\\d{4} @20$")
                 .match(cell(RunListModel::LastColumn))
                 .hasMatch(),
             qPrintable(cell(RunListModel::LastColumn)));
    QVERIFY2(cell(RunListModel::WhenColumn).startsWith("today "),
             qPrintable(cell(RunListModel::WhenColumn)));
    const QString changed =
        runs->index(row, RunListModel::ChangedColumn).data(Qt::ToolTipRole).toString();
    for (const char* option :
         {"steps=20", "seed=3", "validation_interval=10", "configs_per_graph=32"})
        QVERIFY2(changed.contains(option), qPrintable(changed));
    QVERIFY(!changed.contains("learning_rate"));  // at its default
    QCOMPARE(runs->headerData(RunListModel::BestColumn, Qt::Horizontal).toString(),
             QString("Best"));
}

// Two runs of different best scores: a click on the "Best" header sorts them, a second click
// reverses the order; the selection follows the run, not the row.
void TestRunsReopen::headerClickSortsByBestScore() {
    const QString better = m_dir.path() + "/runs/better";
    QCOMPARE(copyRunDirectory(m_run, better), QString());
    RunInfo state = loadRunInfo(better.toStdString());
    state.best.top5Score = 0.9999;
    writeRunState(state);
    TrainingPage page;
    page.resize(1400, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(page.openRun(better));
    QVERIFY(page.openRun(m_run));
    auto* table = page.findChild<QTableView*>("runsTable");
    const auto firstName = [table] {
        return runDisplayName(
            table->model()->index(0, 0).data(RunListModel::RunDirRole).toString());
    };
    QHeaderView* header = table->horizontalHeader();
    QCOMPARE(header->visualIndex(RunListModel::BestColumn), 1);  // next to the name
    const int x = header->sectionViewportPosition(RunListModel::BestColumn) +
                  header->sectionSize(RunListModel::BestColumn) / 2;
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
    QCOMPARE(firstName(), QString("finished"));  // ascending: the lower best first
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
    QCOMPARE(firstName(), QString("better"));
    table->selectRow(1);
    QCOMPARE(runDisplayName(page.findChild<RunsPanel*>()->selectedRun()), QString("finished"));
    page.runs()->remove(page.runs()->rowOf(better));
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
    // Training again: the row says so (not "completed" or "cancelled" from its last session).
    const QModelIndex status =
        page.runs()->index(page.runs()->rowOf(copy), RunListModel::StatusColumn);
    QTRY_VERIFY_WITH_TIMEOUT(page.isTraining(), 20000);
    QCOMPARE(status.data().toString(), QString("running"));
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
    // The column is wide enough to read it whole.
    auto* table = page.findChild<QTableView*>("runsTable");
    QTRY_VERIFY(table->columnWidth(RunListModel::StatusColumn) >=
                table->fontMetrics().horizontalAdvance(status.data().toString()));
    // Listed again after a restart, it is interrupted at once.
    TrainingPage restarted;
    const int row = restarted.runs()->rowOf(dir);
    QVERIFY(row >= 0);
    QCOMPARE(restarted.runs()->index(row, RunListModel::StatusColumn).data().toString(),
             QString("interrupted, resume from step 40"));
}

// The Export dialog ticks the completed run with the best score on the open dataset (not the
// newest, not a failed one with a higher score), shows each run's score and dataset, and warns
// about a failed run and a run of another dataset when they are ticked.
void TestRunsReopen::exportPreticksTheBestCompletedRunAndWarns() {
    const QString better = m_dir.path() + "/runs/export-better";
    const QString failed = m_dir.path() + "/runs/export-failed";
    QCOMPARE(copyRunDirectory(m_run, better), QString());
    QCOMPARE(copyRunDirectory(m_run, failed), QString());
    RunInfo state = loadRunInfo(better.toStdString());
    state.best.top5Score = 0.9999;
    writeRunState(state);
    state = loadRunInfo(failed.toStdString());
    state.best.top5Score = 1.0;
    state.status = RunStatus::Failed;
    state.failure = "the loss exploded";
    writeRunState(state);
    RunListModel runs;
    for (const QString& dir : {better, m_run, failed})
        runs.addOrUpdate(loadRunInfo(dir.toStdString()));

    ExportSubmissionDialog dialog(&runs, QString::fromStdString(m_root));
    QCOMPARE(dialog.runs(Collection::TileXla), QStringList{better});
    QVERIFY2(dialog.warnings().isEmpty(), qPrintable(dialog.warnings().join("\n")));
    auto* tree = dialog.findChild<QTreeWidget*>("runTree");
    const QList<QTreeWidgetItem*> rows =
        tree->findItems("export-failed", Qt::MatchContains | Qt::MatchRecursive);
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows[0]->text(1), QString("top-5 1.0000 @%1").arg(state.bestStep));
    QCOMPARE(rows[0]->text(2), QString("dataset"));
    rows[0]->setCheckState(0, Qt::Checked);  // as a click on its box does
    QCOMPARE(dialog.runs(Collection::TileXla), (QStringList{better, failed}));
    QVERIFY2(dialog.warnings().join("\n").contains(
                 QString::fromUtf8("export-failed \u00b7 seed 3 failed: the loss exploded")),
             qPrintable(dialog.warnings().join("\n")));

    // Another dataset is open: nothing is ticked for it; a run ticked anyway is warned about.
    const QString elsewhere = m_dir.path() + "/elsewhere";
    ExportSubmissionDialog other(&runs, elsewhere);
    QVERIFY(other.runs(Collection::TileXla).isEmpty());
    other.setRun(Collection::TileXla, better);
    QVERIFY2(other.warnings().join("\n").contains("trained on the dataset 'dataset'"),
             qPrintable(other.warnings().join("\n")));
}

QTEST_MAIN(TestRunsReopen)
#include "tst_runs_reopen.moc"
