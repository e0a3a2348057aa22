// Unit tests of the torch pieces: ranking losses, SAGE mean aggregation, batch building and the
// forward shapes of every cost model.
#include <QtTest>

#include <torch/types.h>

#include "model/cost_model.h"
#include "model/graph_batch.h"
#include "model/ranking_loss.h"
#include "model/sage_conv.h"
#include "train/component_options.h"
#include "train/torch_threads.h"

using namespace tpugraphs;

namespace {

// A 3-node chain 0 <- 1 <- 2 (node 1 consumes 0, node 2 consumes 1) with `configs` configs.
PreparedGraph chainGraph(GraphKind kind, int configs) {
    PreparedGraph g;
    g.name = "chain";
    g.kind = kind;
    g.nodes = 3;
    g.featureColumns = 4;
    g.nodeFeat = {0, 1, 2, 3, 1, 1, 1, 1, 3, 2, 1, 0};
    g.opcode = {1, 2, 3};
    g.src = {0, 1};
    g.dst = {1, 2};
    for (int c = 0; c < configs; ++c) g.runtime.push_back(10.0 + c);
    if (kind == GraphKind::Tile) {
        g.configColumns = 2;
        for (int c = 0; c < configs; ++c) g.configFeat.insert(g.configFeat.end(), {float(c), 1.0f});
    } else {
        g.configNodeRows = {1};
        std::vector<float> values;
        for (int c = 0; c < configs; ++c)
            for (int f = 0; f < 18; ++f) values.push_back(static_cast<float>((c + f) % 7 - 1));
        g.configs = PackedLayoutConfigs::fromFloats(values.data(), configs, 1);
    }
    return g;
}

}  // namespace

