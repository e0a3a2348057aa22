// The training page starts a run on 2 local worker processes (the CLI's `train --ranks 2`):
// its curves come from the run directory as the workers write it, it completes, and Stop stops
// both workers after the same step, keeping the last checkpoint.
#include <QtTest>

#include <QPushButton>
#include <QSpinBox>

#include "item_models/run_list_model.h"
#include "train/run_directory.h"
#include "training/run_curves.h"
#include "training/training_form.h"
#include "training/training_page.h"
#include "training/workers_runner.h"
#include "trainui_test_support.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

template <typename T>
T* child(QWidget& parent, const char* name) {
    T* widget = parent.findChild<T*>(name);
    if (!widget) qFatal("no child %s", name);
    return widget;
}

}  // namespace

class TestTrainingWorkers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (QString(TPUGRAPHS_CLI).isEmpty()) QSKIP("the tpugraphs CLI is not built");
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
        m_root = test::makeTileDemo(m_dir);
    }

    void trainsOnTwoWorkers() {
        TrainingPage page;
        page.setWorkersProgram(TPUGRAPHS_CLI);
        page.form()->setRunsRoot(m_dir.path() + "/runs");
        page.setDatasetRoot(QString::fromStdString(m_root));
        child<QSpinBox>(page, "steps")->setValue(5000);  // long: the test stops it
        child<QSpinBox>(page, "batch_graphs")->setValue(4);
        child<QSpinBox>(page, "configs_per_graph")->setValue(32);
        child<QSpinBox>(page, "hidden_dim")->setValue(32);
        child<QSpinBox>(page, "layers")->setValue(2);
        child<QSpinBox>(page, "validation_interval")->setValue(20);
        child<QSpinBox>(page, "max_valid_graphs")->setValue(6);
        child<QSpinBox>(page, "workers")->setValue(2);

        QSignalSpy finished(&page, &TrainingPage::runFinished);
        QTest::mouseClick(child<QPushButton>(page, "startButton"), Qt::LeftButton);
        QVERIFY(page.isTraining());
        QVERIFY(!child<QPushButton>(page, "pauseButton")->isEnabled());
        const QString runDir = page.runs()->liveRun();
        QVERIFY(!runDir.isEmpty());

        // Curves from the files the workers write, validations included.
        QTRY_VERIFY_WITH_TIMEOUT(page.curves(runDir)->validations() >= 2, 300000);
        QVERIFY(!page.curves(runDir)->points(CurveMetric::Loss).isEmpty());
        QTest::mouseClick(child<QPushButton>(page, "stopButton"), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        QCOMPARE(finished.front().at(1).value<RunOutcome>().status, RunStatus::Cancelled);
        const RunInfo info = loadRunInfo(runDir.toStdString());
        QCOMPARE(info.status, RunStatus::Cancelled);
        QVERIFY(info.hasCheckpoint && info.step >= 40);
        QCOMPARE(info.options.batchGraphs, 4);
    }

private:
    QTemporaryDir m_dir;
    std::string m_root;
};

QTEST_MAIN(TestTrainingWorkers)
#include "tst_training_workers.moc"
