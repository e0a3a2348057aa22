// GUI tests of the graph view: off-thread layout, fit, click selection, wheel zoom, pan, search,
// views.
#include <QSignalSpy>
#include <QToolTip>
#include <QtTest>

#include "graphview/graph_palette.h"
#include "graphview/graph_search_bar.h"
#include "graphview/graph_view_widget.h"
#include "synth/synthetic_dag.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

// 0 parameter, 1 parameter -> 2 add -> 3 dot -> 4 multiply -> 5 tuple (and 2 -> 5);
// computations [0, 3) and [3, 6); 3 is configurable.
std::shared_ptr<const GraphTopology> smallGraph() {
    auto t = std::make_shared<GraphTopology>();
    t->nodeCount = 6;
    t->opcode = {63, 63, 2, 34, 59, 100};
    t->edgeFrom = {0, 1, 2, 3, 4, 2};
    t->edgeTo = {2, 2, 3, 4, 5, 5};
    t->configurable = {3};
    t->computationStart = {0, 3, 6};
    return t;
}

class Fixture {
public:
    explicit Fixture(std::shared_ptr<const GraphTopology> graph,
                     GraphViewMode mode = GraphViewMode::Whole) {
        view.resize(800, 600);
        view.show();
        view.setViewMode(mode);
        QSignalSpy finished(&view, &GraphViewWidget::layoutFinished);
        view.setGraph(std::move(graph));
        ok = view.isLayingOut() && finished.wait(20000) && view.scene() != nullptr;
    }
    GraphViewWidget view;
    bool ok = false;
};

// A mouse move without buttons (QTest's own moves carry the buttons an earlier test left down).
void hover(QWidget& widget, const QPoint& position) {
    QMouseEvent move(QEvent::MouseMove, position, widget.mapToGlobal(position), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&widget, &move);
}

}  // namespace

class TestGraphView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void layoutRunsOffTheUiThreadAndFits() {
        Fixture f(smallGraph());
        QVERIFY(f.ok);
        QVERIFY(!f.view.isLayingOut());
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
        Fixture f(std::make_shared<const GraphTopology>(makeSyntheticTopology(3000, 4)));
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

    void clickSelectsNodeAndHighlightsNeighbours() {
        Fixture f(smallGraph());
        QVERIFY(f.ok);
        QSignalSpy selected(&f.view, &GraphViewWidget::nodeSelected);
        QVERIFY(f.view.centerOnNode(3));
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
        Fixture f(smallGraph());
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
        Fixture f(smallGraph());
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
        Fixture f(smallGraph());
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
        Fixture f(smallGraph());
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
        Fixture f(smallGraph());
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
        Fixture f(smallGraph(), GraphViewMode::ConfigurableNeighbourhood);
        QVERIFY(f.ok);
        QCOMPARE(f.view.scene()->nodeCount(), 3);  // 2 -> 3 -> 4
        QVERIFY(f.view.findNodes("parameter").isEmpty());
        QVERIFY(!f.view.centerOnNode(0));
        QVERIFY(f.view.centerOnNode(3));
        QVERIFY(f.view.scene()->isConfigurable(f.view.scene()->viewNodeOf(3)));
    }

    void collapsedComputationsExpandOnDoubleClick() {
        Fixture f(smallGraph(), GraphViewMode::CollapsedComputations);
        QVERIFY(f.ok);
        QCOMPARE(f.view.scene()->nodeCount(), 2);
        QVERIFY(f.view.scene()->isBox(0));
        QSignalSpy finished(&f.view, &GraphViewWidget::layoutFinished);
        const QPoint box = f.view.nodeScreenPos(4).toPoint();  // node 4 lies in box 1
        QTest::mouseDClick(&f.view, Qt::LeftButton, {}, box);
        QVERIFY(finished.wait(20000));
        QCOMPARE(f.view.scene()->nodeCount(), 4);  // box 0 + nodes 3, 4, 5
        QVERIFY(!f.view.scene()->isBox(f.view.scene()->viewNodeOf(4)));
        f.view.collapseAllComputations();
        QVERIFY(finished.wait(20000));
        QCOMPARE(f.view.scene()->nodeCount(), 2);
    }

    void newGraphDropsTheStaleLayout() {
        GraphViewWidget view;
        view.resize(400, 300);
        QSignalSpy finished(&view, &GraphViewWidget::layoutFinished);
        view.setGraph(std::make_shared<const GraphTopology>(makeSyntheticTopology(20000, 1)));
        view.setGraph(smallGraph());
        QTRY_VERIFY_WITH_TIMEOUT(!view.isLayingOut(), 20000);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.at(0).at(0).toInt(), 6);
        QCOMPARE(view.scene()->nodeCount(), 6);
    }

    // Hovering a node shows its id, opcode, the detail given (a shape) and whether it is
    // configurable; labels appear once a box is 11 px high.
    void hoverShowsNodeTipAndLabelsAppear() {
        Fixture f(smallGraph());
        QVERIFY(f.ok);
        f.view.setNodeDetail([](int node) { return QStringLiteral("shape f32[%1]").arg(node); });
        QVERIFY(f.view.centerOnNode(3));
        hover(f.view, f.view.nodeScreenPos(3).toPoint());
        const QString tip = QToolTip::text();  // read at once: offscreen, Qt soon hides it
        QVERIFY2(tip.startsWith("Node 3: dot\nshape f32[3]\nconfigurable"), qPrintable(tip));
        QVERIFY2(tip.contains("computation 2 of 2"), qPrintable(tip));
        hover(f.view, f.view.nodeScreenPos(2).toPoint());
        QVERIFY2(QToolTip::text().contains("not configurable"), qPrintable(QToolTip::text()));
        f.view.zoomAt(11.5 / 28.0 / f.view.zoom(), f.view.nodeScreenPos(3));
        QCOMPARE(f.view.detail(), GraphDetail::Labels);
    }

    void nodeValuesRecolourNodes() {
        Fixture f(smallGraph());
        QVERIFY(f.ok);
        f.view.setLegendVisible(false);
        f.view.setNodeValues({0, 0, 0, 0, 10, NAN}, "sensitivity");
        QVERIFY(f.view.centerOnNode(4));
        f.view.zoomAt(0.3 / f.view.zoom(), f.view.nodeScreenPos(4));  // boxes without text
        QCOMPARE(f.view.detail(), GraphDetail::Boxes);
        const QImage image = f.view.grab().toImage();
        const QPoint centre = f.view.nodeScreenPos(4).toPoint();
        QCOMPARE(QColor(image.pixel(centre)).rgb(), valueColor(1.0f).rgb());
    }
};

QTEST_MAIN(TestGraphView)
#include "tst_graph_view.moc"
