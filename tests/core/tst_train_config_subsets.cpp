// What scoring costs at real size, where a forward pass per config over a 100k-node graph is
// the price: a run whose final validation keeps to the periodic subset does not score every
// config; a run without validation loads no valid graph; evaluation with maxConfigs scores the
// same seeded subset of each graph for every run of an ensemble, with metrics of that subset and
// each run's own; a submission refuses a subset.
#include <QtTest>

#include <set>

#include "data/layout_graph.h"
#include "metrics/eval_metrics.h"
#include "train/predictor.h"
#include "train/submission_builder.h"
#include "train/torch_threads.h"
#include "train/trainer.h"
#include "train_test_support.h"

using namespace tpugraphs;

class TestTrainConfigSubsets : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        initTorchThreads();
        QVERIFY(m_dir.isValid());
        m_root = test::makeEvenLayoutDataset(m_dir, 5);  // valid graphs of 80-120 configs
        for (uint64_t seed : {1, 2}) {
            TrainOptions options = test::layoutSageOptions(
                m_root, m_dir.path().toStdString() + "/run-" + std::to_string(seed));
            options.seed = seed;
            options.steps = 4;
            options.validationInterval = 4;  // the final validation only
            options.validConfigs = kSubset;
            options.fullFinalValidation = false;
            const TrainResult result = train(options);
            QVERIFY(result.status == RunStatus::Completed);
            QCOMPARE(result.last.graphs, 2);
            m_runs.push_back(options.runDir);
            m_lastValidation.push_back(result.last.primary());
        }
    }

    void finalValidationKeepsToTheSubset() {
        // Every config scored gives another Kendall tau than the 12 of the final validation.
        const SplitPrediction full = predictSplit(m_runs[0], "", Split::Valid);
        QCOMPARE(full.mean.graphs, 2);
        for (const GraphPrediction& g : full.graphs) QVERIFY(g.configs.empty());
        QVERIFY2(std::abs(full.mean.primary() - m_lastValidation[0]) > 1e-6,
                 qPrintable(QString("all configs %1, the subset %2")
                                .arg(full.mean.primary())
                                .arg(m_lastValidation[0])));
    }

    void evaluationSubsetIsTheSameForEveryRun() {
        PredictOptions predict;
        predict.maxConfigs = kSubset;
        predict.subsetSeed = 9;
        const SplitPrediction a = predictSplit(m_runs[0], "", Split::Valid, predict);
        const SplitPrediction b = predictSplit(m_runs[1], "", Split::Valid, predict);
        const SplitPrediction both = predictSplit(m_runs, "", Split::Valid, predict);
        QCOMPARE(a.graphs.size(), size_t(2));
        // Each run's own metrics come with the ensemble's, on the same configs.
        QCOMPARE(both.runs.size(), size_t(2));
        QCOMPARE(both.runs[0].primary(), a.mean.primary());
        QCOMPARE(both.runs[1].primary(), b.mean.primary());
        for (size_t i = 0; i < a.graphs.size(); ++i) {
            const GraphPrediction& g = a.graphs[i];
            QCOMPARE(g.configs.size(), size_t(kSubset));
            QCOMPARE(std::set<int64_t>(g.configs.begin(), g.configs.end()).size(), size_t(kSubset));
            QCOMPARE(g.configs, b.graphs[i].configs);  // independent of the run's seed
            QCOMPARE(g.configs, both.graphs[i].configs);
            QCOMPARE(g.scores.size(), size_t(kSubset));
            // The runtimes and metrics are those of the subset's configs.
            const LayoutGraph file = readLayoutGraph(g.path);
            for (size_t k = 0; k < g.configs.size(); ++k)
                QCOMPARE(g.runtime[k],
                         double(file.configRuntime[static_cast<size_t>(g.configs[k])]));
            QCOMPARE(graphMetrics(GraphKind::Layout, g.scores, g.runtime).primary(),
                     g.metrics.primary());
        }
        // Another seed, another subset.
        predict.subsetSeed = 10;
        const SplitPrediction other = predictSplit(m_runs[0], "", Split::Valid, predict);
        QVERIFY(other.graphs[0].configs != a.graphs[0].configs);
    }

    void runWithoutValidationLoadsNoValidGraph() {
        TrainOptions options =
            test::layoutSageOptions(m_root, m_dir.path().toStdString() + "/no-validation");
        options.steps = 2;
        options.validationInterval = 1;
        options.validate = false;
        int validations = 0;
        std::string loading;
        const TrainResult result = train(options, [&](const TrainProgress& p) {
            if (p.isValidation) ++validations;
            if (p.phase == TrainPhase::Loading) loading += p.message + "\n";
        });
        QVERIFY(result.status == RunStatus::Completed);
        QCOMPARE(validations, 0);
        QCOMPARE(result.last.graphs, 0);
        QVERIFY2(loading.find("valid") == std::string::npos, loading.c_str());
        // It is scored afterwards like any run.
        QCOMPARE(predictSplit(options.runDir, "", Split::Valid).mean.graphs, 2);

        options.holdoutConfigs = 0.2;  // held-out configs are for validation
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, checkTrainOptions(options));
    }

    void submissionRefusesASubset() {
        SubmissionRequest request;
        request.datasetRoot = m_root;
        request.split = Split::Valid;
        request.runs.push_back({Collection::LayoutXlaDefault, {m_runs[0]}});
        request.outputPath = m_dir.path().toStdString() + "/submission.csv";
        request.predict.maxConfigs = kSubset;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, buildSubmission(request));
    }

private:
    static constexpr int kSubset = 12;
    QTemporaryDir m_dir;
    std::string m_root;
    std::vector<std::string> m_runs;
    std::vector<double> m_lastValidation;
};

QTEST_GUILESS_MAIN(TestTrainConfigSubsets)
#include "tst_train_config_subsets.moc"
