// Tests wrapping tall layered drawings into columns: the bounding box comes near the aimed
// aspect, boxes keep their sizes and never overlap, every edge still joins its two boxes (in a
// straight line when its ends lie in different columns), and a drawing already wide enough is left
// as it is.
#include <QtTest>

#include <algorithm>
#include <numeric>

#include "graphdraw/component_packing.h"
#include "graphdraw/layer_wrapping.h"
#include "synth/synthetic_dag.h"

using namespace tpugraphs;

namespace {

DagInput chain(int count) {
    DagInput d;
    d.nodeCount = count;
    for (int v = 0; v + 1 < count; ++v) {
        d.edgeFrom.push_back(v);
        d.edgeTo.push_back(v + 1);
    }
    return d;
}

DagInput dagOf(const GraphTopology& t) {
    DagInput d;
    d.nodeCount = t.nodeCount;
    d.edgeFrom = t.edgeFrom;
    d.edgeTo = t.edgeTo;
    return d;
}

float aspectOf(const GraphDrawing& d) {
    return (d.bounds.right - d.bounds.left) / (d.bounds.bottom - d.bounds.top);
}

// Every edge starts at its producer's bottom centre and ends at its consumer's top centre.
void verifyEdgesJoinTheirBoxes(const GraphDrawing& d) {
    for (int e = 0; e < d.edgeCount(); ++e) {
        const DrawingPoint first = d.points[d.edgePointStart[e]];
        const DrawingPoint last = d.points[d.edgePointStart[e + 1] - 1];
        const int a = d.edgeFrom[e], b = d.edgeTo[e];
        QCOMPARE(first.x, d.x[a]);
        QCOMPARE(first.y, d.y[a] + 0.5f * d.height[a]);
        QCOMPARE(last.x, d.x[b]);
        QCOMPARE(last.y, d.y[b] - 0.5f * d.height[b]);
    }
}

void verifyInsideBounds(const GraphDrawing& d) {
    for (int v = 0; v < d.nodeCount(); ++v) {
        QVERIFY(d.x[v] - 0.5f * d.width[v] >= d.bounds.left - 0.01f);
        QVERIFY(d.x[v] + 0.5f * d.width[v] <= d.bounds.right + 0.01f);
        QVERIFY(d.y[v] - 0.5f * d.height[v] >= d.bounds.top - 0.01f);
        QVERIFY(d.y[v] + 0.5f * d.height[v] <= d.bounds.bottom + 0.01f);
    }
}

// No two boxes overlap (a sweep over the boxes sorted by their left edge).
void verifyNoOverlaps(const GraphDrawing& d) {
    std::vector<int> order(size_t(d.nodeCount()));
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        return d.x[a] - 0.5f * d.width[a] < d.x[b] - 0.5f * d.width[b];
    });
    for (size_t i = 0; i < order.size(); ++i) {
        const int a = order[i];
        for (size_t j = i + 1; j < order.size(); ++j) {
            const int b = order[j];
            if (d.x[b] - 0.5f * d.width[b] >= d.x[a] + 0.5f * d.width[a]) break;
            const bool apart = d.y[a] + 0.5f * d.height[a] <= d.y[b] - 0.5f * d.height[b] ||
                               d.y[b] + 0.5f * d.height[b] <= d.y[a] - 0.5f * d.height[a];
            QVERIFY2(apart, qPrintable(QString("nodes %1 and %2 overlap").arg(a).arg(b)));
        }
    }
}

}  // namespace

