// Generator content: learnable runtime formulas (Kendall tau of noiseless cost vs noisy runtime),
// node and config features consistent with the shapes, XLA-like opcode mixes.
#include <QtTest>

#include <cmath>
#include <map>
#include <set>

#include "metrics/kendall.h"
#include "synth/generator.h"
#include "synth/synthetic_hlo_graph.h"

using namespace tpugraphs;

namespace {

std::vector<double> toDouble(const std::vector<int64_t>& v) {
    return std::vector<double>(v.begin(), v.end());
}

std::vector<double> indices(size_t n) {
    std::vector<double> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = double(i);
    return v;
}

// Every node: exactly one element type, dims sum/product match dims, layout a permutation.
void checkNodeFeatures(const std::vector<float>& feat, int64_t nodes) {
    for (int64_t i = 0; i < nodes; ++i) {
        const float* f = feat.data() + i * 140;
        int types = 0;
        for (int c = 2; c <= 20; ++c) types += f[c] == 1.0f ? 1 : (f[c] == 0.0f ? 0 : 100);
        QCOMPARE(types, 1);
        double sum = 0, product = 1;
        int rank = 0;
        for (int c = 21; c <= 26; ++c)
            if (f[c] > 0) sum += f[c], product *= f[c], ++rank;
        QCOMPARE(double(f[27]), sum);
        QVERIFY(std::abs(double(f[28]) - product) <= 1e-6 * product);
        std::set<int> m2m;
        for (int d = 0; d < rank; ++d) m2m.insert(int(f[134 + d]));
        if (rank > 0)
            QVERIFY(int(m2m.size()) == rank && *m2m.begin() == 0 && *m2m.rbegin() == rank - 1);
    }
}

}  // namespace

