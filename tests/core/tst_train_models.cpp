// Every model trains on the demo dataset: its validation metric improves over the untrained
// model (same seed and initial weights, learning rate 0), and the run can be evaluated.
#include <QtTest>

#include "train/torch_threads.h"
#include "train/trainer.h"
#include "train_test_support.h"

using namespace tpugraphs;

class TestTrainModels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        initTorchThreads();
        QVERIFY(m_dir.isValid());
        m_root =
            test::makeDemoDataset(m_dir, {Collection::TileXla, Collection::LayoutXlaDefault}, 12);
    }

    void improvesOverUntrained_data() {
        QTest::addColumn<QString>("collection");
        QTest::addColumn<int>("model");
        QTest::addColumn<int>("loss");
        QTest::addColumn<int>("steps");
        QTest::newRow("tile-mlp/mse")
            << "tile:xla" << int(ModelType::TileMlp) << int(LossType::Mse) << 30;
        QTest::newRow("late-join/hinge")
            << "tile:xla" << int(ModelType::TileLateJoinSage) << int(LossType::PairwiseHinge) << 30;
        QTest::newRow("early-join/list-mle")
            << "tile:xla" << int(ModelType::TileEarlyJoinSage) << int(LossType::ListMle) << 20;
        QTest::newRow("layout/hinge") << "layout:xla:default" << int(ModelType::LayoutSage)
                                      << int(LossType::PairwiseHinge) << 16;
    }
    void improvesOverUntrained() {
        QFETCH(QString, collection);
        QFETCH(int, model);
        QFETCH(int, loss);
        QFETCH(int, steps);
        const std::string tag = QTest::currentDataTag();
        Collection c;
        QVERIFY(parseCollection(collection.toStdString(), &c));
        TrainOptions options =
            test::fastOptions(m_root, m_dir.path().toStdString() + "/untrained-" + tag, c);
        options.model = static_cast<ModelType>(model);
        options.loss = static_cast<LossType>(loss);
        options.configsPerGraph = 16;
        options.learningRate = 0;
        options.steps = 1;
        const TrainResult untrained = train(options);
        QVERIFY(untrained.status == RunStatus::Completed);

        options.runDir = m_dir.path().toStdString() + "/trained-" + tag;
        options.learningRate = 3e-3;
        options.steps = steps;
        options.validationInterval = steps / 2;
        int reports = 0;
        const TrainResult trained = train(options, [&](const TrainProgress& p) {
            if (p.phase == TrainPhase::Training) {
                ++reports;
                QVERIFY(p.loss == p.loss);
                QVERIFY(p.configsPerSecond > 0);
            }
        });
        QVERIFY(trained.status == RunStatus::Completed);
        QCOMPARE(trained.steps, int64_t(steps));
        QVERIFY(reports > 0);
        const double before = untrained.best.primary(), after = trained.best.primary();
        qInfo("%s: untrained %.4f -> trained %.4f", tag.c_str(), before, after);
        QVERIFY2(after > before,
                 qPrintable(QString("untrained %1, trained %2").arg(before).arg(after)));

        // The run evaluates to its recorded best validation.
        const SplitPrediction valid = predictSplit(options.runDir, "", Split::Valid);
        QCOMPARE(valid.mean.graphs, trained.best.graphs);
        QVERIFY(std::abs(valid.mean.primary() - after) < 1e-6);
    }

private:
    QTemporaryDir m_dir;
    std::string m_root;
};

QTEST_GUILESS_MAIN(TestTrainModels)
#include "tst_train_models.moc"
