// Tests that the graph view opens readable: the demo's layout graphs at fit zoom in a 1600x1000
// view span at least half the view in each dimension with boxes of at least 6 px (the readability
// benchmark's figures), their whole drawing is at least 1.3 times as large as the plain layered
// one, a whole graph too small to read opens on its configurable nodes + neighbours with the whole
// graph one click away, and collapsed computations keep every edge between them, also with one
// opened in place.
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <set>

#include "analysis/loaded_graph.h"
#include "data/dataset.h"
#include "graph_view_test_support.h"
#include "graphview/graph_readability.h"
#include "graphview/graph_view_panel.h"
#include "synth/generator.h"
#include "synth/synthetic_dag.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

const QSize kViewport(1600, 1000);

// Lays `topology` out in a shown 1600x1000 view as the explorer opens a graph (or in the view's
// mode, AsChosen); false on timeout.
bool openInView(GraphViewWidget& view, std::shared_ptr<const GraphTopology> topology,
                GraphViewWidget::Opening opening = GraphViewWidget::Opening::PreferReadable) {
    view.resize(kViewport);
    view.show();
    QSignalSpy finished(&view, &GraphViewWidget::drawingFinished);
    view.setGraph(std::move(topology), opening);
    return finished.wait(60000) && view.scene() != nullptr;
}

// Every pair of different view nodes joined by an original edge.
std::set<std::pair<int, int>> viewPairs(const GraphTopology& t, const GraphScene& scene) {
    std::set<std::pair<int, int>> pairs;
    for (int e = 0; e < t.edgeCount(); ++e) {
        const int a = scene.subview().viewOf[size_t(t.edgeFrom[size_t(e)])];
        const int b = scene.subview().viewOf[size_t(t.edgeTo[size_t(e)])];
        if (a != b) pairs.emplace(a, b);
    }
    return pairs;
}

std::set<std::pair<int, int>> sceneEdges(const GraphScene& scene) {
    std::set<std::pair<int, int>> edges;
    for (int e = 0; e < scene.edgeCount(); ++e) edges.emplace(scene.edgeFrom(e), scene.edgeTo(e));
    return edges;
}

}  // namespace

