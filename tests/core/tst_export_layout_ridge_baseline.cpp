// Ridge baseline on one-hot layout config features: the features, and a fit that recovers a
// runtime that is linear in them.
#include <QtTest>

#include <cmath>

#include "export/layout_ridge_baseline.h"
#include "metrics/layout_metrics.h"

using namespace tpugraphs;

namespace {

// A graph of `nodes` configurable nodes whose configs set output_layout_0 of each node to 0..5
// at random; runtime = exp(sum over nodes of the cost of that value): linear in the features.
LayoutGraph makeGraph(int64_t configs, int64_t nodes, unsigned seed) {
    const double cost[6] = {0.0, 0.03, 0.01, 0.05, 0.02, 0.04};
    LayoutGraph g;
    PackedLayoutConfigsBuilder packed(nodes, configs);
    std::srand(seed);
    for (int64_t c = 0; c < configs; ++c) {
        double log = 10.0;
        for (int64_t j = 0; j < nodes; ++j) {
            float values[kLayoutConfigFeatureCount];
            std::fill(values, values + kLayoutConfigFeatureCount, -1.0f);
            const int v = std::rand() % 6;
            values[0] = static_cast<float>(v);
            log += cost[v];
            packed.appendFloats(values);
        }
        g.configRuntime.push_back(std::llround(std::exp(log)));
    }
    g.configs = packed.finish();
    return g;
}

}  // namespace

class TestLayoutRidgeBaseline : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void featuresAreSharesOfNodes() {
        const LayoutGraph g = makeGraph(3, 4, 1);
        const std::vector<double> x = layoutRidgeFeatures(g, 0);
        QCOMPARE(int(x.size()), kLayoutRidgeFeatures);
        for (int column = 0; column < kLayoutConfigFeatureCount; ++column) {
            double sum = 0.0;
            for (int v = 0; v < 7; ++v) sum += x[size_t(column * 7 + v)];
            QCOMPARE(sum, 1.0);  // every node has one value per column
        }
        QCOMPARE(x[1 * 7 + 0], 1.0);  // output_layout_1 is -1 on every node
    }

    void fitRecoversALinearRuntime() {
        std::vector<LayoutGraph> train;
        for (unsigned s = 0; s < 4; ++s) train.push_back(makeGraph(300, 20, s + 1));
        std::vector<const LayoutGraph*> pointers;
        for (const LayoutGraph& g : train) pointers.push_back(&g);
        const LayoutRidgeModel model = fitLayoutRidge(pointers, 1e-6);
        const LayoutGraph valid = makeGraph(200, 20, 99);
        const double tau = layoutKendallTau(layoutRidgeScores(model, valid), valid.configRuntime);
        QVERIFY2(tau > 0.95, qPrintable(QString::number(tau)));
    }
};

QTEST_GUILESS_MAIN(TestLayoutRidgeBaseline)
#include "tst_export_layout_ridge_baseline.moc"