class TestModelLosses : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { initTorchThreads(); }

    void lossesPreferTrueOrder_data() {
        QTest::addColumn<int>("type");
        QTest::newRow("mse") << int(LossType::Mse);
        QTest::newRow("pairwise-hinge") << int(LossType::PairwiseHinge);
        QTest::newRow("list-mle") << int(LossType::ListMle);
        QTest::newRow("margin-ranking") << int(LossType::MarginRanking);
    }
    void lossesPreferTrueOrder() {
        QFETCH(int, type);
        RankingLossOptions options{static_cast<LossType>(type), 0.1};
        auto target = torch::tensor({{1.0f, 2.0f, 3.0f, 4.0f}});
        auto mask = torch::ones({1, 4}, torch::kBool);
        auto right = rankingLoss(torch::tensor({{0.0f, 0.33f, 0.67f, 1.0f}}), target, mask, options)
                         .item<double>();
        auto wrong = rankingLoss(torch::tensor({{1.0f, 0.67f, 0.33f, 0.0f}}), target, mask, options)
                         .item<double>();
        QVERIFY2(right < wrong, qPrintable(QString("right %1 wrong %2").arg(right).arg(wrong)));
        // A gradient step on the loss moves scores towards the true order.
        auto scores = torch::zeros({1, 4}, torch::requires_grad());
        rankingLoss(scores, target, mask, options).backward();
        auto grad = scores.grad();
        QVERIFY(grad[0][0].item<float>() > grad[0][3].item<float>());  // fastest pushed down
    }

    void maskedSlotsAreIgnored() {
        RankingLossOptions options{LossType::PairwiseHinge, 0.1};
        auto mask = torch::tensor({{true, true, false}});
        auto target = torch::tensor({{1.0f, 2.0f, 0.5f}});
        auto a =
            rankingLoss(torch::tensor({{0.0f, 1.0f, 5.0f}}), target, mask, options).item<double>();
        auto b =
            rankingLoss(torch::tensor({{0.0f, 1.0f, -5.0f}}), target, mask, options).item<double>();
        QCOMPARE(a, b);
        QCOMPARE(a, 0.0);
    }

    void sageMeanAggregation() {
        // Producers of node 1: {0}; of node 2: {1}; node 0 has none.
        BatchTopology t;
        t.src = torch::tensor({0, 1}, torch::kLong);
        t.dst = torch::tensor({1, 2}, torch::kLong);
        t.invDegIn = torch::tensor({1.0f, 1.0f, 1.0f});
        auto x = torch::tensor({{1.0f}, {10.0f}, {100.0f}});
        auto mean = meanAggregate(x, t.src, t.dst, t.invDegIn);
        QCOMPARE(mean[0][0].item<float>(), 0.0f);
        QCOMPARE(mean[1][0].item<float>(), 1.0f);
        QCOMPARE(mean[2][0].item<float>(), 10.0f);
    }

    void batchIsBlockDiagonal() {
        PreparedGraph a = chainGraph(GraphKind::Layout, 5), b = chainGraph(GraphKind::Layout, 3);
        auto batch =
            buildGraphBatch({{&a, {0, 1, 2, 3}, {1, 2, 3, 4}, {}}, {&b, {2, 0}, {5, 4}, {}}});
        QCOMPARE(batch.model.topology.graphs, int64_t(2));
        QCOMPARE(batch.model.configs, int64_t(4));
        QCOMPARE(batch.model.nodeFeat.size(0), int64_t(6));
        QCOMPARE(batch.model.topology.src[2].item<int64_t>(), int64_t(3));  // offset edges
        QCOMPARE(batch.mask.sum().item<int64_t>(), int64_t(6));
        QCOMPARE(batch.realConfigs, int64_t(6));
        // One-hot columns: 18 per (configurable node, config slot), feature f in [7 f, 7 f + 7).
        const auto& hot = batch.model.configHotColumns;
        QCOMPARE(hot.sizes().vec(), (std::vector<int64_t>{2, 4, 18}));
        auto feature = torch::arange(18, torch::kLong) * 7;
        QVERIFY((hot >= feature).all().item<bool>() && (hot < feature + 7).all().item<bool>());
        QCOMPARE(batch.model.configMask.sum().item<int64_t>(), int64_t(6));
        // CSR lists of the two chains 0 -> 1 -> 2 and 3 -> 4 -> 5.
        const auto& t = batch.model.topology;
        auto list = [](const torch::Tensor& x) {
            return std::vector<int64_t>(x.data_ptr<int64_t>(), x.data_ptr<int64_t>() + x.numel());
        };
        QCOMPARE(list(t.producerStart), (std::vector<int64_t>{0, 0, 1, 2, 2, 3, 4}));
        QCOMPARE(list(t.producers), (std::vector<int64_t>{0, 1, 3, 4}));
        QCOMPARE(list(t.consumerStart), (std::vector<int64_t>{0, 1, 2, 2, 3, 4, 4}));
        QCOMPARE(list(t.consumers), (std::vector<int64_t>{1, 2, 4, 5}));
        // Targets relative to the item's fastest config.
        QCOMPARE(batch.target[1][1].item<float>(), 1.0f);
    }

    void hotColumnsAreEachSlotsLayout() {
        // Node row 1 takes 3 distinct layouts over the 20 configs (fewer than the 5 slots: its
        // table is decoded once), node row 2 takes 20 (more than the slots: decoded per slot).
        PreparedGraph g = chainGraph(GraphKind::Layout, 20);
        g.configNodeRows = {1, 2};
        std::vector<float> values;
        for (int c = 0; c < 20; ++c) {
            for (int f = 0; f < 18; ++f) values.push_back(static_cast<float>((c % 3 + f) % 7 - 1));
            for (int f = 0; f < 18; ++f)
                values.push_back(static_cast<float>((f < 2 ? (f ? c / 7 : c % 7) : f % 7) - 1));
        }
        g.configs = PackedLayoutConfigs::fromFloats(values.data(), 20, 2);
        QCOMPARE(g.configs.distinctLayouts(0).size(), size_t(3));
        QCOMPARE(g.configs.distinctLayouts(1).size(), size_t(20));
        PreparedGraph other = g;
        const std::vector<std::vector<int64_t>> configs{{5, 17, 3, 3, 11}, {19, 0}};
        const GraphBatch batch =
            buildGraphBatch({{&g, configs[0], {}, {}}, {&other, configs[1], {}, {}}});
        const torch::Tensor hot = batch.model.configHotColumns;
        QCOMPARE(hot.sizes().vec(), (std::vector<int64_t>{4, 5, 18}));
        const int64_t* at = hot.data_ptr<int64_t>();
        for (int64_t item = 0; item < 2; ++item)
            for (int64_t node = 0; node < 2; ++node)
                for (int64_t slot = 0; slot < 5; ++slot) {
                    const std::vector<int64_t>& mine = configs[size_t(item)];
                    const int64_t config = mine[size_t(slot) % mine.size()];  // padding repeats
                    float expected[18];
                    g.configs.unpack(config, node, expected);
                    for (int64_t f = 0; f < 18; ++f)
                        QCOMPARE(at[((item * 2 + node) * 5 + slot) * 18 + f],
                                 f * 7 + static_cast<int64_t>(expected[f]) + 1);
                }
    }

    void everyModelScoresEveryConfig_data() {
        QTest::addColumn<int>("type");
        QTest::newRow("tile-mlp") << int(ModelType::TileMlp);
        QTest::newRow("late-join-sage") << int(ModelType::TileLateJoinSage);
        QTest::newRow("early-join-sage") << int(ModelType::TileEarlyJoinSage);
        QTest::newRow("layout-sage") << int(ModelType::LayoutSage);
    }
    void everyModelScoresEveryConfig() {
        QFETCH(int, type);
        CostModelOptions options = costModelOptions(TrainOptions(), 4, 2);
        options.type = static_cast<ModelType>(type);
        options.hidden = 16;
        const GraphKind kind = modelGraphKind(options.type);
        PreparedGraph a = chainGraph(kind, 6), b = chainGraph(kind, 4);
        auto model = makeCostModel(options);
        auto batch = buildGraphBatch({{&a, {0, 1, 2, 3, 4}, {}, {}}, {&b, {0, 1, 2}, {}, {}}});
        auto scores = model->forward(batch.model);
        QCOMPARE(scores.sizes().vec(), (std::vector<int64_t>{2, 5}));
        QVERIFY(torch::isfinite(scores).all().item<bool>());
        // Backward reaches every parameter.
        scores.sum().backward();
        for (const auto& p : model->named_parameters())
            QVERIFY2(p.value().grad().defined(), p.key().c_str());
    }
};

QTEST_GUILESS_MAIN(TestModelLosses)
#include "tst_model_losses.moc"