class TestGraphReadability : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        GeneratorOptions options;  // the demo preset, its layout collections
        options.collections = {Collection::LayoutXlaDefault, Collection::LayoutXlaRandom,
                               Collection::LayoutNlpDefault, Collection::LayoutNlpRandom};
        options.splits = {Split::Train};
        options.limit = 2;
        generateDataset(m_dir.path().toStdString(), options);
        m_index = scanDataset(m_dir.path().toStdString());
        QVERIFY(m_index.graphs.size() >= 4);
    }

    void demoLayoutGraphsAreReadableAtFit() {
        for (const GraphEntry& entry : m_index.graphs) {
            const LoadedGraph graph = loadGraph(entry);
            GraphViewWidget view;
            QVERIFY(openInView(view, graph.topology));
            const GraphReadability r = readabilityOf(*view.scene(), view.zoom(), kViewport);
            const QString what =
                QStringLiteral("%1 (%2 nodes, view of %3): extent %4 x %5, box %6 px")
                    .arg(QString::fromStdString(entry.name))
                    .arg(graph.topology->nodeCount)
                    .arg(view.scene()->nodeCount())
                    .arg(r.extentX)
                    .arg(r.extentY)
                    .arg(r.boxPx);
            qInfo("%s", qPrintable(what));
            QVERIFY2(r.extentX >= 0.5 && r.extentY >= 0.5, qPrintable(what));
            QVERIFY2(r.boxPx >= 6.0, qPrintable(what));
        }
    }

    // The compact wrapped drawing (few routing points, rows
    // and columns towards the window) draws each demo layout graph whole with boxes at least
    // 1.3 times the plain layered drawing's, filling half the view both ways.
    void wholeDemoLayoutGraphsDrawLargerThanLayered() {
        for (const GraphEntry& entry : m_index.graphs) {
            const LoadedGraph graph = loadGraph(entry);
            double box[2] = {0.0, 0.0};
            for (const bool wrapped : {false, true}) {
                GraphViewWidget view;
                view.setColumnWrapping(wrapped);
                view.setViewMode(GraphViewMode::Whole);
                QVERIFY(openInView(view, graph.topology, GraphViewWidget::Opening::AsChosen));
                QCOMPARE(view.scene()->mode(), GraphViewMode::Whole);
                const GraphReadability r = readabilityOf(*view.scene(), view.zoom(), kViewport);
                box[wrapped] = r.boxPx;
                if (wrapped) QVERIFY(r.extentX >= 0.5 && r.extentY >= 0.5);
            }
            qInfo("%s whole: box %.2f px layered, %.2f px wrapped", entry.name.c_str(), box[0],
                  box[1]);
            QVERIFY2(box[1] >= 1.3 * box[0], entry.name.c_str());
        }
    }

    void unreadableWholeGraphOpensOnTheReadableViewOneClickFromTheWhole() {
        // 20,000 nodes drawn whole at 1600x1000 give boxes of about 2 px.
        auto topology = std::make_shared<GraphTopology>(makeSyntheticTopology(20000));
        for (int v = 0; v < topology->nodeCount; v += 40) topology->configurable.push_back(v);
        GraphViewPanel panel;
        panel.resize(kViewport);
        panel.show();
        QSignalSpy finished(panel.view(), &GraphViewWidget::drawingFinished);
        panel.setGraph(topology);
        QVERIFY(finished.wait(60000));
        QCOMPARE(panel.view()->viewMode(), GraphViewMode::ConfigurableNeighbourhood);
        QCOMPARE(panel.view()->scene()->mode(), GraphViewMode::ConfigurableNeighbourhood);
        QVERIFY(panel.wholeGraphButton()->isVisible());
        QTest::mouseClick(panel.wholeGraphButton(), Qt::LeftButton);
        QVERIFY(finished.wait(60000));
        QCOMPARE(panel.view()->scene()->mode(), GraphViewMode::Whole);
        QCOMPARE(panel.view()->scene()->nodeCount(), 20000);
        QVERIFY(!panel.wholeGraphButton()->isVisible());
    }

    void smallWholeGraphOpensWhole() {
        GraphViewWidget view;
        QVERIFY(openInView(view, ui::test::smallGraph()));
        QCOMPARE(view.viewMode(), GraphViewMode::Whole);
        QCOMPARE(view.scene()->nodeCount(), 6);
    }

    void collapsedComputationsKeepEveryEdgeBetweenThem() {
        // Computations of 500 nodes over a generated graph: many edges cross them.
        auto topology = std::make_shared<GraphTopology>(makeSyntheticTopology(3000));
        topology->computationStart.clear();
        for (int v = 0; v < topology->nodeCount; v += 500) topology->computationStart.push_back(v);
        topology->computationStart.push_back(topology->nodeCount);
        ui::test::GraphViewFixture f(topology, GraphViewMode::CollapsedComputations);
        QVERIFY(f.ok);
        QCOMPARE(f.view.scene()->nodeCount(), 6);
        QVERIFY(f.view.scene()->edgeCount() > 0);
        QCOMPARE(sceneEdges(*f.view.scene()), viewPairs(*topology, *f.view.scene()));
        // Opened in place: its nodes joined to the other boxes by the same edges.
        QSignalSpy finished(&f.view, &GraphViewWidget::drawingFinished);
        f.view.setComputationExpanded(2, true);
        QVERIFY(finished.wait(60000));
        QCOMPARE(f.view.scene()->nodeCount(), 5 + 500);
        QCOMPARE(sceneEdges(*f.view.scene()), viewPairs(*topology, *f.view.scene()));
    }

private:
    QTemporaryDir m_dir;
    DatasetIndex m_index;
};

QTEST_MAIN(TestGraphReadability)
#include "tst_graph_readability.moc"
