// Plain parts of the trainer: options JSON, history CSV, normaliser, schedules, pruning and
// duplicate collapsing.
#include <QtTest>

#include <cmath>

#include "train/feature_normalizer.h"
#include "train/lr_schedule.h"
#include "train/prepared_graph.h"
#include "train/run_directory.h"
#include "train/train_options.h"

using namespace tpugraphs;

class TestTrainPreprocessing : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void optionsJsonRoundTrip() {
        TrainOptions o;
        o.collection = Collection::LayoutNlpRandom;
        o.model = ModelType::LayoutSage;
        o.loss = LossType::ListMle;
        o.schedule = ScheduleType::OneCycle;
        o.onlyGraphs = {"unet3d"};
        o.holdoutConfigs = 0.2;
        o.seed = 42;
        o.readout = LayoutReadout::Pooled;
        const TrainOptions back = trainOptionsFromJson(trainOptionsToJson(o), "test");
        QVERIFY(back.collection == o.collection);
        QVERIFY(back.model == o.model && back.loss == o.loss && back.schedule == o.schedule);
        QVERIFY(back.readout == LayoutReadout::Pooled);
        QCOMPARE(back.onlyGraphs, o.onlyGraphs);
        QCOMPARE(back.holdoutConfigs, 0.2);
        QCOMPARE(back.seed, uint64_t(42));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 trainOptionsFromJson(R"({"model": "gat"})", "x.json"));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, trainOptionsFromJson("{", "x.json"));
    }

    void names() {
        for (auto type : {ModelType::TileMlp, ModelType::TileLateJoinSage,
                          ModelType::TileEarlyJoinSage, ModelType::LayoutSage}) {
            ModelType back;
            QVERIFY(parseModelType(modelTypeName(type), &back));
            QVERIFY(back == type);
        }
        LossType loss;
        QVERIFY(parseLossType("pairwise-hinge", &loss) && loss == LossType::PairwiseHinge);
        QVERIFY(!parseLossType("hinge", &loss));
        QCOMPARE(defaultConfigsPerGraph(Collection::LayoutXlaRandom), 128);
        QCOMPARE(defaultConfigsPerGraph(Collection::LayoutXlaDefault), 64);
    }

    void historyCsvRoundTrip() {
        TrainProgress a;
        a.step = 10;
        a.totalSteps = 100;
        a.loss = 0.25;
        TrainProgress b = a;
        b.isValidation = true;
        b.bestSoFar = true;
        b.validation.graphs = 3;
        b.validation.kendall = 0.5;
        const auto back = historyFromCsv(historyToCsv({a, b}), "h.csv");
        QCOMPARE(back.size(), size_t(2));
        QCOMPARE(back[0].loss, 0.25);
        QVERIFY(std::isnan(back[0].validation.kendall));
        QVERIFY(back[1].isValidation && back[1].bestSoFar);
        QCOMPARE(back[1].validation.kendall, 0.5);
        QVERIFY_THROWS_EXCEPTION(RunError, historyFromCsv("a,b\n1,2\n", "h.csv"));
    }

    void normalizer() {
        // Column 0: large magnitudes (sign-log), column 1: constant (dropped), column 2: small.
        std::vector<float> rows = {1e6f, 5, 1, 1e2f, 5, 2, 1e4f, 5, 3};
        FeatureNormalizer n;
        n.observe(rows.data(), 3, 3);
        n.fit();
        QCOMPARE(n.outputColumns(), 2);
        const auto out = n.apply(rows);
        QCOMPARE(out.size(), size_t(6));
        QVERIFY(std::abs(out[0] + out[2] + out[4]) < 1e-4);  // standardised: mean 0
        QVERIFY(std::abs(out[1] + out[3] + out[5]) < 1e-4);
        QVERIFY(out[0] > out[4] && out[4] > out[2]);  // order kept
        const FeatureNormalizer back = FeatureNormalizer::fromJson(n.toJson());
        QCOMPARE(back.apply(rows), out);
    }

    void schedules() {
        const double base = 1e-3;
        QCOMPARE(scheduledLearningRate(ScheduleType::Constant, base, 50, 100, 0.1), base);
        QVERIFY(scheduledLearningRate(ScheduleType::Cosine, base, 0, 100, 0.1) <
                base / 2);  // warm-up
        QVERIFY(std::abs(scheduledLearningRate(ScheduleType::Cosine, base, 10, 100, 0.1) - base) <
                1e-9);
        QVERIFY(scheduledLearningRate(ScheduleType::Cosine, base, 99, 100, 0.1) < base * 0.05);
        QVERIFY(scheduledLearningRate(ScheduleType::OneCycle, base, 0, 100, 0.0) < base / 10);
        QVERIFY(scheduledLearningRate(ScheduleType::OneCycle, base, 30, 100, 0.0) > base * 0.99);
        QVERIFY(scheduledLearningRate(ScheduleType::OneCycle, base, 99, 100, 0.0) < base * 0.01);
    }

    void layoutPruningAndDuplicates() {
        // Chain 0 <- 1 <- 2 <- 3 <- 4 (node i+1 consumes node i); node 2 configurable.
        LayoutGraph g;
        g.name = "g";
        g.nodeFeat.assign(5 * kNodeFeatureCount, 1.0f);
        g.nodeOpcode = {1, 2, 3, 4, 5};
        g.edgeIndex = {1, 0, 2, 1, 3, 2, 4, 3};
        g.nodeConfigIds = {2};
        std::vector<float> values(3 * 18, 0.0f);
        for (int f = 0; f < 18; ++f) values[2 * 18 + f] = 1.0f;  // config 2 differs; 0 == 1
        g.configs = PackedLayoutConfigs::fromFloats(values.data(), 3, 1);
        g.configRuntime = {30, 10, 20};
        const PreparedGraph p = prepareLayoutGraph(LayoutGraph(g), "g.npz", true);
        QCOMPARE(p.nodes, int64_t(3));  // nodes 1, 2, 3
        QCOMPARE(p.opcode, (std::vector<int64_t>{2, 3, 4}));
        QCOMPARE(p.src, (std::vector<int64_t>{0, 1}));
        QCOMPARE(p.dst, (std::vector<int64_t>{1, 2}));
        QCOMPARE(p.configNodeRows, (std::vector<int64_t>{1}));
        const ConfigSet distinct = distinctConfigs(p);
        QCOMPARE(distinct.configs, (std::vector<int64_t>{0, 2}));
        QCOMPARE(distinct.runtime, (std::vector<double>{10, 20}));  // minimum of the duplicates
        const PreparedGraph whole = prepareLayoutGraph(LayoutGraph(g), "g.npz", false);
        QCOMPARE(whole.nodes, int64_t(5));
        QCOMPARE(whole.src.size(), size_t(4));
    }

    void tileTargetIsNormalised() {
        TileGraph t;
        t.name = "t";
        t.nodeFeat.assign(kNodeFeatureCount, 0.0f);
        t.nodeOpcode = {1};
        t.configFeat.assign(2 * kTileConfigFeatureCount, 0.0f);
        t.configRuntime = {100, 300};
        t.configRuntimeNormalizers = {10, 100};
        const PreparedGraph p = prepareTileGraph(std::move(t), "t.npz");
        QCOMPARE(p.runtime, (std::vector<double>{10.0, 3.0}));
    }
};

QTEST_GUILESS_MAIN(TestTrainPreprocessing)
#include "tst_train_preprocessing.moc"
