// GUI tests of moving around the graph view with real events: zooming in never lands on empty
// space (wheel and +), and the overview (minimap): shown while part of the graph is out of view,
// drawn off the UI thread, click and drag move the view, M and the Map button hide it.
#include <QToolButton>
#include <QToolTip>
#include <QtTest>

#include "graph_view_test_support.h"
#include "graphview/graph_palette.h"
#include "graphview/graph_view_panel.h"
#include "graphview/graph_view_widget.h"
#include "synth/synthetic_dag.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;
using test::GraphViewFixture;

namespace {

std::shared_ptr<const GraphTopology> syntheticGraph() {
    return std::make_shared<const GraphTopology>(makeSyntheticTopology(3000, 4));
}

// The view nodes whose boxes meet the widget.
QVector<int> nodesInView(const GraphViewWidget& view) {
    QVector<int> nodes;
    view.scene()->nodesIn(view.transform().toWorld(QRectF(view.rect())), nodes);
    return nodes;
}

QPointF worldAtCentre(const GraphViewWidget& view) {
    return view.transform().toWorld(QPointF(view.width() / 2.0, view.height() / 2.0));
}

}  // namespace

class TestGraphNavigation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // From the fitted view, wheel notches at an empty corner: plain zooming around the corner
    // leaves no node in view, zooming towards the content always keeps some.
    void wheelOnEmptySpaceZoomsTowardsTheContent() {
        GraphViewFixture f(syntheticGraph());
        QVERIFY(f.ok);
        f.view.setLegendVisible(false);
        const QPointF corner(4, f.view.height() - 4);
        QCOMPARE(f.view.scene()->nodeAt(QPointF(-1e9, -1e9), 1.0), -1);
        f.view.zoomAt(std::pow(1.3, 14), corner);  // the old wheel: around the cursor
        QVERIFY(nodesInView(f.view).isEmpty());
        f.view.fitToWindow();
        const double fitted = f.view.zoom();
        for (int notch = 0; notch < 14; ++notch) {
            test::wheel(f.view, corner, 1);
            QVERIFY2(!nodesInView(f.view).isEmpty(), qPrintable(QString::number(notch)));
        }
        QVERIFY(f.view.zoom() > fitted * 30);
        f.view.repaint();
        QVERIFY(f.view.drawnNodeCount() > 0);
    }

    // With no node at the centre, + zooms around the selected node when it is in view: it keeps
    // its place on screen.
    void plusKeepsTheSelectionInPlace() {
        GraphViewFixture f(syntheticGraph());
        QVERIFY(f.ok);
        const int node = 1500;
        f.view.selectNode(node);
        f.view.zoomAt(0.8 / f.view.zoom(), f.view.nodeScreenPos(node));  // boxes 22 px high
        const QPointF centre(f.view.width() / 2.0, f.view.height() / 2.0);
        const auto emptyCentre = [&] {
            return f.view.scene()->nodeAt(f.view.transform().toWorld(centre),
                                          30.0 / f.view.zoom()) < 0;
        };
        // Move the view (arrow keys) until the centre is empty with the selection still in view.
        for (int i = 0; i < 40 && !emptyCentre(); ++i)
            QTest::keyClick(&f.view, i % 2 ? Qt::Key_Up : Qt::Key_Left);
        QVERIFY(emptyCentre());
        const QPointF before = f.view.nodeScreenPos(node);
        QVERIFY(f.view.rect().contains(before.toPoint()));
        const double zoom = f.view.zoom();
        for (int step = 0; step < 4; ++step) QTest::keyClick(&f.view, Qt::Key_Plus);
        const QPointF after = f.view.nodeScreenPos(node);
        QVERIFY2(QLineF(before, after).length() < 1.0, qPrintable(QString("%1,%2 -> %3,%4")
                                                                      .arg(before.x())
                                                                      .arg(before.y())
                                                                      .arg(after.x())
                                                                      .arg(after.y())));
        QVERIFY(f.view.zoom() > zoom * 2.5);
        QCOMPARE(f.view.selectedNode(), node);
    }

    // Panned far from the graph, a wheel notch brings the nearest node to the cursor.
    void wheelFarFromTheGraphBringsTheNearestNode() {
        GraphViewFixture f(test::smallGraph());
        QVERIFY(f.ok);
        f.view.zoomAt(2.0, QPointF(400, 300));
        for (int i = 0; i < 30; ++i) QTest::keyClick(&f.view, Qt::Key_Right);  // view moves left
        QVERIFY(nodesInView(f.view).isEmpty());
        const QPointF cursor(300, 250);
        test::wheel(f.view, cursor, 1);
        const QVector<int> visible = nodesInView(f.view);
        QVERIFY(!visible.isEmpty());
        double nearest = 1e9;
        for (const int v : visible)
            nearest = std::min(
                nearest,
                QLineF(f.view.nodeScreenPos(f.view.scene()->originalNode(v)), cursor).length());
        QVERIFY2(nearest < 1.0, qPrintable(QString::number(nearest)));
    }

    // Over a node, the wheel zooms around the cursor as before.
    void wheelOverANodeKeepsItUnderTheCursor() {
        GraphViewFixture f(test::smallGraph());
        QVERIFY(f.ok);
        const QPointF at = f.view.nodeScreenPos(4) + QPointF(3, 2);
        test::wheel(f.view, at, 2);
        const QPointF expected = at - QPointF(3, 2) * 1.3 * 1.3;  // the cursor's point stays
        QVERIFY(QLineF(f.view.nodeScreenPos(4), expected).length() < 0.5);
    }

    // Fitted, the whole graph is in view: no overview. Zoomed in, it shows in the bottom-right
    // corner once its image, drawn off the UI thread, has arrived; M hides and shows it.
    void minimapShowsWhilePartOfTheGraphIsOutOfView() {
        GraphViewFixture f(syntheticGraph());
        QVERIFY(f.ok);
        QVERIFY(f.view.minimapRect().isEmpty());
        test::wheel(f.view, QPointF(f.view.nodeScreenPos(1500)), 6);
        const QRect map = f.view.minimapRect();
        QVERIFY(!map.isEmpty());
        QVERIFY(map.right() < f.view.width() && map.bottom() < f.view.height());
        QVERIFY(map.left() > f.view.width() / 2 && map.top() > f.view.height() / 2);
        QTRY_VERIFY(f.view.isMinimapCurrent());
        // The image shows the graph (some pixels darker than the background) and the visible
        // rectangle is outlined in the selection colour.
        const QImage image = f.view.grab().toImage();
        int dark = 0, outline = 0;
        for (int y = map.top() + 4; y < map.bottom() - 3; ++y)
            for (int x = map.left() + 4; x < map.right() - 3; ++x) {
                const QColor c(image.pixel(x, y));
                dark += c.lightness() < palette::background.lightness() - 40;
                outline += qAbs(c.red() - palette::selection.red()) < 30 && c.green() < 90;
            }
        QVERIFY2(dark > 20, qPrintable(QString::number(dark)));
        QVERIFY2(outline > 4, qPrintable(QString::number(outline)));
        QTest::keyClick(&f.view, Qt::Key_M);
        QVERIFY(!f.view.isMinimapEnabled());
        QVERIFY(f.view.minimapRect().isEmpty());
        QTest::keyClick(&f.view, Qt::Key_M);
        QCOMPARE(f.view.minimapRect(), map);
    }

    // A click in the overview centres the view on that point of the graph and selects nothing;
    // a drag moves it along; hovering there says so.
    void minimapClickAndDragMoveTheView() {
        GraphViewFixture f(syntheticGraph());
        QVERIFY(f.ok);
        test::wheel(f.view, QPointF(f.view.nodeScreenPos(100)), 8);
        const QRect map = f.view.minimapRect();
        QVERIFY(!map.isEmpty());
        QSignalSpy selected(&f.view, &GraphViewWidget::nodeSelected);
        const QRectF bounds = f.view.scene()->bounds();
        const double zoom = f.view.zoom();
        QTest::mouseClick(&f.view, Qt::LeftButton, {}, map.center());
        QPointF centre = worldAtCentre(f.view);
        QVERIFY2(qAbs(centre.x() - bounds.center().x()) < 0.05 * bounds.width() &&
                     qAbs(centre.y() - bounds.center().y()) < 0.05 * bounds.height(),
                 qPrintable(QString("%1,%2").arg(centre.x()).arg(centre.y())));
        QCOMPARE(f.view.zoom(), zoom);
        QTest::mousePress(&f.view, Qt::LeftButton, {}, map.center());
        test::dragTo(f.view, map.topLeft() + QPoint(4, 4));
        QTest::mouseRelease(&f.view, Qt::LeftButton, {}, map.topLeft() + QPoint(4, 4));
        centre = worldAtCentre(f.view);
        QVERIFY(centre.x() < bounds.left() + 0.1 * bounds.width());
        QVERIFY(centre.y() < bounds.top() + 0.1 * bounds.height());
        QCOMPARE(selected.count(), 0);
        test::hover(f.view, map.center());
        QVERIFY2(QToolTip::text().startsWith("Overview"), qPrintable(QToolTip::text()));
    }

    // The panel's Map button and the M key switch the same overview and agree.
    void mapButtonAndKeyAgree() {
        GraphViewPanel panel;
        panel.resize(900, 700);
        panel.show();
        QSignalSpy finished(panel.view(), &GraphViewWidget::drawingFinished);
        panel.setGraph(syntheticGraph());
        QVERIFY(finished.wait(20000));
        QToolButton* map = panel.overviewButton();
        QVERIFY(map->isChecked());
        QTest::mouseClick(map, Qt::LeftButton);
        QVERIFY(!panel.view()->isMinimapEnabled());
        QTest::keyClick(panel.view(), Qt::Key_M);
        QVERIFY(panel.view()->isMinimapEnabled());
        QVERIFY(map->isChecked());
    }
};

QTEST_MAIN(TestGraphNavigation)
#include "tst_graph_navigation.moc"
