// Tests the graph tools of the explorer: the layout differences of two configs (exactly the nodes
// whose 18 config columns differ, ordered by sensitivity) and the DOT and GraphML writers (parsed
// back: as many nodes and edges as the graph, well-formed XML, the attributes carried).
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <sstream>

#include "analysis/config_diff.h"
#include "analysis/graph_export.h"
#include "analysis/loaded_graph.h"
#include "data/feature_names.h"
#include "data/tpugraphs_format.h"

using namespace tpugraphs;

namespace {

constexpr int kNodes = 8, kConfigurable = 4, kConfigs = 5;

// 8 nodes in a chain with a side edge; nodes 1, 3, 5, 6 configurable; 5 configs whose layouts
// are set so that configs 0 and 1 differ at nodes 3 and 6 only.
std::shared_ptr<LayoutGraph> smallLayoutGraph(std::vector<float>& values) {
    auto g = std::make_shared<LayoutGraph>();
    g->name = "small";
    g->nodeOpcode = {1, 2, 3, 4, 5, 6, 7, 8};
    g->nodeFeat.assign(size_t(kNodes) * kNodeFeatureCount, 0.0f);
    g->nodeFeat[size_t(3) * kNodeFeatureCount + 21] = 128.0f;
    for (int v = 1; v < kNodes; ++v) g->edgeIndex.insert(g->edgeIndex.end(), {v, v - 1});
    g->edgeIndex.insert(g->edgeIndex.end(), {7, 2});
    g->nodeConfigIds = {1, 3, 5, 6};
    values.assign(size_t(kConfigs) * kConfigurable * 18, -1.0f);
    auto at = [&values](int c, int k, int i) -> float& {
        return values[(size_t(c) * kConfigurable + k) * 18 + i];
    };
    at(1, 1, 0) = 2.0f;   // node 3: output layout differs in config 1
    at(1, 3, 17) = 4.0f;  // node 6: kernel layout differs in configs 1 and 2
    at(2, 3, 17) = 4.0f;
    for (int c = 2; c < kConfigs; ++c) at(c, 0, 5) = float(c);  // node 1 varies elsewhere
    g->configs = PackedLayoutConfigs::fromFloats(values.data(), kConfigs, kConfigurable);
    g->configRuntime = {100, 90, 80, 120, 110};
    g->nodeSplits = {0};
    return g;
}

std::shared_ptr<LoadedGraph> loaded(std::shared_ptr<LayoutGraph> layout) {
    auto g = std::make_shared<LoadedGraph>();
    g->entry.name = "small";
    g->entry.path = "small.npz";
    g->kind = GraphKind::Layout;
    g->topology = std::make_shared<const GraphTopology>(topologyOf(*layout));
    for (const int64_t r : layout->configRuntime) g->runtimes.push_back(double(r));
    g->measured = true;
    g->layout = std::move(layout);
    return g;
}

}  // namespace