class TestRuntimeFormulas : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        GeneratorOptions options;
        options.seed = 1;
        for (const PlannedGraph& p : planDataset(options))
            if (p.split != Split::Test) m_plans.push_back(p);
        QVERIFY(m_plans.size() > 100);
    }

    // The noiseless cost ranks the noisy runtimes (1% noise) with tau >= 0.95 in every
    // collection; ranking by config index scores near 0.
    void runtimeFormulasAreLearnable() {
        std::map<Collection, std::vector<double>> taus, indexTaus;
        for (const PlannedGraph& p : m_plans) {
            std::vector<double> cost;
            std::vector<int64_t> runtime;
            if (p.collection == Collection::TileXla)
                runtime = generateTileGraph(p, 0.01, &cost).configRuntime;
            else
                runtime = generateLayoutGraph(p, 0.01, &cost).configRuntime;
            if (runtime.size() < 10) continue;
            taus[p.collection].push_back(kendallTau(cost, toDouble(runtime)));
            indexTaus[p.collection].push_back(
                kendallTau(indices(runtime.size()), toDouble(runtime)));
        }
        QCOMPARE(taus.size(), size_t(5));
        for (const auto& [collection, values] : taus) {
            double mean = 0, indexMean = 0;
            for (double t : values) mean += t / double(values.size());
            for (double t : indexTaus[collection]) indexMean += t / double(values.size());
            qInfo(
                "%s: %zu graphs, mean tau(noiseless cost, runtime) = %.4f, mean tau(index, "
                "runtime) = %+.4f",
                collectionName(collection), values.size(), mean, indexMean);
            QVERIFY2(mean >= 0.95, collectionName(collection));
            QVERIFY2(std::abs(indexMean) < 0.1, collectionName(collection));
        }
    }

    void zeroNoiseMeasuresTheCost() {
        std::vector<double> cost;
        const TileGraph g = generateTileGraph(m_plans.front(), 0.0, &cost);
        for (size_t j = 0; j < cost.size(); ++j)
            QCOMPARE(g.configRuntime[j], std::max<int64_t>(1, std::llround(cost[j])));
    }

    void tileFeaturesFollowShapes() {
        std::set<int> opcodes;
        for (const PlannedGraph& p : m_plans) {
            if (p.collection != Collection::TileXla) continue;
            const TileGraph g = generateTileGraph(p, 0.01);
            checkNodeFeatures(g.nodeFeat, g.nodeCount());
            for (uint8_t op : g.nodeOpcode) opcodes.insert(op);
            QCOMPARE(g.nodeFeat[(g.nodeCount() - 1) * 140], 1.0f);  // the root is last
            for (int64_t j = 0; j < g.configCount(); ++j) {
                const float* c = g.configFeat.data() + j * 24;
                for (int group = 0; group < 3; ++group) {
                    const float* b = c + group * 8;
                    double sum = 0, product = 1;
                    int used = 0;
                    for (int d = 0; d < 6; ++d)
                        if (b[d] > 0) sum += b[d], product *= b[d], ++used;
                    QCOMPARE(double(b[6]), sum);
                    QCOMPARE(double(b[7]), used ? product : 0.0);
                }
                QVERIFY(c[8] >= 1);  // output bounds are always set
            }
            QCOMPARE(g.configRuntimeNormalizers.front(), g.configRuntimeNormalizers.back());
        }
        for (int op :
             {hlo::Parameter, hlo::Constant, hlo::Broadcast, hlo::Dot, hlo::Convolution,
              hlo::Reduce, hlo::Add, hlo::Multiply, hlo::Reshape, hlo::Transpose, hlo::Convert})
            QVERIFY2(opcodes.count(op), qPrintable(QString("tile graphs lack opcode %1").arg(op)));
    }

    void layoutConfigsArePermutationsOfTheRightRank() {
        std::set<int> opcodes;
        for (const PlannedGraph& p : m_plans) {
            if (p.collection == Collection::TileXla || p.split != Split::Valid) continue;
            const LayoutGraph g = generateLayoutGraph(p, 0.01);
            checkNodeFeatures(g.nodeFeat, g.nodeCount());
            for (uint8_t op : g.nodeOpcode) opcodes.insert(op);
            for (int64_t id : g.nodeConfigIds) {
                const uint8_t op = g.nodeOpcode[size_t(id)];
                QVERIFY(op == hlo::Convolution || op == hlo::Dot || op == hlo::Reshape);
            }
            QCOMPARE(g.nodeSplits.front(), int64_t(0));
            QCOMPARE(g.nodeSplits.back(), g.nodeCount());
            float values[18];
            for (int64_t c = 0; c < std::min<int64_t>(g.configCount(), 50); ++c) {
                for (int64_t j = 0; j < g.configurableCount(); ++j) {
                    g.configs.unpack(c, j, values);
                    int rank = 0;
                    for (int d = 21; d <= 26; ++d)
                        rank += g.nodeFeat[size_t(g.nodeConfigIds[size_t(j)] * 140 + d)] > 0;
                    for (int group = 0; group < 3; ++group) {
                        std::set<int> seen;
                        int set = 0;
                        for (int k = 0; k < 6; ++k)
                            if (values[group * 6 + k] >= 0)
                                seen.insert(int(values[group * 6 + k])), ++set;
                        QCOMPARE(int(seen.size()), set);  // no repeated dimension
                        if (set) QCOMPARE(*seen.rbegin(), set - 1);
                        if (group == 0 && set)
                            QCOMPARE(set, rank);  // output layout: the node's rank
                    }
                }
            }
        }
        for (int op :
             {hlo::Parameter, hlo::GetTupleElement, hlo::Tuple, hlo::Dot, hlo::Reshape, hlo::Reduce,
              hlo::Broadcast, hlo::Convolution, hlo::Constant, hlo::Select, hlo::While})
            QVERIFY2(opcodes.count(op),
                     qPrintable(QString("layout graphs lack opcode %1").arg(op)));
    }

    void defaultAndRandomShareGraphs() {
        const PlannedGraph* a = nullptr;
        const PlannedGraph* b = nullptr;
        for (const PlannedGraph& p : m_plans) {
            if (!a && p.collection == Collection::LayoutNlpDefault) a = &p;
            if (!b && p.collection == Collection::LayoutNlpRandom) b = &p;
        }
        QVERIFY(a && b);
        const LayoutGraph ga = generateLayoutGraph(*a, 0.01), gb = generateLayoutGraph(*b, 0.01);
        QVERIFY(ga.nodeFeat == gb.nodeFeat && ga.edgeIndex == gb.edgeIndex);
        QVERIFY(ga.configs != gb.configs);
    }

private:
    std::vector<PlannedGraph> m_plans;
};

QTEST_GUILESS_MAIN(TestRuntimeFormulas)
#include "tst_synth_runtime_formulas.moc"
