// Tests packing separate components: many small ones fill a rectangle, none overlap, one
// component is drawn exactly as drawDag draws it.
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <numeric>

#include "graphdraw/component_packing.h"

using namespace tpugraphs;

namespace {

// `count` chains a -> b -> c, node ids 3k, 3k+1, 3k+2, plus one isolated node at the end.
DagInput chains(int count) {
    DagInput d;
    d.nodeCount = 3 * count + 1;
    for (int k = 0; k < count; ++k)
        for (int i = 0; i < 2; ++i) {
            d.edgeFrom.push_back(3 * k + i);
            d.edgeTo.push_back(3 * k + i + 1);
        }
    return d;
}

DrawingRect boxOf(const GraphDrawing& d, int v) {
    return {d.x[v] - 0.5f * d.width[v], d.y[v] - 0.5f * d.height[v], d.x[v] + 0.5f * d.width[v],
            d.y[v] + 0.5f * d.height[v]};
}

bool overlap(const DrawingRect& a, const DrawingRect& b) {
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

}  // namespace

class TestGraphPacking : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void componentsAreNumberedLargestFirst() {
        DagInput d = chains(2);
        d.edgeFrom.push_back(4);  // 3 -> 4 -> 5 and 5 -> 6 (the isolated node joins it)
        d.edgeTo.push_back(6);
        std::vector<int32_t> of;
        QCOMPARE(connectedComponents(d, of), 2);
        QCOMPARE(of, (std::vector<int32_t>{1, 1, 1, 0, 0, 0, 0}));
    }

    void smallComponentsFillARectangle() {
        const DagInput in = chains(400);
        const auto d = drawComponents(in);
        QVERIFY(d.has_value());
        QCOMPARE(d->nodeCount(), in.nodeCount);
        const float w = d->bounds.right - d->bounds.left, h = d->bounds.bottom - d->bounds.top;
        // One row of 401 components would be about 60 times wider than high.
        QVERIFY2(w / h > 0.4f && w / h < 2.5f, qPrintable(QString("aspect %1").arg(w / h)));
        for (int k = 0; k < 400; ++k) {  // each chain still flows down
            QVERIFY(d->y[3 * k + 1] > d->y[3 * k]);
            QVERIFY(d->y[3 * k + 2] > d->y[3 * k + 1]);
        }
        // No box overlaps another (a sweep over boxes sorted by left edge).
        std::vector<int> order(size_t(in.nodeCount));
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(),
                  [&](int a, int b) { return boxOf(*d, a).left < boxOf(*d, b).left; });
        for (size_t i = 0; i < order.size(); ++i)
            for (size_t j = i + 1;
                 j < order.size() && boxOf(*d, order[j]).left < boxOf(*d, order[i]).right; ++j)
                QVERIFY(!overlap(boxOf(*d, order[i]), boxOf(*d, order[j])));
        // Edge polylines keep the input order and start at their producer's bottom centre.
        for (int e = 0; e < d->edgeCount(); ++e) {
            const DrawingPoint p = d->points[size_t(d->edgePointStart[size_t(e)])];
            const int from = in.edgeFrom[size_t(e)];
            QCOMPARE(p.x, d->x[from]);
            QCOMPARE(p.y, d->y[from] + 0.5f * d->height[from]);
        }
    }

    void oneComponentIsDrawnAsByDrawDag() {
        DagInput in;
        in.nodeCount = 4;
        in.edgeFrom = {0, 0, 1, 2};
        in.edgeTo = {1, 2, 3, 3};
        const auto packed = drawComponents(in);
        const auto plain = drawDag(in);
        QVERIFY(packed && plain);
        QCOMPARE(packed->x, plain->x);
        QCOMPARE(packed->y, plain->y);
        QCOMPARE(packed->layerCount(), plain->layerCount());
    }

    void badInputThrowsAndCancelStops() {
        DagInput in = chains(3);
        in.edgeTo.back() = 99;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, drawComponents(in));
        std::atomic<bool> cancel{true};
        DrawingControl control;
        control.cancel = &cancel;
        QVERIFY(!drawComponents(chains(3), {}, {}, control).has_value());
    }
};

QTEST_GUILESS_MAIN(TestGraphPacking)
#include "tst_graphdraw_packing.moc"
