// Tests the dataset tree model and the collection summary model (QAbstractItemModelTester,
// rows, columns, lazily filled runtime columns, sorting, error marking), on a synthetic index
// and on ../shared/data/tpugraphs.
#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QtTest>

#include "analysis/collection_summary.h"
#include "item_models/collection_summary_model.h"
#include "item_models/dataset_tree_model.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

GraphEntry entry(Collection collection, Split split, const char* name, int64_t nodes) {
    GraphEntry e;
    e.collection = collection;
    e.kind = collectionKind(collection);
    e.split = split;
    e.name = name;
    e.path = std::string("/data/") + name + ".npz";
    e.nodes = nodes;
    e.edges = nodes - 1;
    e.configs = 10;
    return e;
}

DatasetIndex syntheticIndex() {
    DatasetIndex index;
    index.root = "/data";
    index.graphs = {entry(Collection::LayoutXlaDefault, Split::Train, "b", 300),
                    entry(Collection::LayoutXlaDefault, Split::Train, "a", 100),
                    entry(Collection::LayoutXlaDefault, Split::Test, "t", 50),
                    entry(Collection::TileXla, Split::Train, "k1", 5),
                    entry(Collection::TileXla, Split::Valid, "k2", 7)};
    index.graphs[4].error = "k2.npz: array 'node_feat': bad shape";
    return index;
}

RuntimeStats measured(double min, double median, double max) {
    RuntimeStats s;
    s.computed = true;
    s.measured = true;
    s.distinctConfigs = 9;
    s.min = min;
    s.median = median;
    s.max = max;
    s.bestOverMedian = median / min;
    return s;
}

}  // namespace

class TestDatasetModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void treeStructure() {
        DatasetTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResults(syntheticIndex());
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(DatasetTreeModel::ColumnCount));
        const QModelIndex layout = model.index(0, 0);
        QVERIFY(layout.data().toString().startsWith("layout:xla:default (3 graphs)"));
        QCOMPARE(model.rowCount(layout), 2);  // train, test
        const QModelIndex train = model.index(0, 0, layout);
        QVERIFY(train.data().toString().startsWith("train"));
        QCOMPARE(model.rowCount(train), 2);
        const QModelIndex b = model.index(0, DatasetTreeModel::NodesColumn, train);
        QCOMPARE(b.data().toString(), QLocale().toString(300));
        QCOMPARE(b.data(DatasetTreeModel::GraphIndexRole).toInt(), 0);
        // Runtime columns say "…" until the background job fills them.
        QCOMPARE(model.index(0, DatasetTreeModel::RuntimeMinColumn, train).data().toString(),
                 QStringLiteral("…"));
        QCOMPARE(model.indexOfGraph(1).data().toString(), QStringLiteral("a"));
        QCOMPARE(model.indexOfGraph(1).parent(), train);
    }

    void runtimeColumnsFill() {
        DatasetTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResults(syntheticIndex());
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        // Layout runtimes are nanoseconds, shown in the unit that fits; the exact value is the
        // tool tip. Tile runtimes are ratios.
        model.setRuntimeStats(0, measured(2.33e8, 3.495e8, 1.5e9));
        QCOMPARE(changed.count(), 1);
        const QModelIndex min = model.indexOfGraph(0, DatasetTreeModel::RuntimeMinColumn);
        QCOMPARE(min.data().toString(), QStringLiteral("233 ms"));
        QCOMPARE(min.data(Qt::ToolTipRole).toString(), QStringLiteral("233000000 ns"));
        QCOMPARE(model.indexOfGraph(0, DatasetTreeModel::RuntimeMaxColumn).data().toString(),
                 QStringLiteral("1.5 s"));
        QCOMPARE(model.indexOfGraph(0, DatasetTreeModel::SpeedupColumn).data().toString(),
                 QStringLiteral("1.5×"));
        // A spread near 1 (every real layout graph) with four decimals, not "1.00×".
        model.setRuntimeStats(1, measured(1e9, 1.0034e9, 2e9));
        QCOMPARE(model.indexOfGraph(1, DatasetTreeModel::SpeedupColumn).data().toString(),
                 QStringLiteral("1.0034×"));
        model.setRuntimeStats(3, measured(0.0123, 1.0, 2.5));
        QCOMPARE(model.indexOfGraph(3, DatasetTreeModel::RuntimeMinColumn).data().toString(),
                 QStringLiteral("0.0123"));
        QCOMPARE(model.indexOfGraph(0, DatasetTreeModel::DistinctColumn).data().toString(),
                 QStringLiteral("9"));
        RuntimeStats test;
        test.computed = true;
        test.distinctConfigs = 10;
        model.setRuntimeStats(2, test);
        QCOMPARE(model.indexOfGraph(2, DatasetTreeModel::RuntimeMedianColumn).data().toString(),
                 tr("n/a"));
    }

    void errorsAreMarked() {
        DatasetTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResults(syntheticIndex());
        const QModelIndex bad = model.indexOfGraph(4);
        QVERIFY(bad.data().toString().contains("unreadable"));
        QVERIFY(bad.data(Qt::ToolTipRole).toString().contains("bad shape"));
        QVERIFY(bad.data(Qt::ForegroundRole).isValid());
        QVERIFY(model.index(1, 0).data().toString().contains("1 unreadable"));
        // A load failure found later marks the row too.
        model.setGraphError(1, "a.npz: truncated");
        QVERIFY(model.indexOfGraph(1).data(Qt::ToolTipRole).toString().contains("truncated"));
        QVERIFY(model.index(0, 0).data().toString().contains("1 unreadable"));
    }

    void sortsNumerically() {
        DatasetTreeModel model;
        model.setResults(syntheticIndex());
        QSortFilterProxyModel proxy;
        QAbstractItemModelTester tester(&proxy,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        proxy.setSortRole(DatasetTreeModel::SortRole);
        proxy.sort(DatasetTreeModel::NodesColumn, Qt::DescendingOrder);
        const QModelIndex train = proxy.index(0, 0, proxy.index(0, 0));
        QCOMPARE(proxy.index(0, 0, train).data().toString(), QStringLiteral("b"));
        proxy.sort(DatasetTreeModel::NodesColumn, Qt::AscendingOrder);
        QCOMPARE(proxy.index(0, 0, proxy.index(0, 0, proxy.index(0, 0))).data().toString(),
                 QStringLiteral("a"));
    }

    void filterKeepsMatchingGraphs() {
        DatasetTreeModel model;
        model.setResults(syntheticIndex());
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setRecursiveFilteringEnabled(true);
        proxy.setFilterFixedString("k1");
        QCOMPARE(proxy.rowCount(), 1);
        QVERIFY(proxy.index(0, 0).data().toString().startsWith("tile:xla"));
    }

    void collectionSummary() {
        const DatasetIndex index = syntheticIndex();
        std::vector<RuntimeStats> stats(index.graphs.size());
        stats[0] = measured(2, 3, 5);
        stats[1] = measured(1, 4, 9);
        const auto summaries = summarizeCollections(index, stats);
        QCOMPARE(int(summaries.size()), 2);
        QCOMPARE(summaries[0].label, std::string("layout:xla:default"));
        QCOMPARE(summaries[0].graphs[0], 2);
        QCOMPARE(summaries[0].graphs[2], 1);
        QCOMPARE(summaries[0].maxNodes, int64_t(300));
        QCOMPARE(summaries[0].medianNodes, int64_t(100));
        QCOMPARE(summaries[0].measuredGraphs, 2);
        QCOMPARE(summaries[0].medianBestOverMedian, (1.5 + 4.0) / 2);
        QCOMPARE(summaries[1].unreadable, 1);

        CollectionSummaryModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResults(summaries);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, CollectionSummaryModel::SplitsColumn).data().toString(),
                 QStringLiteral("2 / 0 / 1"));
        QVERIFY(model.index(0, CollectionSummaryModel::SpeedupColumn)
                    .data()
                    .toString()
                    .startsWith("2.75×"));
        model.setResults(summaries);  // same shape: updated in place
        QCOMPARE(model.rowCount(), 2);
        model.setResults({});
        QCOMPARE(model.rowCount(), 0);
    }

    void realDatasetRows() {
        const QString root = QStringLiteral(TPUGRAPHS_SHARED_DATA "/tpugraphs");
        if (!QFileInfo::exists(root + "/npz"))
            QSKIP("../shared/data absent: real dataset rows not checked");
        DatasetTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResults(scanDataset(root.toStdString()));
        QCOMPARE(model.rowCount(), 5);  // the five collections
        int graphs = 0;
        for (int c = 0; c < model.rowCount(); ++c)
            for (int s = 0; s < model.rowCount(model.index(c, 0)); ++s)
                graphs += model.rowCount(model.index(s, 0, model.index(c, 0)));
        QCOMPARE(graphs, 9);
        const int big = [&] {
            const auto& g = model.datasetIndex().graphs;
            for (size_t i = 0; i < g.size(); ++i)
                if (g[i].name == "3a0c5517a87df8d82fd637b83298a3ba") return int(i);
            return -1;
        }();
        QVERIFY(big >= 0);
        QCOMPARE(model.indexOfGraph(big, DatasetTreeModel::NodesColumn)
                     .data(DatasetTreeModel::SortRole)
                     .toDouble(),
                 21918.0);
        QCOMPARE(model.indexOfGraph(big, DatasetTreeModel::EdgesColumn)
                     .data(DatasetTreeModel::SortRole)
                     .toDouble(),
                 36278.0);
        QCOMPARE(model.indexOfGraph(big, DatasetTreeModel::ConfigurableColumn)
                     .data(DatasetTreeModel::SortRole)
                     .toDouble(),
                 848.0);
    }
};

QTEST_MAIN(TestDatasetModel)
#include "tst_dataset_model.moc"
