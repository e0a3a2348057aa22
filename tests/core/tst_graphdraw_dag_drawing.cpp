// Tests the layered DAG drawing: edges point down, no overlaps, determinism, budget, cancel, views.
#include <QtTest>

#include <algorithm>
#include <atomic>

#include "graphdraw/dag_drawing.h"
#include "graphdraw/graph_subview.h"
#include "synth/synthetic_dag.h"

using namespace tpugraphs;

namespace {

DagInput dagOf(const GraphTopology& t) {
    DagInput d;
    d.nodeCount = t.nodeCount;
    d.edgeFrom = t.edgeFrom;
    d.edgeTo = t.edgeTo;
    return d;
}

DagInput diamond() {  // 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3, 0 -> 3
    DagInput d;
    d.nodeCount = 4;
    d.edgeFrom = {0, 0, 1, 2, 0};
    d.edgeTo = {1, 2, 3, 3, 3};
    return d;
}

// Every edge's consumer box lies strictly below its producer box.
void verifyEdgesDownward(const DagInput& input, const GraphDrawing& d) {
    for (size_t e = 0; e < input.edgeFrom.size(); ++e) {
        const int32_t from = input.edgeFrom[e];
        const int32_t to = input.edgeTo[e];
        QVERIFY2(d.y[to] - 0.5f * d.height[to] > d.y[from] + 0.5f * d.height[from],
                 qPrintable(QString("edge %1 -> %2 not downward").arg(from).arg(to)));
        QVERIFY(d.layer[to] > d.layer[from]);
    }
}

void verifyNoOverlap(const GraphDrawing& d, float gap) {
    std::vector<std::vector<int32_t>> byLayer(d.layerCount());
    for (int32_t v = 0; v < d.nodeCount(); ++v) byLayer[d.layer[v]].push_back(v);
    for (auto& layer : byLayer) {
        std::sort(layer.begin(), layer.end(),
                  [&](int32_t a, int32_t b) { return d.x[a] < d.x[b]; });
        for (size_t i = 1; i < layer.size(); ++i) {
            const int32_t a = layer[i - 1];
            const int32_t b = layer[i];
            const float needed = 0.5f * (d.width[a] + d.width[b]) + gap;
            QVERIFY2(d.x[b] - d.x[a] >= needed - 0.01f,
                     qPrintable(QString("nodes %1 and %2 overlap").arg(a).arg(b)));
        }
    }
}

}  // namespace

