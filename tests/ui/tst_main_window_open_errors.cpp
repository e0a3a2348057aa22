// The main window (offscreen) opening what is not a good dataset: a corrupt file, a folder that
// is not a dataset, files that vanish while open, a corrupt single .npz; and a single .npz that
// opens.
#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMimeData>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeView>
#include <QtCharts/QLineSeries>
#include <QtTest>

#include "analysis/loaded_graph.h"
#include "charts/runtime_charts_panel.h"
#include "charts/sorted_runtime_chart.h"
#include "common/dataset_name.h"
#include "explorer/dataset_browser.h"
#include "explorer/explorer_page.h"
#include "explorer/inspector_panel.h"
#include "explorer_test_support.h"
#include "graphview/graph_search_bar.h"
#include "graphview/graph_view_panel.h"
#include "graphview/graph_view_widget.h"
#include "help/shortcuts_dialog.h"
#include "help/user_guide.h"
#include "item_models/collection_summary_model.h"
#include "item_models/dataset_tree_model.h"
#include "item_models/feature_table_model.h"
#include "main_window.h"
#include "main_window_test_support.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;
using namespace tpugraphs::ui::test;

namespace {

// Copies the sample dataset's tree into `to` (the files are small: ~1.7 MB).
bool copyTree(const QString& from, const QString& to) {
    QDir source(from);
    if (!QDir().mkpath(to)) return false;
    for (const QFileInfo& info :
         source.entryInfoList(QDir::Dirs | QDir::Files | QDir::NoDotAndDotDot)) {
        const QString target = to + "/" + info.fileName();
        if (info.isDir() ? !copyTree(info.filePath(), target)
                         : !QFile::copy(info.filePath(), target))
            return false;
    }
    return true;
}

}  // namespace