class TestAnalysisGraphTools : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void differencesAreTheNodesWhoseColumnsDiffer() {
        std::vector<float> values;
        const auto g = smallLayoutGraph(values);
        for (int a = 0; a < kConfigs; ++a)
            for (int b = 0; b < kConfigs; ++b) {
                std::vector<int64_t> expected;
                for (int k = 0; k < kConfigurable; ++k)
                    for (int i = 0; i < 18; ++i)
                        if (values[(size_t(a) * kConfigurable + k) * 18 + i] !=
                            values[(size_t(b) * kConfigurable + k) * 18 + i]) {
                            expected.push_back(g->nodeConfigIds[size_t(k)]);
                            break;
                        }
                std::vector<int64_t> found;
                for (const auto& d : layoutDifferences(*g, a, b)) found.push_back(d.node);
                QCOMPARE(found, expected);
            }
        const auto d = layoutDifferences(*g, 0, 1);
        QCOMPARE(d.size(), size_t(2));
        QCOMPARE(layoutTupleText(d[0].a),
                 std::string("output (-1 -1 -1 -1 -1 -1) input (-1 -1 -1 -1 -1 -1) kernel (-1 -1 "
                             "-1 -1 -1 -1)"));
        QVERIFY(layoutTupleText(d[0].b).find("output (2 -1") == 0);
        QVERIFY(std::isnan(d[0].sensitivity));
        // Only the groups that differ, without their trailing -1s (a middle -1 stays).
        QCOMPARE(layoutChangeText(d[0].a, d[0].b), std::string("output (\u2013) \u2192 (2)"));
        QCOMPARE(layoutChangeText(d[1].a, d[1].b),
                 std::string("kernel (\u2013) \u2192 (-1 -1 -1 -1 -1 4)"));
        QCOMPARE(layoutChangeText(d[0].b, d[0].b), std::string());
    }

    void differencesFollowTheSensitivity() {
        std::vector<float> values;
        const auto g = smallLayoutGraph(values);
        // Node 6 takes its second layout in configs 1 and 2 (value 6, the others 0): spread 6.
        // Node 3 takes its second layout in config 1 alone, a group too small: spread 0.
        const std::vector<double> value = {0.0, 6.0, 6.0, 0.0, 0.0};
        const auto d = layoutDifferences(*g, 0, 1, value);
        QCOMPARE(d.size(), size_t(2));
        QCOMPARE(d[0].node, int64_t(6));
        QCOMPARE(d[0].sensitivity, 6.0);
        QCOMPARE(d[1].node, int64_t(3));
        QCOMPARE(d[1].sensitivity, 0.0);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, layoutDifferences(*g, 0, kConfigs));
    }

    void dotCarriesEveryNodeAndEdge() {
        std::vector<float> values;
        const auto g = loaded(smallLayoutGraph(values));
        GraphExportOptions options;
        options.layoutConfig = 1;
        const QString dot = QString::fromStdString(graphDotText(*g, options));
        QVERIFY(dot.startsWith("digraph \"small\" {"));
        const QRegularExpression node(QStringLiteral("^  n(\\d+) \\[label="),
                                      QRegularExpression::MultilineOption);
        const QRegularExpression edge(QStringLiteral("^  n(\\d+) -> n(\\d+);$"),
                                      QRegularExpression::MultilineOption);
        int nodes = 0, edges = 0;
        for (auto it = node.globalMatch(dot); it.hasNext(); it.next()) ++nodes;
        for (auto it = edge.globalMatch(dot); it.hasNext(); it.next()) ++edges;
        QCOMPARE(nodes, g->topology->nodeCount);
        QCOMPARE(edges, g->topology->edgeCount());
        QVERIFY(dot.contains("n3 [label=\""));
        QVERIFY(dot.contains("\"configurable\"=\"true\", \"layout\"=\"output (2 -1"));
        QVERIFY(dot.contains(
            QStringLiteral("\"%1\"=\"128\"").arg(QString::fromUtf8(nodeFeatureName(21).data()))));
    }

    void graphMlIsWellFormedWithEveryNodeAndEdge() {
        std::vector<float> values;
        const auto g = loaded(smallLayoutGraph(values));
        QTemporaryDir dir;
        const std::string path = dir.filePath("small.graphml").toStdString();
        GraphExportOptions options;
        options.layoutConfig = 0;
        writeGraphMl(path, *g, options);
        QFile file(QString::fromStdString(path));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        int nodes = 0, edges = 0, layouts = 0;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement()) continue;
            if (xml.name() == QLatin1String("node")) ++nodes;
            if (xml.name() == QLatin1String("edge")) ++edges;
            if (xml.name() == QLatin1String("data") &&
                xml.attributes().value("key") == QLatin1String("layout"))
                ++layouts;
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(nodes, g->topology->nodeCount);
        QCOMPARE(edges, g->topology->edgeCount());
        QCOMPARE(layouts, kConfigurable);
    }
};

QTEST_APPLESS_MAIN(TestAnalysisGraphTools)
#include "tst_analysis_graph_tools.moc"
