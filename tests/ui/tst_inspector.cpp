// Tests the node inspector: named node features (non-zero first), opcode, computation,
// inputs/outputs, and the config features of the chosen config (tile 24, layout 18).
#include <QAbstractItemModelTester>
#include <QtTest>

#include "analysis/feature_rows.h"
#include "analysis/loaded_graph.h"
#include "analysis/runtime_stats.h"
#include "explorer/inspector_panel.h"
#include "explorer_test_support.h"
#include "item_models/feature_table_model.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;
using namespace tpugraphs::ui::test;

class TestInspector : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void featureTableModel() {
        FeatureTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResults({{3, "shape_element_type_is_pred", 1.0}, {0, "is_root", 0.0}});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, FeatureTableModel::NameColumn).data().toString(),
                 QStringLiteral("shape_element_type_is_pred"));
        QCOMPARE(model.index(0, FeatureTableModel::IndexColumn).data().toInt(), 3);
        QVERIFY(model.index(1, FeatureTableModel::ValueColumn).data(Qt::ForegroundRole).isValid());
        model.setResults({});
        QCOMPARE(model.rowCount(), 0);
    }
    void medianOfValues() {
        QCOMPARE(medianOf({3, 1, 2}), 2.0);
        QCOMPARE(medianOf({4, 1, 2, 3}), 2.5);
        QCOMPARE(medianOf({}), 0.0);
    }
    void layoutNode() {
        if (!haveSharedDataset()) QSKIP("../shared/data absent: inspector contents not checked");
        const DatasetIndex index = scanDataset(sharedDatasetRoot().toStdString());
        auto graph = std::make_shared<const LoadedGraph>(
            loadGraph(sharedEntry(index, Collection::LayoutXlaDefault, "unet3d")));
        // Node 235 is a configurable convolution of the first computation (node_splits 0, 2314,
        // 2774).
        const auto rows = nodeFeatureRows(*graph, 235);
        QCOMPARE(int(rows.size()), 140);
        bool seenZero = false;
        for (const FeatureRow& row : rows) {
            if (row.value == 0.0)
                seenZero = true;
            else
                QVERIFY2(!seenZero, "non-zero features come first");
        }
        QCOMPARE(graph->computationCount(), 2);
        QCOMPARE(graph->computationOf(2313), 0);
        QCOMPARE(graph->computationOf(2314), 1);

        InspectorPanel panel;
        QAbstractItemModelTester tester(panel.nodeFeatures(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        panel.setGraph(graph);
        QCOMPARE(panel.config(), graph->bestConfig());  // opens on the best config
        panel.showNode(235);
        QCOMPARE(panel.headline(), QStringLiteral("Node 235: convolution"));
        const QString details = panel.details();
        QVERIFY2(details.contains("computation: 1 of 2"), qPrintable(details));
        QVERIFY2(details.contains("configurable: yes"), qPrintable(details));
        QVERIFY2(details.contains("inputs 2: 232, 234"), qPrintable(details));
        QVERIFY2(details.contains("outputs 1: 239"), qPrintable(details));
        QCOMPARE(panel.nodeFeatures()->rowCount(), 140);
        QCOMPARE(panel.nodeFeatures()->index(0, FeatureTableModel::NameColumn).data().toString(),
                 QStringLiteral("shape_element_type_is_bf16"));
        QCOMPARE(panel.configFeatures()->rowCount(), 18);
        QCOMPARE(panel.configFeatures()->index(0, FeatureTableModel::NameColumn).data().toString(),
                 QStringLiteral("output_layout_0"));
        // The config features follow the chosen config.
        QSignalSpy changed(&panel, &InspectorPanel::configChanged);
        panel.setConfig(0);
        QCOMPARE(changed.count(), 1);
        const std::vector<float> expected = graph->configFeatures(0, 235);
        for (int f = 0; f < 18; ++f)
            QCOMPARE(panel.configFeatures()->rows()[size_t(f)].value, double(expected[size_t(f)]));
        // A node that is not configurable has no layout config features.
        panel.showNode(0);
        QCOMPARE(panel.configFeatures()->rowCount(), 0);
        QVERIFY(panel.details().contains("configurable: no"));
    }
    void tileConfig() {
        if (!haveSharedDataset()) QSKIP("../shared/data absent: inspector contents not checked");
        const DatasetIndex index = scanDataset(sharedDatasetRoot().toStdString());
        auto graph = std::make_shared<const LoadedGraph>(loadGraph(sharedEntry(
            index, Collection::TileXla, "inception_v3_batch_128_train_426e203f19335d17")));
        InspectorPanel panel;
        panel.setGraph(graph);
        panel.showNode(1);
        QVERIFY(panel.headline().startsWith("Node 1: "));
        QVERIFY(!panel.details().contains("computation"));  // tile graphs have no node_splits
        QCOMPARE(panel.configFeatures()->rowCount(), 24);
        QCOMPARE(panel.configFeatures()->index(23, FeatureTableModel::NameColumn).data().toString(),
                 QStringLiteral("input_bounds_product"));
        panel.setConfig(8);
        QCOMPARE(panel.configFeatures()->rows()[0].value, double(graph->tile->configFeat[8 * 24]));
    }
};

QTEST_MAIN(TestInspector)
#include "tst_inspector.moc"
