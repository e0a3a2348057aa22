// Tests the runtime charts and the collection view: binning, decimation, series point counts on
// real graphs, marked best/default configs, the log axis, and the test-split message.
#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <QtTest>

#include "analysis/histogram.h"
#include "analysis/loaded_graph.h"
#include "analysis/runtime_stats.h"
#include "charts/collection_charts_panel.h"
#include "charts/feature_scatter_chart.h"
#include "charts/histogram_chart.h"
#include "charts/runtime_charts_panel.h"
#include "charts/sorted_runtime_chart.h"
#include "explorer_test_support.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;
using namespace tpugraphs::ui::test;

class TestCharts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void binning() {
        const Histogram h = makeHistogram({1, 2, 2, 3, 10}, 3);
        QCOMPARE(int(h.counts.size()), 3);
        QCOMPARE(h.counts[0], 4);
        QCOMPARE(h.counts[2], 1);
        QCOMPARE(h.binOf(10), 2);
        const Histogram flat = makeHistogram({5, 5}, 4);  // all equal: still a visible range
        QVERIFY(flat.hi > flat.lo);
        QCOMPARE(flat.counts[size_t(flat.binOf(5))], 2);
        QVERIFY(makeHistogram({}, 5).counts.empty());
    }
    void decimation() {
        const auto all = decimatedIndices(10, 100);
        QCOMPARE(int(all.size()), 10);
        const auto some = decimatedIndices(100000, 2000);
        QCOMPARE(int(some.size()), 2000);
        QCOMPARE(some.front(), size_t(0));
        QCOMPARE(some.back(), size_t(99999));
    }
    void layoutGraphCharts() {
        if (!haveSharedDataset()) QSKIP("../shared/data absent: real chart contents not checked");
        const DatasetIndex index = scanDataset(sharedDatasetRoot().toStdString());
        auto graph = std::make_shared<const LoadedGraph>(
            loadGraph(sharedEntry(index, Collection::LayoutXlaDefault, "unet3d")));
        RuntimeChartsPanel panel;
        panel.setGraph(graph);
        QVERIFY(panel.message().isEmpty());
        const Histogram& h = panel.histogram()->histogram();
        int total = 0;
        for (int c : h.counts) total += c;
        QCOMPARE(total, 1159);  // every config counted once
        QCOMPARE(panel.sortedCurve()->curve()->count(), 1159);
        QCOMPARE(panel.sortedCurve()->markers()->count(), 2);      // best and default (config 0)
        QCOMPARE(panel.sortedCurve()->markers()->at(0).x(), 0.0);  // best has rank 0
        QCOMPARE(panel.scatter()->configs()->count(), 1159);
        QCOMPARE(panel.scatter()->best()->count(), 1);
        QCOMPARE(panel.scatter()->defaults()->count(), 1);
        QCOMPARE(panel.featureBox()->count(), 18);
        QCOMPARE(panel.featureBox()->itemText(0), QStringLiteral("output_layout_0"));
        QCOMPARE(panel.histogram()->markerCount(), 2);
        // Best runtime of the curve = the minimum runtime.
        QCOMPARE(panel.sortedCurve()->curve()->at(0).y(),
                 graph->runtimes[size_t(graph->bestConfig())]);
        panel.logBox()->setChecked(true);
        QVERIFY(panel.sortedCurve()->logScale());
        QVERIFY(qobject_cast<QLogValueAxis*>(
            panel.sortedCurve()->chart()->axes(Qt::Vertical).value(0)));
        // Scatter of a feature at one configurable node: values in -1..5.
        panel.setFeatureNode(graph->layout->nodeConfigIds[0]);
        panel.setScatterFeature(2);
        for (const QPointF& p : panel.scatter()->configs()->points())
            QVERIFY(p.x() >= -1 && p.x() <= 5);
    }
    void tileGraphCharts() {
        if (!haveSharedDataset()) QSKIP("../shared/data absent: real chart contents not checked");
        const DatasetIndex index = scanDataset(sharedDatasetRoot().toStdString());
        auto graph = std::make_shared<const LoadedGraph>(loadGraph(sharedEntry(
            index, Collection::TileXla, "inception_v3_batch_128_train_426e203f19335d17")));
        RuntimeChartsPanel panel;
        panel.setGraph(graph);
        QCOMPARE(panel.sortedCurve()->curve()->count(), 9);
        QCOMPARE(panel.sortedCurve()->markers()->count(), 1);  // tile files have no default
        QCOMPARE(panel.scatter()->configs()->count(), 9);
        QCOMPARE(panel.scatter()->defaults()->count(), 0);
        QCOMPARE(panel.featureBox()->count(), 24);
        QCOMPARE(panel.featureBox()->itemText(6), QStringLiteral("kernel_bounds_sum"));
        // Tile runtimes are normalised: runtime / normalizer.
        QCOMPARE(graph->runtimes[0], double(graph->tile->configRuntime[0]) /
                                         double(graph->tile->configRuntimeNormalizers[0]));
    }
    void testSplitSaysNoRuntimes() {
        if (!haveSharedDataset()) QSKIP("../shared/data absent: test-split message not checked");
        const DatasetIndex index = scanDataset(sharedDatasetRoot().toStdString());
        auto graph = std::make_shared<const LoadedGraph>(loadGraph(
            sharedEntry(index, Collection::LayoutXlaRandom, "cd708819d3f5103afd6460b15e74eaf3")));
        RuntimeChartsPanel panel;
        panel.setGraph(graph);
        QVERIFY(panel.message().contains("No measured runtimes"));
        QCOMPARE(panel.sortedCurve()->curve()->count(), 0);
        QCOMPARE(panel.scatter()->configs()->count(), 0);
        QVERIFY(panel.histogram()->histogram().counts.empty());
    }
    void collectionView() {
        if (!haveSharedDataset()) QSKIP("../shared/data absent: collection view not checked");
        const DatasetIndex index = scanDataset(sharedDatasetRoot().toStdString());
        std::vector<RuntimeStats> stats;
        for (const GraphEntry& entry : index.graphs)
            stats.push_back(computeRuntimeStats(loadGraph(entry, false)));
        CollectionChartsPanel panel;
        panel.setDataset(index);
        panel.setRuntimeStats(stats);
        int sizes = 0;
        for (int c : panel.sizes()->histogram().counts) sizes += c;
        QCOMPARE(sizes, 9);
        int speedups = 0;
        for (int c : panel.speedups()->histogram().counts) speedups += c;
        QCOMPARE(speedups, 4);  // the graphs with measured runtimes (train + valid)
        panel.setCollection("tile:xla");
        sizes = 0;
        for (int c : panel.sizes()->histogram().counts) sizes += c;
        QCOMPARE(sizes, 3);
    }
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