class TestDagDrawing : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void emptyGraph() {
        const auto d = drawDag(DagInput{});
        QVERIFY(d.has_value());
        QCOMPARE(d->nodeCount(), 0);
        QCOMPARE(d->edgeCount(), 0);
        QCOMPARE(d->layerCount(), 0);
    }

    void singleNode() {
        DagInput in;
        in.nodeCount = 1;
        const auto d = drawDag(in);
        QVERIFY(d.has_value());
        QCOMPARE(d->nodeCount(), 1);
        QCOMPARE(d->layerCount(), 1);
        QCOMPARE(d->width[0], DrawingOptions{}.nodeWidth);
        QVERIFY(d->bounds.right - d->bounds.left >= d->width[0]);
    }

    void diamondIsLayered() {
        const DagInput in = diamond();
        const auto d = drawDag(in);
        QVERIFY(d.has_value());
        QCOMPARE(d->layerCount(), 3);
        QCOMPARE(d->layer[0], 0);
        QCOMPARE(d->layer[3], 2);
        verifyEdgesDownward(in, *d);
        verifyNoOverlap(*d, DrawingOptions{}.nodeGap);
        // The 0 -> 3 edge crosses layer 1 through one routing point.
        QCOMPARE(d->edgePointStart[5] - d->edgePointStart[4], int64_t(3));
        QCOMPARE(d->routingPoints, int64_t(1));
    }

    // Sources (parameters, constants) sit one layer above their first consumer, not in a top row
    // with long edges down to it.
    void sourcesAreLayeredNextToTheirFirstConsumer() {
        DagInput in;  // chain 0 -> 1 -> 2 -> 3 -> 4; sources 5 -> 4 and 6 -> 2, 6 -> 4
        in.nodeCount = 7;
        in.edgeFrom = {0, 1, 2, 3, 5, 6, 6};
        in.edgeTo = {1, 2, 3, 4, 4, 2, 4};
        const auto d = drawDag(in);
        QVERIFY(d.has_value());
        QCOMPARE(d->layer[4], 4);
        QCOMPARE(d->layer[5], d->layer[4] - 1);
        QCOMPARE(d->layer[6], d->layer[2] - 1);
    }

    void polylinesJoinTheBoxes() {
        const DagInput in = diamond();
        const auto d = drawDag(in);
        QVERIFY(d.has_value());
        for (int32_t e = 0; e < d->edgeCount(); ++e) {
            const DrawingPoint first = d->points[d->edgePointStart[e]];
            const DrawingPoint last = d->points[d->edgePointStart[e + 1] - 1];
            const int32_t from = in.edgeFrom[e];
            const int32_t to = in.edgeTo[e];
            QCOMPARE(first.x, d->x[from]);
            QCOMPARE(first.y, d->y[from] + 0.5f * d->height[from]);
            QCOMPARE(last.x, d->x[to]);
            QCOMPARE(last.y, d->y[to] - 0.5f * d->height[to]);
        }
    }

    void largeSyntheticGraph_data() {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<uint>("seed");
        QTest::newRow("300 nodes") << 300 << 1u;
        QTest::newRow("5000 nodes") << 5000 << 7u;
    }
    void largeSyntheticGraph() {
        QFETCH(int, nodes);
        QFETCH(uint, seed);
        const DagInput in = dagOf(makeSyntheticTopology(nodes, seed));
        const auto d = drawDag(in);
        QVERIFY(d.has_value());
        QCOMPARE(d->nodeCount(), nodes);
        verifyEdgesDownward(in, *d);
        verifyNoOverlap(*d, DrawingOptions{}.nodeGap);
        for (int32_t v = 0; v < d->nodeCount(); ++v) {
            QVERIFY(d->x[v] - 0.5f * d->width[v] >= d->bounds.left - 0.01f);
            QVERIFY(d->y[v] + 0.5f * d->height[v] <= d->bounds.bottom + 0.01f);
        }
    }

    void variableNodeSizes() {
        DagInput in = diamond();
        in.nodeWidth = {40, 200, 90, 60};
        in.nodeHeight = {20, 50, 20, 30};
        const auto d = drawDag(in);
        QVERIFY(d.has_value());
        QCOMPARE(d->width[1], 200.0f);
        QCOMPARE(d->height[1], 50.0f);
        verifyEdgesDownward(in, *d);
        verifyNoOverlap(*d, DrawingOptions{}.nodeGap);
    }

    void deterministic() {
        const DagInput in = dagOf(makeSyntheticTopology(2000, 3));
        const auto a = drawDag(in);
        const auto b = drawDag(in);
        QVERIFY(a && b);
        QVERIFY(a->x == b->x);
        QVERIFY(a->y == b->y);
        QCOMPARE(a->points.size(), b->points.size());
        for (size_t i = 0; i < a->points.size(); ++i) {
            QCOMPARE(a->points[i].x, b->points[i].x);
            QCOMPARE(a->points[i].y, b->points[i].y);
        }
    }

    // Layers are a property of the graph: reversing the edge list changes the order in which
    // the layering visits the nodes, not the layers (a DAG's order needs no heap).
    void layersDoNotDependOnEdgeOrder() {
        const DagInput in = dagOf(makeSyntheticTopology(3000, 7));
        DagInput reversed = in;
        std::reverse(reversed.edgeFrom.begin(), reversed.edgeFrom.end());
        std::reverse(reversed.edgeTo.begin(), reversed.edgeTo.end());
        const auto a = drawDag(in);
        const auto b = drawDag(reversed);
        QVERIFY(a && b);
        QVERIFY(a->layerCount() > 10);
        QVERIFY(a->layer == b->layer);
    }

    void routingBudgetIsRespected() {
        const DagInput in = dagOf(makeSyntheticTopology(3000, 5));
        DrawingOptions options;
        options.maxDummyNodes = 0;
        const auto d = drawDag(in, options);
        QVERIFY(d.has_value());
        QCOMPARE(d->routingPoints, int64_t(0));
        int64_t longEdges = 0;
        for (int32_t e = 0; e < d->edgeCount(); ++e) {
            if (d->layer[in.edgeTo[e]] - d->layer[in.edgeFrom[e]] > 1) ++longEdges;
            QCOMPARE(d->edgePointStart[e + 1] - d->edgePointStart[e], int64_t(2));
        }
        QVERIFY(longEdges > 0);
        QCOMPARE(d->straightEdges, longEdges);
        verifyEdgesDownward(in, *d);

        options.maxDummyNodes = 500;
        const auto capped = drawDag(in, options);
        QVERIFY(capped.has_value());
        QVERIFY(capped->routingPoints <= 500);
        QVERIFY(capped->routingPoints > 0);
    }

    void cyclesAndSelfLoopsAreTolerated() {
        DagInput in;
        in.nodeCount = 4;
        in.edgeFrom = {0, 1, 2, 3, 2};
        in.edgeTo = {1, 2, 1, 3, 3};  // 1 <-> 2 cycle, 3 -> 3 self-loop
        const auto d = drawDag(in);
        QVERIFY(d.has_value());
        QCOMPARE(d->nodeCount(), 4);
        QVERIFY(d->layer[1] > d->layer[0]);
        verifyNoOverlap(*d, DrawingOptions{}.nodeGap);
    }

    void invalidEdgeThrows() {
        DagInput in;
        in.nodeCount = 2;
        in.edgeFrom = {0};
        in.edgeTo = {2};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, drawDag(in));
        in.edgeTo = {1};
        in.nodeWidth = {10};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, drawDag(in));
    }

    void cancelBeforeStart() {
        std::atomic<bool> cancel{true};
        DrawingControl control;
        control.cancel = &cancel;
        QVERIFY(!drawDag(diamond(), {}, control).has_value());
    }

    void cancelDuringDrawing() {
        const DagInput in = dagOf(makeSyntheticTopology(4000, 2));
        std::atomic<bool> cancel{false};
        std::vector<float> seen;
        DrawingControl control;
        control.cancel = &cancel;
        control.progress = [&](float f) {
            seen.push_back(f);
            if (f >= 0.2f) cancel = true;
        };
        QVERIFY(!drawDag(in, {}, control).has_value());
        QVERIFY(!seen.empty());
        QVERIFY(seen.back() < 1.0f);
    }

    void progressIsMonotoneToOne() {
        std::vector<float> seen;
        DrawingControl control;
        control.progress = [&](float f) { seen.push_back(f); };
        QVERIFY(drawDag(dagOf(makeSyntheticTopology(500, 4)), {}, control).has_value());
        QVERIFY(seen.size() >= 3);
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        QCOMPARE(seen.front(), 0.0f);
        QCOMPARE(seen.back(), 1.0f);
    }
};

QTEST_GUILESS_MAIN(TestDagDrawing)
#include "tst_graphdraw_dag_drawing.moc"
