// Graph Segment Training (--segment-nodes): how graphs are cut, that a segment's batch is its
// induced subgraph, that scores add up over segments, the stale score table, and a run that
// trains and validates by segments.
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

#include "model/config_scorer.h"
#include "model/cost_model.h"
#include "model/graph_batch.h"
#include "prepare/graph_segments.h"
#include "train/component_options.h"
#include "train/run_directory.h"
#include "train/segment_training.h"
#include "train/trainer.h"
#include "train/training_data.h"
#include "train_test_support.h"

using namespace tpugraphs;

namespace {

TrainOptions layoutOptions(const std::string& root, const std::string& runDir) {
    TrainOptions o = test::layoutSageOptions(root, runDir);
    o.configsPerGraph = 16;
    o.steps = 8;
    o.validationInterval = 4;
    return o;
}

// Rows [begin, end) of `graph` as a graph of their own, built independently of buildGraphBatch.
PreparedGraph inducedSubgraph(const PreparedGraph& graph, int64_t begin, int64_t end) {
    PreparedGraph sub;
    sub.name = graph.name + "-rows";
    sub.kind = graph.kind;
    sub.nodes = end - begin;
    sub.featureColumns = graph.featureColumns;
    sub.nodeFeat.assign(graph.nodeFeat.begin() + begin * graph.featureColumns,
                        graph.nodeFeat.begin() + end * graph.featureColumns);
    sub.opcode.assign(graph.opcode.begin() + begin, graph.opcode.begin() + end);
    for (size_t e = 0; e < graph.src.size(); ++e)
        if (graph.src[e] >= begin && graph.src[e] < end && graph.dst[e] >= begin &&
            graph.dst[e] < end) {
            sub.src.push_back(graph.src[e] - begin);
            sub.dst.push_back(graph.dst[e] - begin);
        }
    std::vector<int64_t> columns;
    for (size_t j = 0; j < graph.configNodeRows.size(); ++j)
        if (graph.configNodeRows[j] >= begin && graph.configNodeRows[j] < end) {
            columns.push_back(static_cast<int64_t>(j));
            sub.configNodeRows.push_back(graph.configNodeRows[j] - begin);
        }
    PackedLayoutConfigsBuilder builder(static_cast<int64_t>(columns.size()),
                                       graph.configs.configCount());
    float values[kLayoutConfigFeatureCount];
    for (int64_t c = 0; c < graph.configs.configCount(); ++c)
        for (int64_t j : columns) {
            graph.configs.unpack(c, j, values);
            builder.appendFloats(values);
        }
    sub.configs = builder.finish();
    sub.runtime = graph.runtime;
    return sub;
}

void compareTensors(const torch::Tensor& a, const torch::Tensor& b, const char* what) {
    QVERIFY2(a.sizes() == b.sizes(), what);
    QVERIFY2(a.equal(b), what);
}

}  // namespace

