// GUI test, offscreen: closing the main window while a run trains stops the worker cleanly and
// keeps the last checkpoint (status "cancelled", last.pt present, resumable).
#include <QSpinBox>
#include <QtTest>

#include <filesystem>

#include "item_models/run_list_model.h"
#include "main_window.h"
#include "train/run_directory.h"
#include "training/run_curves.h"
#include "training/training_form.h"
#include "training/training_page.h"
#include "trainui_test_support.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

class TestTrainingClose : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void closingStopsAndKeepsCheckpoint();
};

void TestTrainingClose::closingStopsAndKeepsCheckpoint() {
    test::isolateSettings();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string root = test::makeTileDemo(dir, 16);
    MainWindow window;
    window.show();
    TrainingPage* page = window.training();
    page->form()->setRunsRoot(dir.path() + "/runs");
    page->setDatasetRoot(QString::fromStdString(root));
    page->form()->findChild<QSpinBox*>("steps")->setValue(100000);  // long: closing stops it
    page->startTraining();
    QVERIFY(page->isTraining());
    const QString run = page->runs()->liveRun();
    QTRY_VERIFY_WITH_TIMEOUT(page->curves(run)->points(CurveMetric::Loss).size() > 2, 60000);

    QVERIFY(window.close());
    QVERIFY(!page->isTraining());  // the close waited for the worker
    const RunInfo info = loadRunInfo(run.toStdString());
    QCOMPARE(info.status, RunStatus::Cancelled);
    QVERIFY(info.hasCheckpoint);
    QVERIFY(std::filesystem::exists(run.toStdString() + "/last.pt"));
    QVERIFY(info.step > 0 && info.step < info.totalSteps);
}

QTEST_MAIN(TestTrainingClose)
#include "tst_training_close.moc"
