// Plain parts of the trainer: options JSON, history CSV, normaliser, schedules, pruning,
// duplicate collapsing, -1 layout padding, option checks, and what the loaded training data
// holds (normalisers fitted on trained graphs only, held-out configs disjoint from trained ones).
#include <QtTest>

#include <QTemporaryDir>

#include <cmath>
#include <cstring>
#include <set>

#include "data/feature_names.h"
#include "prepare/layout_padding.h"
#include "train/training_data.h"
#include "train_test_support.h"

#include "prepare/feature_normalizer.h"
#include "prepare/prepared_graph.h"
#include "train/component_options.h"
#include "train/lr_schedule.h"
#include "train/run_directory.h"
#include "train/train_options.h"

using namespace tpugraphs;

namespace {

// A node normaliser fitted by hand on the prepared graphs of `splits`.
FeatureNormalizer fittedOn(const std::string& root, const TrainOptions& o,
                           const std::vector<Split>& splits) {
    FeatureNormalizer n;
    const DatasetIndex index = scanDataset(root);
    for (Split split : splits)
        for (const GraphEntry* e : index.select(o.collection, split)) {
            const PreparedGraph g =
                prepareTileGraph(readTileGraph(e->path), e->path, prepareOptionsOf(o));
            n.observe(g.nodeFeat.data(), g.nodes, g.featureColumns);
        }
    n.fit();
    return n;
}

}  // namespace

class TestTrainPreprocessing : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void optionsJsonRoundTrip() {
        TrainOptions o = defaultTrainOptions(Collection::LayoutNlpRandom);
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
        QCOMPARE(defaultTrainOptions(Collection::LayoutXlaRandom).configsPerGraph, 128);
        QCOMPARE(defaultTrainOptions(Collection::LayoutXlaDefault).configsPerGraph, 64);
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
        b.validation.kind = GraphKind::Layout;
        const auto back = historyFromCsv(historyToCsv({a, b}), GraphKind::Layout, "h.csv");
        QCOMPARE(back.size(), size_t(2));
        QCOMPARE(back[0].loss, 0.25);
        QVERIFY(std::isnan(back[0].validation.kendall));
        QVERIFY(back[1].isValidation && back[1].bestSoFar);
        QCOMPARE(back[1].validation.kendall, 0.5);
        QVERIFY(back[1].validation.kind == GraphKind::Layout);  // the run's kind, not guessed
        QCOMPARE(back[1].validation.primary(), 0.5);
        QVERIFY_THROWS_EXCEPTION(RunError,
                                 historyFromCsv("a,b\n1,2\n", GraphKind::Layout, "h.csv"));
        // A row with a cell too many or too few names its row.
        std::string csv = historyToCsv({a});
        csv.insert(csv.size() - 1, ",7");
        QVERIFY_THROWS_EXCEPTION(RunError, historyFromCsv(csv, GraphKind::Tile, "h.csv"));
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

    // One tiny train graph can make every column constant: a model input still has a width.
    void normalizerOfConstantColumnsKeepsOne() {
        std::vector<float> rows = {3, 5, 3, 5};
        FeatureNormalizer n;
        n.observe(rows.data(), 2, 2);
        n.fit();
        QCOMPARE(n.outputColumns(), 1);
        QCOMPARE(n.apply(std::vector<float>{7, 1}), (std::vector<float>{0.0f}));
    }

    void layoutPaddingIsMinusOne() {
        std::vector<float> nodes(2 * kNodeFeatureCount, 0.0f);
        const int shape = findNodeFeature("shape_dimensions_0");
        const int layout = findNodeFeature("layout_minor_to_major_0");
        nodes[shape] = 8;  // node 0: rank 2 ([8, 4]), minor-to-major {1, 0}
        nodes[shape + 1] = 4;
        nodes[layout] = 1;
        markLayoutPadding(nodes.data(), 2);
        const float* row = nodes.data() + layout;
        QCOMPARE(std::vector<float>(row, row + 6), (std::vector<float>{1, 0, -1, -1, -1, -1}));
        row += kNodeFeatureCount;  // node 1: a scalar, every entry is padding
        QCOMPARE(std::vector<float>(row, row + 6), (std::vector<float>(6, -1.0f)));
    }