class TestGraphWrapping : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void longChainWrapsToTheAimedAspect() {
        std::optional<GraphDrawing> d = drawDag(chain(600));
        QVERIFY(d.has_value());
        QVERIFY(aspectOf(*d) < 0.01f);  // one spike
        const GraphDrawing before = *d;
        const int columns = wrapLayersIntoColumns(*d, {1.6f, 96.0f});
        QVERIFY2(columns > 10, qPrintable(QString::number(columns)));
        QVERIFY2(aspectOf(*d) > 0.8f && aspectOf(*d) < 3.2f,
                 qPrintable(QString::number(aspectOf(*d))));
        QVERIFY(d->layerY.empty());
        QCOMPARE(d->width, before.width);
        QCOMPARE(d->height, before.height);
        QCOMPARE(d->layer, before.layer);
        verifyEdgesJoinTheirBoxes(*d);
        verifyInsideBounds(*d);
        // Each column flows down, and the next column starts to its right.
        int wraps = 0;
        for (int v = 0; v + 1 < 600; ++v) {
            if (d->y[v + 1] > d->y[v]) continue;
            ++wraps;
            QVERIFY(d->x[v + 1] > d->x[v]);
        }
        QCOMPARE(wraps, columns - 1);
    }

    void anEdgeAcrossColumnsIsDrawnStraight() {
        DagInput input = chain(600);
        input.edgeFrom.push_back(0);  // a long edge down the whole chain, then a short one
        input.edgeTo.push_back(599);
        input.edgeFrom.push_back(1);
        input.edgeTo.push_back(3);
        std::optional<GraphDrawing> d = drawDag(input);
        QVERIFY(d.has_value());
        const int64_t routedBefore = d->routingPoints;
        QVERIFY(d->edgePointStart[600] - d->edgePointStart[599] > 2);  // routed down the spike
        QVERIFY(wrapLayersIntoColumns(*d, {1.6f, 96.0f}) > 10);
        const auto pointsOf = [&](int e) {
            return d->edgePointStart[e + 1] - d->edgePointStart[e];
        };
        QCOMPARE(pointsOf(599), int64_t(2));  // from the first column to the last: one line
        QCOMPARE(pointsOf(600), int64_t(3));  // within the first column: still routed
        QCOMPARE(d->routingPoints, routedBefore - 598);
        QCOMPARE(int64_t(d->points.size()), d->edgePointStart[d->edgeCount()]);
        verifyEdgesJoinTheirBoxes(*d);
        verifyInsideBounds(*d);
    }

    void aDrawingNearTheAspectStaysAsItIs() {
        DagInput chains;  // 4 chains of 6 nodes side by side: about square
        chains.nodeCount = 24;
        for (int c = 0; c < 4; ++c)
            for (int i = 0; i + 1 < 6; ++i) {
                chains.edgeFrom.push_back(6 * c + i);
                chains.edgeTo.push_back(6 * c + i + 1);
            }
        std::optional<GraphDrawing> d = drawDag(chains);
        QVERIFY(d.has_value());
        const std::vector<float> x = d->x, y = d->y;
        QCOMPARE(wrapLayersIntoColumns(*d, {1.6f, 96.0f}), 1);
        QCOMPARE(d->x, x);
        QCOMPARE(d->y, y);
        QVERIFY(!d->layerY.empty());
    }

    void aWideLayerIsSplitIntoRows() {
        DagInput star;  // node 0 feeds 300 consumers: one layer 300 boxes wide
        star.nodeCount = 301;
        for (int v = 1; v <= 300; ++v) {
            star.edgeFrom.push_back(0);
            star.edgeTo.push_back(v);
        }
        std::optional<GraphDrawing> d = drawDag(star);
        QVERIFY(d.has_value());
        QVERIFY(aspectOf(*d) > 100.0f);
        wrapLayersIntoColumns(*d, {1.6f, 96.0f});
        QVERIFY2(aspectOf(*d) > 0.8f && aspectOf(*d) < 3.2f,
                 qPrintable(QString::number(aspectOf(*d))));
        QVERIFY(d->layerY.empty());
        for (int v = 1; v <= 300; ++v) QVERIFY(d->y[v] > d->y[0]);  // still below the producer
        verifyEdgesJoinTheirBoxes(*d);
        verifyInsideBounds(*d);
        verifyNoOverlaps(*d);
    }

    void packedGeneratedGraphComesNearTheAspectWithoutOverlaps() {
        const GraphTopology t = makeSyntheticTopology(3000);
        PackingOptions packing;
        packing.aspect = 1.6f;
        std::optional<GraphDrawing> d = drawComponents(dagOf(t), {}, packing);
        QVERIFY(d.has_value());
        QVERIFY2(aspectOf(*d) > 0.8f && aspectOf(*d) < 3.2f,
                 qPrintable(QString::number(aspectOf(*d))));
        verifyEdgesJoinTheirBoxes(*d);
        verifyInsideBounds(*d);
        verifyNoOverlaps(*d);
    }

    void unwrappedPackingIsTheLayeredDrawing() {
        PackingOptions packing;
        packing.wrapColumns = false;
        const std::optional<GraphDrawing> packed = drawComponents(chain(300), {}, packing);
        const std::optional<GraphDrawing> plain = drawDag(chain(300));
        QVERIFY(packed && plain);
        QCOMPARE(packed->x, plain->x);
        QCOMPARE(packed->y, plain->y);
    }
};

QTEST_APPLESS_MAIN(TestGraphWrapping)
#include "tst_graphdraw_wrapping.moc"