class TestMainWindowOpenErrors : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (!prepareMainWindowTest("tst_main_window_open_errors"))
            QSKIP("../shared/data absent: the main window is not exercised");
    }

    void corruptFileAndNonDataset() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString root = dir.filePath("dataset");
        QVERIFY(copyTree(sharedDatasetRoot(), root));
        const QString broken = root + "/npz/tile/xla/train/broken.npz";
        {
            QFile file(broken);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("this is not a zip archive");
        }
        MainWindow window;
        window.show();
        ExplorerPage* page = window.explorer();
        QSignalSpy opened(page, &ExplorerPage::datasetOpened);
        window.openDataset(root);
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 30000);
        QCOMPARE(opened.at(0).at(1).toInt(), 10);
        QVERIFY2(page->errorMessage().contains("broken.npz"), qPrintable(page->errorMessage()));
        // The first graph, loaded on its own, leaves the dataset's notice up.
        QTRY_VERIFY_WITH_TIMEOUT(page->currentGraph() != nullptr, 30000);
        QVERIFY2(page->errorMessage().contains("could not be read"),
                 qPrintable(page->errorMessage()));
        const DatasetIndex& index = page->browser()->model()->datasetIndex();
        const int bad = graphIndex(index, Collection::TileXla, "broken");
        QVERIFY(bad >= 0);
        const QModelIndex row = page->browser()->model()->indexOfGraph(bad);
        QVERIFY(row.data().toString().contains("unreadable"));
        QVERIFY(row.data(Qt::ToolTipRole).toString().contains("broken.npz"));

        // Selecting it says why; the app goes on and the next graph loads.
        QSignalSpy failed(page, &ExplorerPage::graphFailed);
        page->selectGraph(bad);
        QTRY_COMPARE(failed.count(), 1);
        QVERIFY(page->errorMessage().contains("broken.npz"));
        QSignalSpy loaded(page, &ExplorerPage::graphLoaded);
        page->selectGraph(graphIndex(index, Collection::LayoutXlaDefault, "unet3d"));
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 30000);
        // The graph's error is over; the dataset's notice is back.
        QVERIFY2(!page->errorMessage().contains("Cannot load"), qPrintable(page->errorMessage()));
        QVERIFY(page->errorMessage().contains("could not be read"));

        // A folder that is not a dataset: a clear message, the open dataset stays.
        QSignalSpy openFailed(page, &ExplorerPage::openFailed);
        const QString empty = dir.filePath("empty");
        QVERIFY(QDir().mkpath(empty));
        window.openDataset(empty);
        QTRY_COMPARE_WITH_TIMEOUT(openFailed.count(), 1, 30000);
        QVERIFY2(page->errorMessage().contains(empty), qPrintable(page->errorMessage()));
        QCOMPARE(page->browser()->model()->datasetIndex().graphs.size(), size_t(10));
        QCOMPARE(page->currentGraph()->entry.name, std::string("unet3d"));
    }

    // Files that vanish while the dataset is open (deleted, a folder unmounted): a file gone
    // between listing and reading is listed as unreadable; a graph whose file is gone when it
    // is selected fails with the file named; the window stays up and opens the next dataset.
    void vanishedFilesAreClearErrors() {
        if (!haveSharedDataset()) QSKIP("SKIP: ../shared/data absent");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString root = dir.filePath("dataset");
        QVERIFY(copyTree(sharedDatasetRoot(), root));
        const QString gone = root + "/npz/tile/xla/train/gone.npz";
        QVERIFY(QFile::link(dir.filePath("deleted-meanwhile.npz"), gone));
        MainWindow window;
        window.show();
        ExplorerPage* page = window.explorer();
        QSignalSpy opened(page, &ExplorerPage::datasetOpened);
        window.openDataset(root);
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 30000);
        const DatasetIndex index = page->browser()->model()->datasetIndex();
        const int vanished = graphIndex(index, Collection::TileXla, "gone");
        QVERIFY(vanished >= 0);
        const QModelIndex row = page->browser()->model()->indexOfGraph(vanished);
        QVERIFY(row.data().toString().contains("unreadable"));
        QVERIFY(row.data(Qt::ToolTipRole).toString().contains("gone.npz"));

        QVERIFY(QDir(root).removeRecursively());
        QSignalSpy failed(page, &ExplorerPage::graphFailed);
        page->selectGraph(
            graphIndex(index, Collection::LayoutXlaRandom, "openai_v0_rnn_optimized"));
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 30000);
        QVERIFY2(page->errorMessage().contains("openai_v0_rnn_optimized") &&
                     page->errorMessage().contains("No such file"),
                 qPrintable(page->errorMessage()));
        window.openDataset(sharedDatasetRoot());
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 2, 30000);
        QVERIFY(window.isVisible());
    }

    // A corrupt single .npz fails like a folder that is not a dataset: the open dataset stays, the
    // message names the file once; a later successful load clears the message.
    void failedSingleFileOpenKeepsTheDataset() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString broken = dir.filePath("broken.npz");
        {
            QFile file(broken);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("this is not a zip archive");
        }
        MainWindow window;
        window.show();
        ExplorerPage* page = window.explorer();
        QSignalSpy opened(page, &ExplorerPage::datasetOpened);
        window.openDataset(sharedDatasetRoot());
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 30000);
        const DatasetIndex& index = page->browser()->model()->datasetIndex();
        QSignalSpy loaded(page, &ExplorerPage::graphLoaded);
        QVERIFY(page->selectGraph(graphIndex(index, Collection::LayoutXlaDefault, "unet3d")));
        QTRY_VERIFY_WITH_TIMEOUT(
            page->currentGraph() && page->currentGraph()->entry.name == "unet3d", 30000);

        QSignalSpy failed(page, &ExplorerPage::openFailed);
        window.openDataset(broken);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 30000);
        QCOMPARE(opened.count(), 1);
        QCOMPARE(page->browser()->model()->datasetIndex().graphs.size(), size_t(9));
        QCOMPARE(page->browser()->tree()->model()->rowCount(), 5);
        QCOMPARE(page->currentGraph()->entry.name, std::string("unet3d"));
        const QString status = window.statusBar()->currentMessage();
        QCOMPARE(status.count("broken.npz"), 1);
        QVERIFY2(status.startsWith("Cannot open " + broken), qPrintable(status));
        QCOMPARE(page->errorMessage().count("broken.npz"), 1);

        // A later load succeeds: the failure's messages go.
        QVERIFY(page->selectGraph(
            graphIndex(index, Collection::LayoutXlaRandom, "openai_v0_rnn_optimized")));
        QTRY_VERIFY_WITH_TIMEOUT(page->currentGraph()->entry.name == "openai_v0_rnn_optimized",
                                 30000);
        QVERIFY(page->errorMessage().isEmpty());
        QVERIFY2(window.statusBar()->currentMessage().isEmpty(),
                 qPrintable(window.statusBar()->currentMessage()));
    }

    void singleFileOpens() {
        const QString file =
            sharedDatasetRoot() + "/npz/layout/xla/random/train/openai_v0_rnn_optimized.npz";
        MainWindow window;
        ExplorerPage* page = window.explorer();
        QSignalSpy opened(page, &ExplorerPage::datasetOpened);
        window.openDataset(file);
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 30000);
        const DatasetIndex& index = page->browser()->model()->datasetIndex();
        QCOMPARE(index.graphs.size(), size_t(1));
        QVERIFY(index.graphs[0].collection == Collection::LayoutXlaRandom);
        QCOMPARE(index.graphs[0].split, Split::Train);
        QCOMPARE(index.graphs[0].nodes, int64_t(1277));
    }
};

QTEST_MAIN(TestMainWindowOpenErrors)
#include "tst_main_window_open_errors.moc"
