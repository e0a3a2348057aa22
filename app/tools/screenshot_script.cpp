// Drives the main window for reproducible screenshots.
#include "screenshot_script.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QPixmap>
#include <QTabWidget>
#include <QTimer>
#include <cstdio>

#include "analysis/loaded_graph.h"
#include "charts/runtime_charts_panel.h"
#include "explorer/compare_run_chooser.h"
#include "explorer/config_compare_panel.h"
#include "explorer/dataset_browser.h"
#include "explorer/explorer_page.h"
#include "explorer/inspector_panel.h"
#include "graphview/graph_search_bar.h"
#include "graphview/graph_view_panel.h"
#include "graphview/graph_view_widget.h"
#include "main_window.h"

namespace tpugraphs::ui {

ScreenshotScript::ScreenshotScript(MainWindow* window, ScreenshotOptions options, QObject* parent)
    : QObject(parent), m_window(window), m_options(std::move(options)) {}

void ScreenshotScript::start() {
    ExplorerPage* page = m_window->explorer();
    connect(page, &ExplorerPage::datasetOpened, this, &ScreenshotScript::onDatasetOpened,
            Qt::SingleShotConnection);
    connect(page, &ExplorerPage::openFailed, this,
            [this](const QString& path, const QString& message) {
                fail(QStringLiteral("cannot open %1: %2").arg(path, message));
            });
    QTimer::singleShot(m_options.timeoutSeconds * 1000, this,
                       [this] { fail(QStringLiteral("timed out")); });
}

void ScreenshotScript::onDatasetOpened() {
    ExplorerPage* page = m_window->explorer();
    // Without --graph, the graph the page selected itself (none: capture at once).
    const int graph = m_options.graph.isEmpty() ? page->browser()->selectedGraph()
                                                : page->browser()->findGraph(m_options.graph);
    if (m_options.graph.isEmpty() && graph < 0) {
        capture();
        return;
    }
    if (graph < 0) {
        fail(QStringLiteral("no graph named %1").arg(m_options.graph));
        return;
    }
    GraphViewWidget* view = page->graphPanel()->view();
    connect(view, &GraphViewWidget::drawingFinished, this, &ScreenshotScript::onGraphReady,
            Qt::SingleShotConnection);
    connect(page, &ExplorerPage::graphFailed, this,
            [this](const QString&, const QString& message) { fail(message); });
    page->selectGraph(graph);
}

void ScreenshotScript::onGraphReady() {
    ExplorerPage* page = m_window->explorer();
    GraphViewWidget* view = page->graphPanel()->view();
    QComboBox* mode = page->graphPanel()->modeBox();
    if (m_options.viewMode > 0 && mode->currentIndex() != m_options.viewMode) {
        // Another view: lay it out, then come back here.
        connect(view, &GraphViewWidget::drawingFinished, this, &ScreenshotScript::onGraphReady,
                Qt::SingleShotConnection);
        mode->setCurrentIndex(m_options.viewMode);
        return;
    }
    if (!m_options.search.isEmpty()) page->graphPanel()->searchBar()->search(m_options.search);
    if (m_options.node >= 0) {
        view->selectNode(m_options.node);
        view->centreOnNode(m_options.node);
    }
    if (m_options.zoom > 0) {
        const QPointF anchor = m_options.node >= 0 ? view->nodeScreenPos(m_options.node)
                                                   : QPointF(view->rect().center());
        view->zoomAt(m_options.zoom, anchor);  // around the node: it stays centred
    }
    if (m_options.config >= 0) page->inspector()->setConfig(m_options.config);
    if (m_options.logScale) page->runtimeCharts()->logBox()->setChecked(true);
    if (!m_options.feature.isEmpty()) {
        QComboBox* box = page->runtimeCharts()->featureBox();
        box->setCurrentIndex(std::max(0, box->findText(m_options.feature)));
    }
    capture();
}

void ScreenshotScript::capture() {
    ExplorerPage* page = m_window->explorer();
    if (m_options.tab == QLatin1String("runtimes")) page->showTab(ExplorerPage::RuntimesTab);
    if (m_options.tab == QLatin1String("collection")) page->showTab(ExplorerPage::CollectionTab);
    if (m_options.tab == QLatin1String("graph")) page->showTab(ExplorerPage::GraphTab);
    if (m_options.tab == QLatin1String("compare")) showComparison(page);
    if (!m_options.exportSvg.isEmpty())
        page->graphPanel()->exportDrawing(m_options.exportSvg, true);
    // Wait for the runtime columns, then give the charts and the view a moment to repaint.
    const auto save = [this] {
        QTimer::singleShot(600, this, [this] {
            if (m_done) return;
            m_done = true;
            const bool ok = m_window->grab().save(m_options.file);
            std::fprintf(ok ? stdout : stderr, "%s %s\n", ok ? "screenshot:" : "cannot write",
                         qPrintable(m_options.file));
            Q_EMIT finished(ok ? 0 : 1);
        });
    };
    if (!page->isBusy()) {
        save();
        return;
    }
    connect(page, &ExplorerPage::tasksIdle, this, save, Qt::SingleShotConnection);
}

void ScreenshotScript::showComparison(ExplorerPage* page) {
    page->showTab(ExplorerPage::GraphTab);
    page->sideTabs()->setCurrentWidget(page->comparePanel());
    // Chosen as a user chooses a folder; the capture waits for its prediction (isBusy).
    if (!m_options.compareRun.isEmpty()) {
        const QString problem = page->comparePanel()->runChooser()->chooseRun(m_options.compareRun);
        if (!problem.isEmpty()) fail(problem);
    }
    if (m_options.compareSplit)
        page->comparePanel()->findChild<QCheckBox*>("compareSplit")->setChecked(true);
}

void ScreenshotScript::fail(const QString& message) {
    if (m_done) return;
    m_done = true;
    std::fprintf(stderr, "screenshot failed: %s\n", qPrintable(message));
    Q_EMIT finished(2);
}

}  // namespace tpugraphs::ui
