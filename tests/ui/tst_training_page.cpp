// End-to-end GUI test, offscreen: opens a generated demo dataset, starts a short tile training
// run from the training page with real clicks, waits for live chart points and a validation
// report, pauses/resumes, stops it, and exports a submission that passes the validator; a Stop
// right after Start is never lost; the wheel scrolls the form without changing its spin boxes
// or combo boxes; an out-of-range learning rate cannot be typed in; a run whose dataset has no
// valid graphs says so and offers held-out configs (a click sets them).
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTreeWidget>
#include <QtTest>

#include <filesystem>

#include "export/submission_validator.h"
#include "export_dialogs/export_submission_dialog.h"
#include "item_models/run_list_model.h"
#include "train/run_directory.h"
#include "training/elided_label.h"
#include "training/form_fields.h"
#include "training/metric_chart.h"
#include "training/run_advice.h"
#include "training/run_charts.h"
#include "training/run_curves.h"
#include "training/training_form.h"
#include "training/training_job.h"
#include "training/training_page.h"
#include "trainui_test_support.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

class TestTrainingPage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void trainLiveStopAndExport();
    void completedRunFillsTheProgressBar();
    void segmentsApplyToLayoutRuns();
    void stopRightAfterStartIsKept();
    void wheelScrollsTheFormNotItsFields();
    void wheelLeavesComboBoxesAlone();
    void outOfRangeLearningRateIsRefused();
    void noValidGraphsOffersHeldOutConfigs();

private:
    QTemporaryDir m_dir;
    std::string m_root;
};

void TestTrainingPage::initTestCase() {
    test::isolateSettings();
    QVERIFY(m_dir.isValid());
    m_root = test::makeTileDemo(m_dir);
}

template <typename T>
T* child(QWidget& parent, const char* name) {
    T* widget = parent.findChild<T*>(name);
    if (!widget) qFatal("no child %s", name);
    return widget;
}

