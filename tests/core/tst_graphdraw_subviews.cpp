// Tests graph views for drawing: topology from records, pruned (configurable) and collapsed views.
#include <QtTest>

#include <algorithm>

#include "graphdraw/graph_subview.h"
#include "synth/synthetic_dag.h"

using namespace tpugraphs;

namespace {

// 6 nodes in two computations [0, 3) and [3, 6); file edges (u consumes v).
LayoutGraph sampleGraph() {
    LayoutGraph g;
    g.nodeOpcode = {63, 63, 2, 34, 59, 100};
    g.edgeIndex = {2, 0, 2, 1, 3, 2, 4, 3, 5, 4, 5, 2, 5, 9};  // last edge is out of range
    g.nodeConfigIds = {3, 3, 7};                               // duplicate and out of range
    g.nodeSplits = {6, 3, 0};
    return g;
}

bool hasEdge(const DagInput& d, int32_t from, int32_t to) {
    for (size_t e = 0; e < d.edgeFrom.size(); ++e)
        if (d.edgeFrom[e] == from && d.edgeTo[e] == to) return true;
    return false;
}

}  // namespace

class TestGraphSubviews : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void topologyFromLayoutGraph() {
        const GraphTopology t = topologyOf(sampleGraph());
        QCOMPARE(t.nodeCount, 6);
        QCOMPARE(t.edgeCount(), 6);
        QCOMPARE(t.edgeFrom[0], 0);  // file edge (2, 0): 2 consumes 0
        QCOMPARE(t.edgeTo[0], 2);
        QCOMPARE(t.configurable, std::vector<int32_t>({3}));
        QCOMPARE(t.computationStart, std::vector<int32_t>({0, 3, 6}));
        QCOMPARE(t.computationCount(), 2);
        QCOMPARE(t.computationOf(2), 0);
        QCOMPARE(t.computationOf(3), 1);
        QCOMPARE(t.computationOf(5), 1);
    }

    void topologyFromTileGraph() {
        TileGraph g;
        g.nodeOpcode = {63, 2};
        g.edgeIndex = {1, 0};
        const GraphTopology t = topologyOf(g);
        QCOMPARE(t.edgeCount(), 1);
        QCOMPARE(t.computationCount(), 1);
        QVERIFY(t.configurable.empty());
    }

    void fullViewKeepsEverything() {
        const GraphTopology t = topologyOf(sampleGraph());
        const GraphSubview sv = fullSubview(t);
        QCOMPARE(sv.nodeCount(), 6);
        QCOMPARE(int(sv.dag.edgeFrom.size()), 6);
        for (int32_t v = 0; v < 6; ++v) {
            QCOMPARE(sv.original[v], v);
            QCOMPARE(sv.viewOf[v], v);
        }
    }

    void configurableViewIsNodePlusNeighbours() {
        const GraphTopology t = topologyOf(sampleGraph());
        const GraphSubview sv = configurableSubview(t);
        QCOMPARE(sv.original, std::vector<int32_t>({2, 3, 4}));
        QCOMPARE(sv.viewOf[0], -1);
        QCOMPARE(sv.viewOf[5], -1);
        QCOMPARE(int(sv.dag.edgeFrom.size()), 2);
        QVERIFY(hasEdge(sv.dag, sv.viewOf[2], sv.viewOf[3]));
        QVERIFY(hasEdge(sv.dag, sv.viewOf[3], sv.viewOf[4]));
    }

    void collapsedViewMergesComputations() {
        const GraphTopology t = topologyOf(sampleGraph());
        const GraphSubview closed = collapsedSubview(t, {});
        QCOMPARE(closed.nodeCount(), 2);
        QCOMPARE(closed.computation, std::vector<int32_t>({0, 1}));
        QCOMPARE(closed.boxSize, std::vector<int32_t>({3, 3}));
        QCOMPARE(closed.original, std::vector<int32_t>({-1, -1}));
        QCOMPARE(int(closed.dag.edgeFrom.size()), 1);  // 2->3 and 2->5 merge into one edge
        QVERIFY(hasEdge(closed.dag, 0, 1));

        const GraphSubview open = collapsedSubview(t, {false, true});
        QCOMPARE(open.nodeCount(), 4);  // box 0 + nodes 3, 4, 5
        QCOMPARE(open.viewOf[0], 0);
        QCOMPARE(open.viewOf[4], 2);
        QCOMPARE(open.original[1], 3);
        QVERIFY(hasEdge(open.dag, 0, open.viewOf[3]));
        QVERIFY(hasEdge(open.dag, 0, open.viewOf[5]));
        QVERIFY(hasEdge(open.dag, open.viewOf[4], open.viewOf[5]));
        QCOMPARE(int(open.dag.edgeFrom.size()), 4);
    }

    void emptyGraphViews() {
        const GraphTopology t = topologyOf(LayoutGraph{});
        QCOMPARE(t.computationCount(), 1);
        QCOMPARE(fullSubview(t).nodeCount(), 0);
        QCOMPARE(configurableSubview(t).nodeCount(), 0);
        QCOMPARE(collapsedSubview(t, {}).nodeCount(), 0);
    }

    void syntheticGraphIsHloLike() {
        const GraphTopology a = makeSyntheticTopology(12000, 9);
        const GraphTopology b = makeSyntheticTopology(12000, 9);
        QCOMPARE(a.edgeFrom, b.edgeFrom);
        QCOMPARE(a.nodeCount, 12000);
        QCOMPARE(a.computationCount(), 3);
        QVERIFY(!a.configurable.empty());
        for (int32_t e = 0; e < a.edgeCount(); ++e) QVERIFY(a.edgeFrom[e] < a.edgeTo[e]);
        const GraphSubview pruned = configurableSubview(a);
        QVERIFY(pruned.nodeCount() < a.nodeCount);
        QVERIFY(pruned.nodeCount() >= int32_t(a.configurable.size()));
    }
};

QTEST_GUILESS_MAIN(TestGraphSubviews)
#include "tst_graphdraw_subviews.moc"
