// Tests the runtime charts and the collection view: binning, decimation, series point counts on
// real graphs, marked best/default configs, the log axis, axes in ns/µs/ms/s, tool tips that stay
// while the pointer rests (with the point highlighted), and the test-split message.
#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>
#include <QtTest>

#include "analysis/histogram.h"
#include "analysis/loaded_graph.h"
#include "analysis/runtime_stats.h"
#include "charts/collection_charts_panel.h"
#include "charts/feature_scatter_chart.h"
#include "charts/histogram_chart.h"
#include "charts/runtime_charts_panel.h"
#include "charts/sorted_runtime_chart.h"
#include "charts/unit_axis.h"
#include "explorer/explorer_page.h"
#include "explorer/inspector_panel.h"
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
        // Runtimes in ns are labelled in the unit that fits (unet3d: seconds), never "8e+10".
        const QRegularExpression duration("^-?[0-9]+(\\.[0-9]+)? (ns|µs|ms|s)$");
        for (UnitAxis* axis :
             {panel.sortedCurve()->yAxis(), panel.scatter()->yAxis(), panel.histogram()->xAxis()}) {
            QVERIFY(axis->tickLabels().size() >= 2);
            for (const QString& label : axis->tickLabels())
                QVERIFY2(duration.match(label).hasMatch(), qPrintable(label));
        }
        panel.logBox()->setChecked(true);
        QVERIFY(panel.sortedCurve()->logScale());
        QCOMPARE(panel.sortedCurve()->yAxis()->labelKind(), UnitAxis::Labels::Log10Duration);
        for (const QString& label : panel.sortedCurve()->yAxis()->tickLabels())
            QVERIFY2(duration.match(label).hasMatch(), qPrintable(label));
        panel.logBox()->setChecked(false);
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
        // The scatter starts on a feature that varies across the configs (not kernel_bounds_0).
        const auto column = graph->configFeatureColumn(panel.featureBox()->currentIndex(), -1);
        QVERIFY(*std::min_element(column.begin(), column.end()) <
                *std::max_element(column.begin(), column.end()));
        // Tile runtimes are normalised: runtime / normalizer.
        QCOMPARE(graph->runtimes[0], double(graph->tile->configRuntime[0]) /
                                         double(graph->tile->configRuntimeNormalizers[0]));
    }
    // On the explorer page: hovering a point shows its config and runtime and highlights the
    // point; the tool tip stays while the pointer rests there (Qt's tool-tip event ~0.7 s later
    // used to hide it); clicking it shows that config in the inspector; the wheel zooms and a
    // double-click resets.
    void tooltipsAndClickToSelect() {
        if (!haveSharedDataset()) QSKIP("../shared/data absent: chart interaction not checked");
        ExplorerPage page;
        page.resize(1600, 1000);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.openDataset(sharedDatasetRoot());  // selects unet3d first
        QTRY_VERIFY_WITH_TIMEOUT(page.currentGraph() && page.currentGraph()->entry.name == "unet3d",
                                 30000);
        page.showTab(ExplorerPage::RuntimesTab);
        RuntimeChartsPanel* charts = page.runtimeCharts();
        QTest::qWait(100);  // the charts lay out their plot areas

        // The scatter's slowest config: tool tip, then a click selects it.
        FeatureScatterChart* scatter = charts->scatter();
        QCOMPARE(page.inspector()->config(), page.currentGraph()->bestConfig());
        const auto points = scatter->configs()->points();
        const int top =
            int(std::max_element(points.begin(), points.end(),
                                 [](const QPointF& a, const QPointF& b) { return a.y() < b.y(); }) -
                points.begin());
        const QPoint topPoint = scatter->viewportPosition(points[top], scatter->configs());
        QTest::mouseMove(scatter->viewport(), QPoint(1, 1));  // a real move, wherever it was
        QTest::mouseMove(scatter->viewport(), topPoint);
        // Configs with (nearly) equal values share a pixel: the tip names one of them.
        const QRegularExpressionMatch tip =
            QRegularExpression("^config (\\d+): [0-9.]+ s\n").match(scatter->shownTip());
        QVERIFY2(tip.hasMatch(), qPrintable(scatter->shownTip()));
        const int64_t tipConfig = tip.captured(1).toLongLong();
        QVERIFY(std::abs(page.currentGraph()->runtimes[size_t(tipConfig)] - points[top].y()) <
                0.01 * points[top].y());
        QVERIFY(scatter->hasHighlight());
        QCOMPARE(scatter->highlightedPoint().y(), points[top].y());
        const QString heldTip = scatter->shownTip();
        QTest::qWait(1500);  // the pointer rests: the tip and the highlight stay
        QVERIFY(!scatter->shownTip().isEmpty());
        QCOMPARE(scatter->shownTip(), heldTip);
        QVERIFY(scatter->hasHighlight());
        QTest::mouseClick(scatter->viewport(), Qt::LeftButton, {}, topPoint);
        QCOMPARE(page.inspector()->config(), tipConfig);

        // The sorted curve's last point: the slowest config (points less than a pixel apart: the
        // tip may name a neighbour).
        SortedRuntimeChart* curve = charts->sortedCurve();
        const QPointF last = curve->curve()->at(curve->curve()->count() - 1);
        const QPoint slowest = curve->viewportPosition(last, curve->curve());
        const auto& runtimes = page.currentGraph()->runtimes;
        QTest::mouseMove(curve->viewport(), slowest);
        const QRegularExpressionMatch curveTip =
            QRegularExpression("^config (\\d+): .*\nrank (\\d+) of (\\d+)")
                .match(curve->shownTip());
        QVERIFY2(curveTip.hasMatch(), qPrintable(curve->shownTip()));
        const int64_t slowestConfig = curveTip.captured(1).toLongLong();  // or a neighbour
        const double slowestRuntime = *std::max_element(runtimes.begin(), runtimes.end());
        QVERIFY(runtimes[size_t(slowestConfig)] > 0.99 * slowestRuntime);
        QVERIFY(curveTip.captured(2).toInt() >= int(runtimes.size()) - 3);
        QCOMPARE(curveTip.captured(3).toInt(), int(runtimes.size()));
        QTest::qWait(1500);
        QVERIFY(!curve->shownTip().isEmpty());
        QVERIFY(curve->hasHighlight());
        QTest::mouseClick(curve->viewport(), Qt::LeftButton, {}, slowest);
        QCOMPARE(page.inspector()->config(), slowestConfig);
        QTest::mouseMove(curve->viewport(), QPoint(2, 2));  // off the points: tip and mark go
        QVERIFY(curve->shownTip().isEmpty());
        QVERIFY(!curve->hasHighlight());

        // The histogram: a bar's range and count.
        HistogramChart* histogram = charts->histogram();
        const QRectF plot = histogram->chart()->plotArea();
        const QPoint bar = histogram->mapFromScene(
            histogram->chart()->mapToScene(QPointF(plot.center().x(), plot.bottom() - 2)));
        QVERIFY(!histogram->tipAt(bar).isEmpty());
        QVERIFY2(histogram->tipAt(bar).contains(" … "), qPrintable(histogram->tipAt(bar)));

        // Wheel zoom around the cursor, double-click reset.
        auto* x = qobject_cast<QValueAxis*>(scatter->chart()->axes(Qt::Horizontal).value(0));
        QVERIFY(x);
        const double width = x->max() - x->min();
        const QPoint centre = scatter->viewport()->rect().center();
        QWheelEvent wheel(centre, scatter->viewport()->mapToGlobal(centre), {}, {0, 240},
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(scatter->viewport(), &wheel);
        QVERIFY(x->max() - x->min() < 0.8 * width);
        QTest::mouseDClick(scatter->viewport(), Qt::LeftButton, {}, centre);
        QCOMPARE(x->max() - x->min(), width);
        // A drag pans; the ticks stay at round values (not "-7.345, 2.655").
        QTest::mousePress(scatter->viewport(), Qt::LeftButton, {}, centre);
        QTest::mouseMove(scatter->viewport(), centre + QPoint(37, 23));
        QTest::mouseRelease(scatter->viewport(), Qt::LeftButton, {}, centre + QPoint(37, 23));
        QVERIFY(x->min() != std::floor(x->min()));  // the range moved off round values
        auto* ticks = static_cast<UnitAxis*>(x);
        QVERIFY(ticks->tickValues().size() >= 2);
        const double step = ticks->tickValues()[1] - ticks->tickValues()[0];
        for (double tick : ticks->tickValues())
            QVERIFY2(std::abs(tick / step - std::round(tick / step)) < 1e-6,
                     qPrintable(ticks->tickLabels().join(", ")));
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