void TestTrainingPage::trainLiveStopAndExport() {
    TrainingPage page;
    page.resize(1400, 900);
    page.show();
    page.form()->setRunsRoot(m_dir.path() + "/runs");
    page.setDatasetRoot(QString::fromStdString(m_root));
    child<QSpinBox>(page, "steps")->setValue(5000);  // long: the test stops it
    child<QSpinBox>(page, "batch_graphs")->setValue(4);
    child<QSpinBox>(page, "configs_per_graph")->setValue(32);
    child<QSpinBox>(page, "hidden_dim")->setValue(32);
    child<QSpinBox>(page, "layers")->setValue(2);
    child<QSpinBox>(page, "validation_interval")->setValue(10);
    child<QSpinBox>(page, "max_valid_graphs")->setValue(6);

    auto* start = child<QPushButton>(page, "startButton");
    auto* pause = child<QPushButton>(page, "pauseButton");
    auto* stop = child<QPushButton>(page, "stopButton");
    QVERIFY(start->isEnabled());
    QVERIFY(!stop->isEnabled());
    // The buttons keep their place while status lines appear and change.
    const auto places = [&] {
        return QList<QRect>{QRect(start->mapTo(&page, QPoint()), start->size()),
                            QRect(pause->mapTo(&page, QPoint()), pause->size()),
                            QRect(stop->mapTo(&page, QPoint()), stop->size())};
    };
    const QList<QRect> before = places();
    QSignalSpy finished(&page, &TrainingPage::runFinished);
    QTest::mouseClick(start, Qt::LeftButton);
    QVERIFY(page.isTraining());
    QVERIFY(stop->isEnabled());
    const QString runDir = page.runs()->liveRun();
    QVERIFY(!runDir.isEmpty());

    // Live charts get points (redrawn by the page's timer) and a validation is reported.
    QTRY_VERIFY_WITH_TIMEOUT(page.charts()->chart(CurveMetric::SmoothedLoss)->pointCount() > 0,
                             60000);
    QTRY_VERIFY_WITH_TIMEOUT(
        page.charts()->chart(CurveMetric::ofKey("top5_score"))->pointCount() > 0, 60000);
    QVERIFY(page.charts()->chart(CurveMetric::LearningRate)->pointCount() > 0);
    QVERIFY(!page.charts()->chart(CurveMetric::ofKey("kendall"))->isVisible());  // a tile run
    QVERIFY(page.curves(runDir)->validations() >= 1);
    QVERIFY(child<QLabel>(page, "validationLabel")->text().contains("top-5 score"));
    QVERIFY(child<ElidedLabel>(page, "rateLabel")->fullText().contains("configs/s"));
    QCOMPARE(places(), before);

    // Pause, then resume, by clicks.
    QTest::mouseClick(pause, Qt::LeftButton);
    QVERIFY(page.job()->isPaused());
    QCOMPARE(pause->text(), QString("Resume"));
    QTest::mouseClick(pause, Qt::LeftButton);
    QVERIFY(!page.job()->isPaused());
    const int validations = page.curves(runDir)->validations();
    QTRY_VERIFY_WITH_TIMEOUT(page.curves(runDir)->validations() > validations, 60000);

    QTest::mouseClick(stop, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QCOMPARE(finished.front().at(1).value<RunOutcome>().status, RunStatus::Cancelled);
    QVERIFY(!page.isTraining());
    QVERIFY(start->isEnabled());
    const RunInfo info = loadRunInfo(runDir.toStdString());
    QCOMPARE(info.status, RunStatus::Cancelled);
    QVERIFY(info.hasCheckpoint);
    QVERIFY(info.step > 0 && info.step < 5000);
    // The progress bar says where the run stopped.
    auto* progress = child<QProgressBar>(page, "progressBar");
    QCOMPARE(progress->text(), QString("stopped at %1 of 5000 steps").arg(info.step));
    QCOMPARE(progress->value(), int(info.step));
    QCOMPARE(places(), before);
    QVERIFY(std::filesystem::exists(runDir.toStdString() + "/last.pt"));

    // File > Export Kaggle Submission with the stopped run for tile:xla.
    ExportSubmissionDialog dialog(page.runs(), QString::fromStdString(m_root));
    dialog.show();
    // The tree pre-ticks the best completed run of each collection: a stopped run is listed
    // but not ticked; ticking it makes it the collection's one run.
    auto* tree = dialog.findChild<QTreeWidget*>("runTree");
    QVERIFY(tree);
    QTreeWidgetItem* tile = tree->topLevelItem(collectionIndex(Collection::TileXla));
    QVERIFY(dialog.findChild<QGroupBox*>("runBox")->title().contains("best completed run"));
    QCOMPARE(tile->childCount(), 1);
    QVERIFY(dialog.runs(Collection::TileXla).isEmpty());
    QVERIFY(dialog.request().runs.empty());
    QVERIFY2(tile->text(0).contains("no run"), qPrintable(tile->text(0)));
    dialog.setRun(Collection::TileXla, runDir);
    QVERIFY2(tile->text(0).endsWith(": 1 run"), qPrintable(tile->text(0)));
    QCOMPARE(dialog.request().runs.size(), size_t(1));
    const QString output = m_dir.path() + "/submission.csv";
    dialog.setOutputPath(output);
    QSignalSpy exported(&dialog, &ExportSubmissionDialog::exportFinished);
    QTest::mouseClick(dialog.findChild<QPushButton*>("exportButton"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(exported.count(), 1, 60000);
    QVERIFY2(exported.front().at(0).toBool(), qPrintable(dialog.summary()));
    QVERIFY(dialog.summary().contains("rows from run"));

    const auto counts = configCountsFromDataset(m_root, Split::Test);
    SubmissionValidationOptions options;
    options.configCounts = &counts;
    options.full = FullCheck::Never;  // one collection of the demo: a partial file
    const SubmissionReport report = validateSubmissionFile(output.toStdString(), options);
    QVERIFY(report.ok());
    QCOMPARE(report.rows, int64_t(counts.size()));
    QVERIFY(report.checkedAgainstDataset);

    // With a template: its rows without a run (here a layout graph) are copied and counted.
    const QString templatePath = m_dir.path() + "/template.csv";
    QFile::copy(output, templatePath);
    QFile templateFile(templatePath);
    QVERIFY(templateFile.open(QIODevice::Append));
    templateFile.write("layout:xla:default:absent_graph,2;0;1\n");
    templateFile.close();
    dialog.setTemplatePath(templatePath);
    const QString merged = m_dir.path() + "/merged.csv";
    dialog.setOutputPath(merged);
    QTest::mouseClick(dialog.findChild<QPushButton*>("exportButton"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(exported.count(), 2, 60000);
    QVERIFY2(exported.back().at(0).toBool(), qPrintable(dialog.summary()));
    QVERIFY2(dialog.summary().contains("1 rows from the template"), qPrintable(dialog.summary()));
    options.allowUnknownGraphs = true;
    const SubmissionReport mergedReport = validateSubmissionFile(merged.toStdString(), options);
    QVERIFY(mergedReport.ok());
    QCOMPARE(mergedReport.rows, int64_t(counts.size()) + 1);
}

void TestTrainingPage::completedRunFillsTheProgressBar() {
    TrainingPage page;
    page.show();
    page.form()->setRunsRoot(m_dir.path() + "/runs");
    page.setDatasetRoot(QString::fromStdString(m_root));
    child<QSpinBox>(page, "steps")->setValue(12);
    child<QSpinBox>(page, "batch_graphs")->setValue(2);
    child<QSpinBox>(page, "configs_per_graph")->setValue(16);
    child<QSpinBox>(page, "hidden_dim")->setValue(16);
    child<QSpinBox>(page, "layers")->setValue(1);
    child<QSpinBox>(page, "validation_interval")->setValue(100);  // one, final validation
    child<QSpinBox>(page, "max_valid_graphs")->setValue(2);
    child<QSpinBox>(page, "valid_configs")->setValue(8);
    QCOMPARE(child<QSpinBox>(page, "max_step_mb")->value(), kDefaultMaxStepMb);
    child<QSpinBox>(page, "max_step_mb")->setValue(512);
    QSignalSpy finished(&page, &TrainingPage::runFinished);
    test::clickOnNextDialog("Start Anyway");  // 12 steps on purpose: the pre-start check asks
    QTest::mouseClick(child<QPushButton>(page, "startButton"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
    QCOMPARE(finished.front().at(1).value<RunOutcome>().status, RunStatus::Completed);
    auto* progress = child<QProgressBar>(page, "progressBar");
    QCOMPARE(progress->value(), progress->maximum());
    QCOMPARE(progress->text(), QString("completed: 100%"));
    // The rate line keeps the last training report (the end's carries no rate or loss).
    const QString rate = child<ElidedLabel>(page, "rateLabel")->fullText();
    QVERIFY2(rate.contains("configs/s") && !rate.contains("loss 0 ·"), qPrintable(rate));
    const RunInfo info = loadRunInfo(finished.front().at(0).toString().toStdString());
    QCOMPARE(info.options.validConfigs, 8);  // the form's validation subset reached the run
    QCOMPARE(info.options.maxStepMb, 512);   // and so did its step memory budget
    QVERIFY(!info.interrupted);
}

// Graph segment training is a layout option: off for tile collections, typed in for layout.
void TestTrainingPage::segmentsApplyToLayoutRuns() {
    TrainingForm form;
    form.show();
    auto* segments = child<QSpinBox>(form, "segment_nodes");
    auto* collection = child<QComboBox>(form, "collection");
    collection->setCurrentIndex(collectionIndex(Collection::TileXla));
    QVERIFY(!segments->isEnabled());
    QCOMPARE(form.options().segmentNodes, int64_t{0});
    collection->setCurrentIndex(collectionIndex(Collection::LayoutNlpRandom));
    QVERIFY(segments->isEnabled());
    QCOMPARE(segments->text(), QString("whole graphs"));
    segments->setFocus();
    segments->selectAll();
    QTest::keyClicks(segments, "20000");
    QTest::keyClick(segments, Qt::Key_Enter);
    QCOMPARE(form.options().segmentNodes, int64_t{20000});
    QCOMPARE(form.options().model, ModelType::LayoutSage);
}

// The Stop of a run is asked for before its worker thread has even begun: the run ends
// cancelled at once instead of training on.
void TestTrainingPage::stopRightAfterStartIsKept() {
    TrainingPage page;
    page.show();
    page.form()->setRunsRoot(m_dir.path() + "/runs");
    page.setDatasetRoot(QString::fromStdString(m_root));
    child<QSpinBox>(page, "steps")->setValue(100000);
    QSignalSpy finished(&page, &TrainingPage::runFinished);
    QTest::mouseClick(child<QPushButton>(page, "startButton"), Qt::LeftButton);
    QTest::mouseClick(child<QPushButton>(page, "stopButton"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QCOMPARE(finished.front().at(1).value<RunOutcome>().status, RunStatus::Cancelled);
    QVERIFY(!page.isTraining());
    QVERIFY(child<QPushButton>(page, "startButton")->isEnabled());
}

// A wheel turned over a spin box that has no focus scrolls the form: "Validate every" or
// "Held-out configs" never change under a passing pointer. Once clicked, the field takes it.
void TestTrainingPage::wheelScrollsTheFormNotItsFields() {
    TrainingPage page;
    page.resize(1200, 420);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto* field = child<QSpinBox>(page, "validation_interval");
    auto* bar = child<QScrollArea>(page, "formScroll")->verticalScrollBar();
    QVERIFY(bar->maximum() > 0);
    const int value = field->value(), scrolled = bar->value();
    const QPointF at = QPointF(field->rect().center());
    QWheelEvent down(at, field->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
                     Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(field, &down);
    QCOMPARE(field->value(), value);
    QVERIFY(bar->value() > scrolled);
    QTest::mouseClick(field, Qt::LeftButton, {}, field->rect().center() - QPoint(20, 0));
    QTRY_VERIFY(field->hasFocus());
    QWheelEvent up(at, field->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                   Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(field, &up);
    QVERIFY(field->value() != value);
}

// The wheel over an unfocused combo box ("Model", "Loss") scrolls the form: the choice stays.
void TestTrainingPage::wheelLeavesComboBoxesAlone() {
    TrainingPage page;
    page.resize(1200, 420);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto* field = child<QComboBox>(page, "loss");
    auto* scroll = child<QScrollArea>(page, "formScroll");
    scroll->ensureWidgetVisible(field);
    auto* bar = scroll->verticalScrollBar();
    const QString choice = field->currentText();
    const int scrolled = bar->value();
    const QPointF at = QPointF(field->rect().center());
    for (const int delta : {-120, -120, 120}) {
        QWheelEvent wheel(at, field->mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(field, &wheel);
        QCOMPARE(field->currentText(), choice);
    }
    QVERIFY(bar->value() != scrolled || bar->maximum() == 0);
}

// The learning rate's field holds its range (1e-07 to 1): "1000" typed in never becomes the
// value, and the field's tool tip gives the range.
void TestTrainingPage::outOfRangeLearningRateIsRefused() {
    TrainingForm form;
    form.show();
    auto* lr = qobject_cast<QDoubleSpinBox*>(form.field("learning_rate"));
    QVERIFY(lr);
    lr->setFocus();
    lr->selectAll();
    QTest::keyClicks(lr, "1000");
    QTest::keyClick(lr, Qt::Key_Enter);
    QVERIFY2(lr->value() <= 1.0, qPrintable(QString::number(lr->value())));
    QVERIFY2(lr->toolTip().contains("to 1"), qPrintable(lr->toolTip()));
    QVERIFY(form.options().learningRate <= 1.0);
}

// A layout dataset without a valid split: the run says at once that it has nothing to validate
// on, and the advice's button switches the form to held-out configs.
void TestTrainingPage::noValidGraphsOffersHeldOutConfigs() {
    GeneratorOptions generate;
    generate.seed = 7;
    generate.collections = {Collection::LayoutXlaDefault};
    generate.splits = {Split::Train, Split::Test};
    generate.limit = 4;
    const QString root = m_dir.path() + "/no-valid";
    generateDataset(root.toStdString(), generate);
    TrainingPage page;
    page.resize(1400, 900);
    page.show();
    page.form()->setRunsRoot(m_dir.path() + "/runs");
    page.setDatasetRoot(root);
    child<QComboBox>(page, "collection")->setCurrentText("layout:xla:default");
    child<QSpinBox>(page, "steps")->setValue(4);
    child<QSpinBox>(page, "hidden_dim")->setValue(16);
    child<QSpinBox>(page, "layers")->setValue(1);
    QSignalSpy finished(&page, &TrainingPage::runFinished);
    test::clickOnNextDialog("Start Anyway");  // the pre-start check warns; the run shows why
    QTest::mouseClick(child<QPushButton>(page, "startButton"), Qt::LeftButton);
    RunAdvice* advice = page.advice();
    QTRY_VERIFY_WITH_TIMEOUT(advice->offersHoldout(), 60000);
    QVERIFY(advice->isVisible());
    QVERIFY2(advice->lines().join("\n").contains("the valid split has no usable graph"),
             qPrintable(advice->lines().join("\n")));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
    auto* holdout = qobject_cast<RealField*>(page.form()->field("holdout_configs"));
    QCOMPARE(holdout->optionValue(), 0.0);
    QTest::mouseClick(child<QPushButton>(page, "holdoutButton"), Qt::LeftButton);
    QCOMPARE(holdout->optionValue(), 0.1);
    QCOMPARE(holdout->text(), QString("10 %"));  // a fraction shows as a percent
    QCOMPARE(page.form()->options().holdoutConfigs, 0.1);
}

QTEST_MAIN(TestTrainingPage)
#include "tst_training_page.moc"
