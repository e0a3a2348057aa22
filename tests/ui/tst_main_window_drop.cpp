// The main window (offscreen) and drag and drop: a dataset folder and a .npz file dropped open,
// a file that is not a dataset is refused.
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

// The widget a drop at the window's centre lands on, as a file manager's drop would.
QWidget* dropTarget(QWidget& window) {
    QWidget* child = window.childAt(window.rect().center());
    return child ? child : &window;
}

// Drags `path` as a file URL over the window; returns whether the drag was accepted.
bool dragEnter(QWidget& window, const QString& path) {
    QMimeData data;
    data.setUrls({QUrl::fromLocalFile(path)});
    QWidget* target = dropTarget(window);
    QDragEnterEvent enter(target->rect().center(), Qt::CopyAction, &data, Qt::LeftButton,
                          Qt::NoModifier);
    QCoreApplication::sendEvent(target, &enter);
    return enter.isAccepted();
}

// Drops `path` as a file URL on the window; returns whether the drop was accepted.
bool drop(QWidget& window, const QString& path) {
    QMimeData data;
    data.setUrls({QUrl::fromLocalFile(path)});
    QWidget* target = dropTarget(window);
    QDropEvent event(QPointF(target->rect().center()), Qt::CopyAction, &data, Qt::LeftButton,
                     Qt::NoModifier);
    QCoreApplication::sendEvent(target, &event);
    return event.isAccepted();
}

}  // namespace

class TestMainWindowDrop : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (!prepareMainWindowTest("tst_main_window_drop"))
            QSKIP("../shared/data absent: the main window is not exercised");
    }

    void dropOpensADataset_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("collections");
        QTest::addColumn<int>("graphs");
        QTest::newRow("dataset folder") << sharedDatasetRoot() << 5 << 9;
        QTest::newRow(".npz file")
            << sharedDatasetRoot() + "/npz/layout/xla/random/train/openai_v0_rnn_optimized.npz" << 1
            << 1;
    }

    void dropOpensADataset() {
        QFETCH(QString, path);
        QFETCH(int, collections);
        QFETCH(int, graphs);
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ExplorerPage* page = window.explorer();
        QSignalSpy opened(page, &ExplorerPage::datasetOpened);
        QVERIFY(dragEnter(window, path));
        QVERIFY(drop(window, path));
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 30000);
        QCOMPARE(opened.at(0).at(1).toInt(), graphs);
        QCOMPARE(page->browser()->tree()->model()->rowCount(), collections);
        QVERIFY(page->errorMessage().isEmpty());
    }

    // A text file dragged over the window is refused with a message; opened another way (Open
    // Recent, a command line) it fails with an error; the open dataset stays and still works.
    void dropOfAFileThatIsNotADatasetIsRefused() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString text = dir.filePath("notes.txt");
        {
            QFile file(text);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("not a graph\n");
        }
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ExplorerPage* page = window.explorer();
        QSignalSpy opened(page, &ExplorerPage::datasetOpened);
        QVERIFY(dragEnter(window, sharedDatasetRoot()));
        QVERIFY(drop(window, sharedDatasetRoot()));
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 30000);

        QVERIFY(!dragEnter(window, text));
        QVERIFY2(window.statusBar()->currentMessage().contains("notes.txt"),
                 qPrintable(window.statusBar()->currentMessage()));
        QVERIFY(!drop(window, text));
        QSignalSpy failed(page, &ExplorerPage::openFailed);
        window.openDataset(text);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 30000);
        QVERIFY2(page->errorMessage().contains("notes.txt"), qPrintable(page->errorMessage()));
        QCOMPARE(opened.count(), 1);
        QCOMPARE(page->browser()->tree()->model()->rowCount(), 5);

        const DatasetIndex& index = page->browser()->model()->datasetIndex();
        QVERIFY(page->selectGraph(
            graphIndex(index, Collection::LayoutXlaRandom, "openai_v0_rnn_optimized")));
        QTRY_VERIFY_WITH_TIMEOUT(
            page->currentGraph() && page->currentGraph()->entry.name == "openai_v0_rnn_optimized",
            30000);
        QVERIFY(page->errorMessage().isEmpty());
    }
};

QTEST_MAIN(TestMainWindowDrop)
#include "tst_main_window_drop.moc"
