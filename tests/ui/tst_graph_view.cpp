// GUI tests of the graph view: off-thread layout, fit, click selection, wheel zoom, pan, search,
// views.
#include <QPainter>
#include <QSignalSpy>
#include <QToolTip>
#include <QtTest>

#include "analysis/loaded_graph.h"
#include "explorer_test_support.h"
#include "graph_view_test_support.h"
#include "graphview/graph_legend.h"
#include "graphview/graph_palette.h"
#include "graphview/graph_search_bar.h"
#include "graphview/graph_view_widget.h"
#include "synth/synthetic_dag.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

using test::GraphViewFixture;
using test::hover;
using test::smallGraph;

// The scene's bounds on screen.
QRectF screenBounds(const GraphViewWidget& view) {
    const QRectF b = view.scene()->bounds();
    const QPointF topLeft = view.nodeScreenPos(view.scene()->originalNode(0)) -
                            view.scene()->rect(0).center() * view.zoom();
    return QRectF(topLeft + b.topLeft() * view.zoom(), b.size() * view.zoom());
}

}  // namespace

class TestGraphView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void layoutRunsOffTheUiThreadAndFits() {
        GraphViewFixture f(smallGraph());
        QVERIFY(f.ok);
        QVERIFY(!f.view.isDrawing());
        QCOMPARE(f.view.scene()->nodeCount(), 6);
        QCOMPARE(f.view.scene()->edgeCount(), 6);
        f.view.repaint();
        QCOMPARE(f.view.drawnNodeCount(), 6);
        QCOMPARE(f.view.drawnEdgeCount(), 6);
        for (int v = 0; v < 6; ++v)
            QVERIFY(f.view.rect().contains(f.view.nodeScreenPos(v).toPoint()));
        // Data flows down: a consumer is drawn below its producer.
        QVERIFY(f.view.nodeScreenPos(3).y() > f.view.nodeScreenPos(2).y());
    }

    void fitShowsEveryNodeOfALargeGraph() {
        GraphViewFixture f(std::make_shared<const GraphTopology>(makeSyntheticTopology(3000, 4)));
        QVERIFY(f.ok);
        f.view.zoomAt(8.0, QPointF(400, 300));
        f.view.repaint();
        QVERIFY(f.view.drawnNodeCount() < 3000);
        QTest::keyClick(&f.view, Qt::Key_F);
        f.view.repaint();
        QCOMPARE(f.view.drawnNodeCount(), 3000);
        QCOMPARE(f.view.detail(), GraphDetail::Dots);
        for (int v = 0; v < 3000; v += 97)
            QVERIFY(f.view.rect().contains(f.view.nodeScreenPos(v).toPoint()));
    }

    // Zoomed out, a few marked nodes get rings that make them findable; hundreds (the nlp
    // graph's differing layouts) are ringed just around their dots, not buried under rings.
    void manyMarkedNodesGetTightRings() {
        GraphViewFixture f(std::make_shared<const GraphTopology>(makeSyntheticTopology(3000, 4)));
        QVERIFY(f.ok);
        QTest::keyClick(&f.view, Qt::Key_F);
        QCOMPARE(f.view.detail(), GraphDetail::Dots);
        QVector<int> few, many;
        for (int node = 0; node < 3000; node += 300) few << node;
        for (int node = 0; node < 3000; node += 6) many << node;
        f.view.setMarkedNodes(few);
        f.view.repaint();
        const double findable = f.view.drawnMarkRingRadius();
        f.view.setMarkedNodes(many);
        f.view.repaint();
        const double tight = f.view.drawnMarkRingRadius();
        QVERIFY2(findable >= 10.0 && tight > 0.0 && tight <= findable / 2,
                 qPrintable(QStringLiteral("%1 and %2 px").arg(findable).arg(tight)));
        f.view.setMarkedNodes({});
        f.view.repaint();
        QCOMPARE(f.view.drawnMarkRingRadius(), 0.0);
    }

    void clickSelectsNodeAndHighlightsNeighbours() {
        GraphViewFixture f(smallGraph());
        QVERIFY(f.ok);
        QSignalSpy selected(&f.view, &GraphViewWidget::nodeSelected);
        QVERIFY(f.view.centreOnNode(3));
        QTest::mouseClick(&f.view, Qt::LeftButton, {}, f.view.nodeScreenPos(3).toPoint());
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.at(0).at(0).toInt(), 3);
        QCOMPARE(f.view.selectedNode(), 3);
        const auto& scene = *f.view.scene();
        QCOMPARE(scene.inEdges(scene.viewNodeOf(3)).size(), 1);
        QCOMPARE(scene.outEdges(scene.viewNodeOf(3)).size(), 1);
        // A click on empty space clears the selection.
        QTest::mouseClick(&f.view, Qt::LeftButton, {}, QPoint(2, 2));
        QCOMPARE(f.view.selectedNode(), -1);
        QCOMPARE(selected.last().at(0).toInt(), -1);
    }

    void wheelZoomsAroundTheCursor() {
        GraphViewFixture f(smallGraph());
        QVERIFY(f.ok);
        const QPointF anchor = f.view.nodeScreenPos(2);
        const double before = f.view.zoom();
        QWheelEvent wheel(anchor, f.view.mapToGlobal(anchor), QPoint(), QPoint(0, 240),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&f.view, &wheel);
        QVERIFY(f.view.zoom() > before * 1.4);
        const QPointF after = f.view.nodeScreenPos(2);
        QVERIFY(qAbs(after.x() - anchor.x()) < 0.5 && qAbs(after.y() - anchor.y()) < 0.5);
        QVERIFY(f.view.nodeScreenPos(5) != anchor);
    }

    void dragPansWithoutSelecting() {
        GraphViewFixture f(smallGraph());
        QVERIFY(f.ok);
        QSignalSpy selected(&f.view, &GraphViewWidget::nodeSelected);
        const QPointF before = f.view.nodeScreenPos(0);
        const QPoint start = before.toPoint();
        QTest::mousePress(&f.view, Qt::LeftButton, {}, start);
        QMouseEvent move(QEvent::MouseMove, QPointF(start + QPoint(60, 40)),
                         f.view.mapToGlobal(QPointF(start + QPoint(60, 40))), Qt::NoButton,
                         Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&f.view, &move);
        QTest::mouseRelease(&f.view, Qt::LeftButton, {}, start + QPoint(60, 40));
        const QPointF after = f.view.nodeScreenPos(0);
        QVERIFY(qAbs(after.x() - before.x() - 60) < 0.5);
        QVERIFY(qAbs(after.y() - before.y() - 40) < 0.5);
        QCOMPARE(selected.count(), 0);
    }

    void keyboardZoomAndFit() {
        GraphViewFixture f(smallGraph());
        QVERIFY(f.ok);
        const double fitted = f.view.zoom();
        QTest::keyClick(&f.view, Qt::Key_Plus);
        QVERIFY(f.view.zoom() > fitted);
        QTest::keyClick(&f.view, Qt::Key_Minus);
        QTest::keyClick(&f.view, Qt::Key_Minus);
        QVERIFY(f.view.zoom() < fitted);
        QTest::keyClick(&f.view, Qt::Key_Home);
        QCOMPARE(f.view.zoom(), fitted);
    }

    void searchFindsNodesByIdAndOpcode() {
        GraphViewFixture f(smallGraph());
        QVERIFY(f.ok);
        QCOMPARE(f.view.findNodes("4"), QVector<int>({4}));
        QCOMPARE(f.view.findNodes("#5"), QVector<int>({5}));
        QCOMPARE(f.view.findNodes("parameter"), QVector<int>({0, 1}));
        QCOMPARE(f.view.findNodes("DOT"), QVector<int>({3}));
        QCOMPARE(f.view.findNodes("mul"), QVector<int>({4}));  // substring when no exact name
        QVERIFY(f.view.findNodes("no-such-op").isEmpty());
        QVERIFY(f.view.findNodes("99").isEmpty());
    }

    void searchBarStepsThroughMatches() {
        GraphViewFixture f(smallGraph());
        QVERIFY(f.ok);
        GraphSearchBar bar(&f.view);
        bar.search("parameter");
        QCOMPARE(bar.matchCount(), 2);
        QCOMPARE(f.view.selectedNode(), 0);
        const QPointF centre(f.view.width() / 2.0, f.view.height() / 2.0);
        QVERIFY(QLineF(f.view.nodeScreenPos(0), centre).length() < 1.0);
        bar.next();
        QCOMPARE(f.view.selectedNode(), 1);
        QVERIFY(QLineF(f.view.nodeScreenPos(1), centre).length() < 1.0);
        bar.next();
        QCOMPARE(f.view.selectedNode(), 0);
        bar.previous();
        QCOMPARE(f.view.selectedNode(), 1);
        bar.search("nothing-like-this");
        QCOMPARE(bar.matchCount(), 0);
    }

    void configurableViewShowsThePrunedGraph() {
        GraphViewFixture f(smallGraph(), GraphViewMode::ConfigurableNeighbourhood);
        QVERIFY(f.ok);
        QCOMPARE(f.view.scene()->nodeCount(), 3);  // 2 -> 3 -> 4
        QVERIFY(f.view.findNodes("parameter").isEmpty());
        QVERIFY(!f.view.centreOnNode(0));
        QVERIFY(f.view.centreOnNode(3));
        QVERIFY(f.view.scene()->isConfigurable(f.view.scene()->viewNodeOf(3)));
    }

    // Boxes are numbered from 1, as in the inspector ("computation 2 of 2"); a double-click
    // opens a box and fits the view to its nodes; Collapse all folds it back.
    void collapsedComputationsExpandOnDoubleClick() {
        GraphViewFixture f(smallGraph(), GraphViewMode::CollapsedComputations);
        QVERIFY(f.ok);
        const GraphScene* scene = f.view.scene().get();
        QCOMPARE(scene->nodeCount(), 2);
        QVERIFY(scene->isBox(0));
        QCOMPARE(scene->label(0), QStringLiteral("computation 1 of 2 · 3 nodes"));
        const int box = scene->viewNodeOf(4);
        QCOMPARE(scene->label(box), QStringLiteral("computation 2 of 2 · 3 nodes"));
        QVERIFY(f.view.nodeTip(box).startsWith("computation 2 of 2"));
        QCOMPARE(scene->edgeCount(), 1);  // 2 -> 3 and 2 -> 5 join the two boxes once
        QSignalSpy finished(&f.view, &GraphViewWidget::drawingFinished);
        QTest::mouseDClick(&f.view, Qt::LeftButton, {}, f.view.nodeScreenPos(4).toPoint());
        QVERIFY(finished.wait(20000));
        scene = f.view.scene().get();
        QCOMPARE(scene->nodeCount(), 4);  // box 0 + nodes 3, 4, 5
        QVERIFY(!scene->isBox(scene->viewNodeOf(4)));
        QVERIFY(f.view.nodeTip(scene->viewNodeOf(4)).contains("computation 2 of 2"));
        QCOMPARE(scene->edgeCount(), 4);  // box -> 3, box -> 5, 3 -> 4, 4 -> 5
        // The opened computation fills the view: its nodes span most of its height, and the
        // box of computation 1 lies outside.
        const double top = f.view.nodeScreenPos(3).y(), bottom = f.view.nodeScreenPos(5).y();
        QVERIFY(top > 0 && bottom < f.view.height());
        QVERIFY2(bottom - top > 0.5 * f.view.height(), qPrintable(QString::number(bottom - top)));
        QVERIFY(!f.view.rect().contains(
            f.view.nodeScreenPos(0).toPoint()));  // node 0 is inside the folded box 1
        f.view.collapseAllComputations();
        QVERIFY(finished.wait(20000));
        QCOMPARE(f.view.scene()->nodeCount(), 2);
        QVERIFY(f.view.rect().contains(f.view.nodeScreenPos(0).toPoint()));
    }

    void newGraphDropsTheStaleLayout() {
        GraphViewWidget view;
        view.resize(400, 300);
        QSignalSpy finished(&view, &GraphViewWidget::drawingFinished);
        view.setGraph(std::make_shared<const GraphTopology>(makeSyntheticTopology(20000, 1)));
        view.setGraph(smallGraph());
        QTRY_VERIFY_WITH_TIMEOUT(!view.isDrawing(), 20000);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.at(0).at(0).toInt(), 6);
        QCOMPARE(view.scene()->nodeCount(), 6);
    }

    // Hovering a node shows its id, opcode, the detail given (a shape) and whether it is
    // configurable; labels appear once a box is 8 px high.
    void hoverShowsNodeTipAndLabelsAppear() {
        GraphViewFixture f(smallGraph());
        QVERIFY(f.ok);
        f.view.setNodeDetail([](int node) { return QStringLiteral("shape f32[%1]").arg(node); });
        QVERIFY(f.view.centreOnNode(3));
        hover(f.view, f.view.nodeScreenPos(3).toPoint());
        const QString tip = QToolTip::text();  // read at once: offscreen, Qt soon hides it
        QVERIFY2(tip.startsWith("Node 3: dot\nshape f32[3]\nconfigurable"), qPrintable(tip));
        QVERIFY2(tip.contains("computation 2 of 2"), qPrintable(tip));
        hover(f.view, f.view.nodeScreenPos(2).toPoint());
        QVERIFY2(QToolTip::text().contains("not configurable"), qPrintable(QToolTip::text()));
        f.view.zoomAt(7.5 / 28.0 / f.view.zoom(), f.view.nodeScreenPos(3));
        QCOMPARE(f.view.detail(), GraphDetail::Boxes);
        QTest::keyClick(&f.view, Qt::Key_Plus);  // one step more: 9.75 px
        QCOMPARE(f.view.detail(), GraphDetail::Labels);
    }

    void nodeValuesRecolourNodes() {
        GraphViewFixture f(smallGraph());
        QVERIFY(f.ok);
        f.view.setLegendVisible(false);
        f.view.setNodeValues({0, 0, 0, 0, 10, NAN}, "sensitivity");
        QVERIFY(f.view.centreOnNode(4));
        f.view.zoomAt(0.25 / f.view.zoom(), f.view.nodeScreenPos(4));  // boxes without text
        QCOMPARE(f.view.detail(), GraphDetail::Boxes);
        const QImage image = f.view.grab().toImage();
        const QPoint centre = f.view.nodeScreenPos(4).toPoint();
        QCOMPARE(QColor(image.pixel(centre)).rgb(), valueColor(1.0f).rgb());
    }

    // Fit keeps the graph clear of the legend; a click on the legend's header folds it (the
    // fitted view grows into the room) and selects nothing; another click unfolds it.
    void legendFoldsAndFitLeavesItsRoom() {
        GraphViewFixture f(std::make_shared<const GraphTopology>(makeSyntheticTopology(3000, 4)));
        QVERIFY(f.ok);
        const QRect open = f.view.legendRect();
        QVERIFY(!open.isEmpty());
        QVERIFY(!screenBounds(f.view).intersects(open));
        const double fittedOpen = f.view.zoom();
        QSignalSpy selected(&f.view, &GraphViewWidget::nodeSelected);
        QTest::mouseClick(&f.view, Qt::LeftButton, {}, open.topLeft() + QPoint(20, 8));
        QVERIFY(f.view.isLegendCollapsed());
        const QRect folded = f.view.legendRect();
        QVERIFY(folded.height() < open.height() / 4);
        QVERIFY(!screenBounds(f.view).intersects(folded));
        QVERIFY(f.view.zoom() >= fittedOpen);
        QTest::mouseClick(&f.view, Qt::LeftButton, {}, folded.topLeft() + QPoint(20, 8));
        QVERIFY(!f.view.isLegendCollapsed());
        QCOMPARE(f.view.legendRect(), open);
        QCOMPARE(selected.count(), 0);
    }

    // The legend is translucent: painted over black, its empty corner is grey, not white.
    void legendIsTranslucent() {
        QImage image(400, 300, QImage::Format_RGB32);
        image.fill(Qt::black);
        QPainter painter(&image);
        const GraphLegendContent content;
        paintGraphLegend(painter, image.rect(), content);
        painter.end();
        const QRect box = graphLegendGeometry(image.rect(), painter.font(), content).box;
        const QColor empty(image.pixel(box.right() - 6, box.top() + 9));
        QVERIFY2(empty.lightness() > 60 && empty.lightness() < 220, qPrintable(empty.name()));
    }

    // Zoomed in, each edge ends in an arrowhead above its consumer; zoomed out, none.
    void arrowheadsWhenZoomedIn() {
        GraphViewFixture f(smallGraph());
        QVERIFY(f.ok);
        f.view.setLegendVisible(false);
        QVERIFY(f.view.centreOnNode(4));
        f.view.repaint();
        QCOMPARE(f.view.detail(), GraphDetail::Labels);
        QVERIFY(f.view.drawnArrowCount() >= 1);
        // Just before the end of the edge 3 -> 4: the arrowhead, darker than the edge line.
        const GraphScene& scene = *f.view.scene();
        const int e = scene.inEdges(scene.viewNodeOf(4)).first();
        const QPointF tip = f.view.nodeScreenPos(4) + (scene.point(scene.pointEnd(e) - 1) -
                                                       scene.rect(scene.edgeTo(e)).center()) *
                                                          f.view.zoom();
        const QLineF last(scene.point(scene.pointEnd(e) - 2), scene.point(scene.pointEnd(e) - 1));
        const QPointF inside = tip - QPointF(last.dx(), last.dy()) / last.length() * 3.0;
        const QImage image = f.view.grab().toImage();
        const QColor head(image.pixel(inside.toPoint()));
        QVERIFY2(head.lightness() < palette::background.lightness() - 60, qPrintable(head.name()));
        f.view.zoomAt(0.1 / f.view.zoom(), f.view.nodeScreenPos(4));
        f.view.repaint();
        QCOMPARE(f.view.detail(), GraphDetail::Dots);
        QCOMPARE(f.view.drawnArrowCount(), 0);
    }

    // The configurable-nodes view of the real nlp graph (hundreds of small components) is laid
    // out as a block, not one long row.
    void neighbourhoodOfTheNlpGraphIsNotOneRow() {
        if (!test::haveSharedDataset())
            QSKIP("../shared/data absent: the nlp neighbourhood view is not checked");
        const DatasetIndex index = scanDataset(test::sharedDatasetRoot().toStdString());
        const LoadedGraph graph = loadGraph(test::sharedEntry(index, Collection::LayoutNlpDefault,
                                                              "3a0c5517a87df8d82fd637b83298a3ba"));
        GraphViewFixture f(graph.topology, GraphViewMode::ConfigurableNeighbourhood);
        QVERIFY(f.ok);
        QCOMPARE(f.view.scene()->nodeCount(), 2850);
        const QRectF b = f.view.scene()->bounds();
        QVERIFY2(b.width() < 2.5 * b.height() && b.height() < 2.5 * b.width(),
                 qPrintable(QString("%1 x %2").arg(b.width()).arg(b.height())));
        f.view.repaint();
        QCOMPARE(f.view.drawnNodeCount(), 2850);  // fitted: every node in view
    }
};

QTEST_MAIN(TestGraphView)
#include "tst_graph_view.moc"