class TestTrainSegments : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_root = test::makeEvenLayoutDataset(m_dir, 11);
        TrainOptions o = layoutOptions(m_root, "");
        m_data = loadTrainingData(o, nullptr, nullptr, {}, nullptr);
        QVERIFY(m_data.train.size() >= 2);
    }

    void graphsAreCutIntoRangesWithConfigurableNodes() {
        PreparedGraph g;
        g.nodes = 10;
        g.configNodeRows = {1, 8};
        const std::vector<NodeRange> cut = graphSegments(g, 3);  // 4 ranges: 0-2, 2-5, 5-7, 7-10
        QCOMPARE(cut.size(), size_t{2});                         // the middle two hold none
        QCOMPARE(cut[0].begin, int64_t{0});
        QCOMPARE(cut[0].end, int64_t{2});
        QCOMPARE(cut[1].begin, int64_t{7});
        QCOMPARE(cut[1].end, int64_t{10});
        QCOMPARE(largestSegmentNodes(g, 3), int64_t{3});
        QVERIFY(graphSegments(g, 0).front().whole());   // no cut asked
        QVERIFY(graphSegments(g, 10).front().whole());  // fits
        QCOMPARE(largestSegmentNodes(g, 10), int64_t{10});
        g.configNodeRows.clear();
        QVERIFY(graphSegments(g, 3).front().whole());  // nothing configurable: nothing to rank
    }

    void aSegmentBatchIsItsInducedSubgraph() {
        const PreparedGraph& graph = m_data.train.front();
        const int64_t begin = graph.nodes / 3, end = 2 * graph.nodes / 3;
        const PreparedGraph sub = inducedSubgraph(graph, begin, end);
        QVERIFY(!sub.configNodeRows.empty());
        QVERIFY(!sub.src.empty());
        BatchItem narrowed{&graph, {0, 3, 5}, {}, {begin, end}};
        BatchItem alone{&sub, {0, 3, 5}, {}, {}};
        const GraphBatch a = buildGraphBatch({narrowed}), b = buildGraphBatch({alone});
        compareTensors(a.model.nodeFeat, b.model.nodeFeat, "node features");
        compareTensors(a.model.opcode, b.model.opcode, "opcodes");
        compareTensors(a.model.topology.src, b.model.topology.src, "edge sources");
        compareTensors(a.model.topology.dst, b.model.topology.dst, "edge targets");
        compareTensors(a.model.topology.invDegIn, b.model.topology.invDegIn, "in-degrees");
        compareTensors(a.model.configNodes, b.model.configNodes, "configurable rows");
        compareTensors(a.model.configHotColumns, b.model.configHotColumns, "config columns");
        QCOMPARE(a.model.topology.nodeCounts, std::vector<int64_t>{end - begin});
        BatchItem outside{&graph, {0}, {}, {0, graph.nodes + 1}};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, buildGraphBatch({outside}));
    }

    // Predictions of a segment-trained model: a config's score is the sum over its segments.
    void scoresAddUpOverSegments() {
        TrainOptions o = layoutOptions(m_root, "");
        torch::manual_seed(1);
        auto model = makeCostModel(costModelOptions(o, m_data.nodeNormalizer.outputColumns(),
                                                    m_data.configNormalizer.outputColumns()));
        model->eval();
        const PreparedGraph& graph = m_data.train.front();
        const std::vector<int64_t> configs{0, 1, 2, 3, 4, 5};
        ScoreOptions options;
        options.chunk = 6;
        options.segmentNodes = graph.nodes / 3;
        const std::vector<float> scores =
            scoreConfigs(*model, graph, configs, torch::kCPU, options);
        const std::vector<NodeRange> segments = graphSegments(graph, options.segmentNodes);
        QVERIFY(segments.size() >= 2);
        std::vector<double> sums(configs.size(), 0.0);
        torch::NoGradGuard noGrad;
        for (const NodeRange& segment : segments) {
            const auto s = model->forward(buildGraphBatch({{&graph, configs, {}, segment}}).model);
            for (size_t i = 0; i < configs.size(); ++i) sums[i] += s[0][i].item<double>();
        }
        for (size_t i = 0; i < configs.size(); ++i)
            QVERIFY2(std::abs(scores[i] - sums[i]) < 1e-4 * (1 + std::abs(sums[i])),
                     qPrintable(QString("config %1: %2 vs %3").arg(i).arg(scores[i]).arg(sums[i])));
        options.segmentNodes = 0;
        const std::vector<float> whole = scoreConfigs(*model, graph, configs, torch::kCPU, options);
        QVERIFY(whole != scores);  // cut graphs lose the edges between segments
    }

    // The other segments' scores come from the table once known: the scorer runs only for
    // segments with a config not seen before.
    void staleScoresStandInForTheOtherSegments() {
        const int64_t segmentNodes = m_data.train.front().nodes / 3;
        SegmentTraining segments(m_data.train, segmentNodes);
        QVERIFY(segments.cutGraphs() >= 1);
        const size_t count = segments.segmentCount(0);
        QVERIFY(count >= 2);
        int calls = 0;
        auto scorer = [&](const BatchItem& item) {
            ++calls;
            return std::vector<float>(item.configs.size(), float(item.rows.begin + 1));
        };
        std::mt19937_64 rng(3);
        const BatchItem item{&m_data.train.front(), {2, 7}, {1.0, 2.0}, {}};
        const SegmentStep first = segments.begin({item}, rng, scorer);
        QCOMPARE(calls, static_cast<int>(count) - 1);  // every other segment scored once
        QVERIFY(!first.items[0].rows.whole());
        const std::vector<NodeRange> ranges = graphSegments(m_data.train.front(), segmentNodes);
        float expected = 0;
        for (size_t s = 0; s < count; ++s)
            if (s != first.segments[0]) expected += float(ranges[s].begin + 1);
        QCOMPARE(first.stale[0], (std::vector<float>{expected, expected}));
        QCOMPARE(first.staleSlots({0}, 3), (std::vector<float>{expected, expected, expected}));
        const float fresh[] = {100.0f, 200.0f};
        segments.remember(first, 0, fresh);
        QCOMPARE(segments.tableBytes(),
                 static_cast<int64_t>(count * m_data.train.front().configCount() * 4));

        calls = 0;
        for (int draw = 0; draw < 20; ++draw) {  // configs 2 and 7 are known on every segment
            const SegmentStep next = segments.begin({item}, rng, scorer);
            if (next.segments[0] == first.segments[0]) continue;
            QCOMPARE(next.stale[0][0] - (expected - float(ranges[next.segments[0]].begin + 1)),
                     100.0f);
            QCOMPARE(next.stale[0][1] - (expected - float(ranges[next.segments[0]].begin + 1)),
                     200.0f);
        }
        QCOMPARE(calls, 0);
    }

    void optionsAreCheckedAndKept() {
        TrainOptions o = layoutOptions(m_root, "");
        o.segmentNodes = 200;
        QCOMPARE(trainOptionsFromJson(trainOptionsToJson(o), "test").segmentNodes, int64_t{200});
        QCOMPARE(trainOptionsFromJson("{}", "test").segmentNodes, int64_t{0});
        o.readout = LayoutReadout::Pooled;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, checkTrainOptions(o));
        o.readout = LayoutReadout::NodeScoreSum;
        o.model = ModelType::TileLateJoinSage;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, checkTrainOptions(o));
        o.model = ModelType::LayoutSage;
        o.segmentNodes = -1;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, checkTrainOptions(o));
    }

    void aRunTrainsAndValidatesBySegments() {
        TrainOptions o = layoutOptions(m_root, m_dir.filePath("segments").toStdString());
        o.segmentNodes = m_data.train.front().nodes / 3;
        QStringList notes;
        std::vector<double> losses;
        const TrainResult result = train(o, [&](const TrainProgress& p) {
            if (p.phase == TrainPhase::Loading && p.isNote)
                notes << QString::fromStdString(p.message);
            if (p.phase == TrainPhase::Training) losses.push_back(p.loss);
        });
        QCOMPARE(result.steps, int64_t{8});
        QCOMPARE(notes
                     .filter(QString("--segment-nodes %1: 4 of 4 train graphs train by segments")
                                 .arg(o.segmentNodes))
                     .size(),
                 1);
        QVERIFY(!losses.empty());
        for (double loss : losses) QVERIFY(std::isfinite(loss));
        QVERIFY(std::isfinite(result.last.kendall));
        QCOMPARE(loadRunInfo(o.runDir).options.segmentNodes, o.segmentNodes);
    }

private:
    QTemporaryDir m_dir;
    std::string m_root;
    TrainingData m_data;
};

QTEST_GUILESS_MAIN(TestTrainSegments)
#include "tst_train_segments.moc"
