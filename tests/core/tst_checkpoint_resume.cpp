// Run directories: cancel keeps an intact checkpoint, resume continues it to the end,
// mismatched format versions or model types give clear errors, and a diverged run stops with an
// error naming the step and a state that says failed.
#include <QtTest>

#include <cmath>
#include <fstream>
#include <map>

#include "train/torch_threads.h"
#include "train/trainer.h"
#include "train_test_support.h"

using namespace tpugraphs;

class TestCheckpointResume : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        initTorchThreads();
        QVERIFY(m_dir.isValid());
        m_root = test::makeDemoDataset(m_dir, {Collection::TileXla}, 16);
    }

    void divergedRunFailsNamingTheStep() {
        TrainOptions options = test::fastOptions(m_root, m_dir.path().toStdString() + "/diverged");
        options.steps = 20;
        options.validationInterval = 5;
        options.learningRate = 1;  // the largest allowed, unclipped: the loss explodes
        options.gradClip = 0;
        options.schedule = ScheduleType::Constant;
        std::string message;
        try {
            train(options);
        } catch (const std::runtime_error& e) {
            message = e.what();
        }
        QVERIFY2(message.rfind("step ", 0) == 0 &&
                     (message.find("the training loss grew") != std::string::npos ||
                      message.find("the training loss is") != std::string::npos ||
                      message.find("the gradient norm is") != std::string::npos ||
                      message.find("non-finite scores") != std::string::npos),
                 message.c_str());
        const RunInfo info = loadRunInfo(options.runDir);
        QVERIFY(info.status == RunStatus::Failed);
        QCOMPARE(info.failure, message);
        QVERIFY(info.hasCheckpoint);  // the last good checkpoint stays for a resume
    }

    void cancelThenResume() {
        TrainOptions options = test::fastOptions(m_root, m_dir.path().toStdString() + "/run");
        options.steps = 30;
        options.validationInterval = 10;
        options.logInterval = 1;
        std::atomic<bool> cancel{false};
        const TrainResult first = train(
            options,
            [&](const TrainProgress& p) {
                if (p.step >= 12) cancel = true;
            },
            &cancel);
        QVERIFY(first.status == RunStatus::Cancelled);
        QVERIFY(first.steps >= 12 && first.steps < 30);

        RunInfo info = loadRunInfo(options.runDir);
        QVERIFY(info.status == RunStatus::Cancelled);
        QCOMPARE(info.step, first.steps);
        QVERIFY(info.hasCheckpoint);
        QVERIFY(info.hasBestCheckpoint);
        QCOMPARE(info.bestStep, int64_t(10));
        QCOMPARE(info.options.steps, int64_t(30));

        // A fresh run into the same directory is refused.
        QVERIFY_THROWS_EXCEPTION(RunError, train(options));

        TrainOptions resumed = info.options;
        resumed.resume = true;
        const TrainResult second = train(resumed);
        QVERIFY(second.status == RunStatus::Completed);
        QCOMPARE(second.steps, int64_t(30));
        info = loadRunInfo(options.runDir);
        QVERIFY(info.status == RunStatus::Completed);
        int validations = 0;
        int64_t lastStep = 0;
        for (const auto& row : info.history) {
            QVERIFY(row.step >= lastStep);  // one continuous history
            lastStep = row.step;
            validations += row.isValidation;
        }
        QCOMPARE(validations, 3);  // steps 10, 20, 30

        // The run predicts with its best checkpoint.
        Predictor predictor(options.runDir);
        QVERIFY(predictor.kind() == GraphKind::Tile);
    }

    // Dropout masks are drawn per step, so stopping and resuming changes nothing: the resumed
    // steps' losses and the last validation are the uninterrupted run's.
    void resumeReproducesTheUninterruptedRun() {
        auto options = [&](const std::string& name) {
            TrainOptions o = test::fastOptions(m_root, m_dir.path().toStdString() + "/" + name);
            o.steps = 16;
            o.validationInterval = 16;
            o.logInterval = 1;
            o.dropout = 0.3;
            return o;
        };
        std::map<int64_t, double> straightLoss, resumedLoss;
        const TrainResult straight = train(options("straight"), [&](const TrainProgress& p) {
            if (!p.isValidation) straightLoss[p.step] = p.loss;
        });
        std::atomic<bool> cancel{false};
        train(
            options("stopped"),
            [&](const TrainProgress& p) {
                if (p.step >= 8) cancel = true;
            },
            &cancel);
        TrainOptions resumed = loadRunInfo(options("stopped").runDir).options;
        resumed.resume = true;
        const TrainResult second = train(resumed, [&](const TrainProgress& p) {
            if (!p.isValidation) resumedLoss[p.step] = p.loss;
        });
        QCOMPARE(second.steps, int64_t(16));
        QVERIFY(resumedLoss.size() >= 6);
        for (const auto& [step, loss] : resumedLoss)
            QVERIFY2(std::abs(loss - straightLoss.at(step)) <= 1e-6 * std::abs(loss),
                     qPrintable(QString("step %1: loss %2 resumed, %3 uninterrupted")
                                    .arg(step)
                                    .arg(loss, 0, 'g', 9)
                                    .arg(straightLoss.at(step), 0, 'g', 9)));
        QCOMPARE(second.last.primary(), straight.last.primary());
    }

    void resumeWithOtherModelFails() {
        TrainOptions options = test::fastOptions(m_root, m_dir.path().toStdString() + "/run");
        options.model = ModelType::TileMlp;
        options.resume = true;
        try {
            train(options);
            QFAIL("resuming with another model type must fail");
        } catch (const RunError& e) {
            QVERIFY2(QString(e.what()).contains("late-join-sage"), e.what());
        }
    }

    void otherFormatVersionFails() {
        const std::string dir = m_dir.path().toStdString() + "/run";
        {
            std::ofstream out(dir + "/format.json", std::ios::trunc);
            out << R"({"format": "tpugraphs-run", "version": 99})";
        }
        try {
            loadRunInfo(dir);
            QFAIL("an other format version must fail");
        } catch (const RunError& e) {
            QVERIFY2(QString(e.what()).contains("version 99"), e.what());
        }
        QVERIFY_THROWS_EXCEPTION(RunError, Predictor{dir});
        QVERIFY_THROWS_EXCEPTION(RunError, loadRunInfo(m_dir.path().toStdString() + "/absent"));
    }

    void cudaWithoutCudaIsAClearError() {
        TrainOptions options = test::fastOptions(m_root, m_dir.path().toStdString() + "/cuda");
        options.device = "cuda";
        try {
            train(options);
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString(e.what()).contains("cuda"), e.what());
            return;
        }
        // A CUDA build with a GPU trains: nothing to check here.
    }

private:
    QTemporaryDir m_dir;
    std::string m_root;
};

QTEST_GUILESS_MAIN(TestCheckpointResume)
#include "tst_checkpoint_resume.moc"
