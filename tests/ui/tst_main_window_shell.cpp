// The main window's frame (offscreen): it fits the screen, its menus' accelerators are unique,
// F1 and Help open the shortcuts and the user guide, its geometry and state are saved.
#include <QAbstractItemModelTester>
#include <QAbstractTextDocumentLayout>
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
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QToolButton>
#include <QTreeView>
#include <QtCharts/QLineSeries>
#include <QtTest>

#include <cmath>

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

class TestMainWindowShell : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (!prepareMainWindowTest("tst_main_window_shell"))
            QSKIP("../shared/data absent: the main window is not exercised");
    }

    // The window and its frame fit the screen's free area (offscreen: 800x600), before and
    // after it is shown; each menu's accelerators are unique; F1 opens the keyboard shortcuts,
    // Help > User Guide the guide (docs/USER_GUIDE.md), rendered as Markdown with its pictures.
    void fitsTheScreenAndHelps() {
        MainWindow window;
        const QRect free = window.screen()->availableGeometry();
        QVERIFY(window.width() <= free.width() && window.height() <= free.height());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::qWait(500);  // the second fit, once the frame is known
        const QRect frame = window.frameGeometry();
        QVERIFY2(frame.top() >= free.top() && frame.bottom() <= free.bottom() &&
                     frame.left() >= free.left(),
                 qPrintable(QString("%1,%2 %3x%4")
                                .arg(frame.x())
                                .arg(frame.y())
                                .arg(frame.width())
                                .arg(frame.height())));
        // As wide as the screen allows, never below the window's minimum width.
        QVERIFY(frame.right() <= free.right() ||
                window.width() == window.minimumSizeHint().width());
        for (QAction* top : window.menuBar()->actions()) {
            if (!top->menu()) continue;
            QSet<QChar> keys;
            for (QAction* action : top->menu()->actions()) {
                const int amp = action->text().indexOf('&');
                if (amp < 0 || amp + 1 >= action->text().size()) continue;
                const QChar key = action->text().at(amp + 1).toLower();
                QVERIFY2(!keys.contains(key), qPrintable(top->text() + ": " + action->text()));
                keys.insert(key);
            }
        }
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_F1);
        auto* shortcuts = window.findChild<ShortcutsDialog*>();
        QVERIFY(shortcuts);
        QVERIFY(!shortcuts->table()->findItems("Ctrl+O", Qt::MatchExactly).isEmpty());
        QVERIFY(
            !shortcuts->table()->findItems("Graph view: F or Home", Qt::MatchExactly).isEmpty());
        QAction* guide = nullptr;
        for (QAction* top : window.menuBar()->actions())
            if (top->menu())
                for (QAction* action : top->menu()->actions())
                    if (action->text() == "&User Guide") guide = action;
        QVERIFY(guide);
        guide->trigger();
        auto* guideWindow = window.findChild<UserGuideWindow*>();
        QVERIFY(guideWindow);
        const QString guideText = guideWindow->browser()->toPlainText();
        QVERIFY2(guideText.startsWith("TpuGraphs Studio User Guide"),
                 qPrintable(guideText.left(200)));
        QVERIFY(guideText.contains("Compare runs"));
        // Rendered, not shown raw: no Markdown syntax left, headings are headings.
        QVERIFY(!guideText.contains("](") && !guideText.contains("**") &&
                !guideText.contains("## "));
        QVERIFY(guideWindow->browser()->document()->toHtml().contains("<h2"));
        QVERIFY(guideWindow->browser()->document()->toHtml().contains("<img"));
        // Its contents' links lead to their headings (a click sets the link as the source);
        // its pictures are no wider than the window.
        guideWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(guideWindow));
        QTextBrowser* browser = guideWindow->browser();
        QCOMPARE(browser->verticalScrollBar()->value(), 0);
        QTextBlock heading;
        for (QTextBlock b = browser->document()->begin(); b.isValid(); b = b.next())
            if (b.blockFormat().headingLevel() > 0 && b.text() == "Export a submission")
                heading = b;
        QVERIFY(heading.isValid());
        // A click on the contents' link, as a user reads the guide.
        int link = -1;
        for (QTextBlock b = browser->document()->begin(); b.isValid() && link < 0; b = b.next())
            for (auto it = b.begin(); !it.atEnd(); ++it)
                if (it.fragment().charFormat().anchorHref() == "#export-a-submission") {
                    link = it.fragment().position() + 1;
                    break;
                }
        QVERIFY(link > 0);
        QTextCursor at(browser->document());
        at.setPosition(link);
        QTest::mouseClick(browser->viewport(), Qt::LeftButton, Qt::NoModifier,
                          browser->cursorRect(at).center());
        const auto headingTop = [&] {
            return browser->document()->documentLayout()->blockBoundingRect(heading).top();
        };
        QTRY_VERIFY2(std::abs(headingTop() - browser->verticalScrollBar()->value()) < 50,
                     qPrintable(QString("heading at %1, view at %2")
                                    .arg(headingTop())
                                    .arg(browser->verticalScrollBar()->value())));
        int pictures = 0;
        for (QTextBlock b = browser->document()->begin(); b.isValid(); b = b.next())
            for (auto it = b.begin(); !it.atEnd(); ++it) {
                const QTextCharFormat format = it.fragment().charFormat();
                if (!format.isImageFormat()) continue;
                const QImage image = browser->document()
                                         ->resource(QTextDocument::ImageResource,
                                                    QUrl(format.toImageFormat().name()))
                                         .value<QImage>();
                QVERIFY2(!image.isNull() && image.width() <= browser->width(),
                         qPrintable(QString("%1: %2 px in %3")
                                        .arg(format.toImageFormat().name())
                                        .arg(image.width())
                                        .arg(browser->width())));
                ++pictures;
            }
        QVERIFY(pictures > 0);
    }

    void stateIsSaved() {
        {
            MainWindow window;
            window.resize(1234, 777);
            window.show();
            window.close();
        }
        QVERIFY(QSettings().contains("mainWindow/geometry"));
        QVERIFY(QSettings().contains("mainWindow/explorer"));
        MainWindow again;
        QCOMPARE(again.size(), QSize(1234, 777));
    }
};

QTEST_MAIN(TestMainWindowShell)
#include "tst_main_window_shell.moc"