    void optionChecks() {
        TrainOptions o;
        checkTrainOptions(o);
        o.holdoutConfigs = 0.1;
        o.collapseDuplicates = false;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, checkTrainOptions(o));
        o.collapseDuplicates = true;
        checkTrainOptions(o);
        o.trainSplits = {Split::Train, Split::Test};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, checkTrainOptions(o));
        // Runs written before these options existed keep their preprocessing and decay.
        const TrainOptions old = trainOptionsFromJson(R"({"model": "layout-sage"})", "old.json");
        QVERIFY(!old.markLayoutPadding && old.decayAllParameters);
        QVERIFY(o.markLayoutPadding && !o.decayAllParameters);
    }

    // The normalisers see the graphs trained on and nothing else; with train+valid both.
    void normalizersSeeOnlyTrainedGraphs() {
        QTemporaryDir dir;
        const std::string root = test::makeDemoDataset(dir, {Collection::TileXla}, 3);
        TrainOptions o = test::fastOptions(root, "");
        const TrainingData data = loadTrainingData(o, nullptr, nullptr, {}, nullptr);
        QCOMPARE(data.train.size(), size_t(3));
        QCOMPARE(data.valid.size(), size_t(3));
        QCOMPARE(data.nodeNormalizer.toJson(), fittedOn(root, o, {Split::Train}).toJson());
        o.trainSplits = {Split::Train, Split::Valid};
        const TrainingData both = loadTrainingData(o, nullptr, nullptr, {}, nullptr);
        QCOMPARE(both.train.size(), size_t(6));
        QVERIFY(both.validation.empty());
        QCOMPARE(both.nodeNormalizer.toJson(),
                 fittedOn(root, o, {Split::Train, Split::Valid}).toJson());
        QVERIFY(both.nodeNormalizer.toJson() != data.nodeNormalizer.toJson());
    }

    void heldOutConfigsAreDisjointFromTrainedOnes() {
        QTemporaryDir dir;
        const std::string root = test::makeDemoDataset(dir, {Collection::LayoutXlaDefault}, 2);
        TrainOptions o = test::fastOptions(root, "", Collection::LayoutXlaDefault);
        o.holdoutConfigs = 0.25;
        const TrainingData data = loadTrainingData(o, nullptr, nullptr, {}, nullptr);
        QCOMPARE(data.validation.size(), data.train.size());
        for (size_t g = 0; g < data.train.size(); ++g) {
            const PreparedGraph& graph = data.train[g];
            auto key = [&](int64_t c) { return graph.configs.unpackConfig(c); };
            std::set<std::vector<float>> trained;
            for (int64_t c : data.trainSets[g].configs) trained.insert(key(c));
            QVERIFY(data.validation[g].graph == &graph);
            for (int64_t c : data.validation[g].set.configs) QVERIFY(!trained.count(key(c)));
            QVERIFY(data.validation[g].set.configs.size() > 0);
        }
        o.collapseDuplicates = false;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 loadTrainingData(o, nullptr, nullptr, {}, nullptr));
    }

    void seededSubsetIsFixedAndBounded() {
        ConfigSet set;
        for (int64_t c = 0; c < 100; ++c) {
            set.configs.push_back(c);
            set.runtime.push_back(double(c));
        }
        const ConfigSet a = seededSubset(set, 10, 5), b = seededSubset(set, 10, 5);
        QCOMPARE(a.configs.size(), size_t(10));
        QCOMPARE(a.configs, b.configs);
        for (size_t i = 0; i < a.configs.size(); ++i) QCOMPARE(a.runtime[i], double(a.configs[i]));
        QCOMPARE(seededSubset(set, 1000, 5).configs.size(), size_t(100));
    }

    void schedules() {
        const double base = 1e-3;
        QCOMPARE(scheduledLearningRate(ScheduleType::Constant, base, 50, 100, 0.1), base);
        QVERIFY(scheduledLearningRate(ScheduleType::Cosine, base, 0, 100, 0.1) <
                base / 2);  // warm-up
        QVERIFY(std::abs(scheduledLearningRate(ScheduleType::Cosine, base, 10, 100, 0.1) - base) <
                1e-9);
        QVERIFY(scheduledLearningRate(ScheduleType::Cosine, base, 99, 100, 0.1) < base * 0.05);
        // 30 steps at 5 % warm-up: 1.5 warm-up steps; step 1 is at the peak, not above it.
        for (int64_t step = 0; step < 30; ++step)
            QVERIFY(scheduledLearningRate(ScheduleType::Cosine, base, step, 30, 0.05) <= base);
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
        const PreparedGraph p = prepareLayoutGraph(LayoutGraph(g), "g.npz", {true, false});
        QCOMPARE(p.nodes, int64_t(3));  // nodes 1, 2, 3
        QCOMPARE(p.opcode, (std::vector<int64_t>{2, 3, 4}));
        QCOMPARE(p.src, (std::vector<int64_t>{0, 1}));
        QCOMPARE(p.dst, (std::vector<int64_t>{1, 2}));
        QCOMPARE(p.configNodeRows, (std::vector<int64_t>{1}));
        const ConfigSet distinct = distinctConfigs(p);
        QCOMPARE(distinct.configs, (std::vector<int64_t>{0, 2}));
        QCOMPARE(distinct.runtime, (std::vector<double>{10, 20}));  // minimum of the duplicates
        const PreparedGraph whole = prepareLayoutGraph(LayoutGraph(g), "g.npz", {false, false});
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
        const PreparedGraph p = prepareTileGraph(std::move(t), "t.npz", {});
        QCOMPARE(p.runtime, (std::vector<double>{10.0, 3.0}));
    }
};

QTEST_GUILESS_MAIN(TestTrainPreprocessing)
#include "tst_train_preprocessing.moc"
