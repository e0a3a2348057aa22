// The explorer page: wires the browser, graph view, charts and inspector to the loading jobs.
#include "explorer/explorer_page.h"

#include <QDataStream>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

#include "analysis/collection_summary.h"
#include "analysis/loaded_graph.h"
#include "analysis/node_shape.h"
#include "analysis/start_graph.h"
#include "charts/collection_charts_panel.h"
#include "charts/runtime_charts_panel.h"
#include "common/count_text.h"
#include "common/graph_load_job.h"
#include "common/message_without_path.h"
#include "explorer/compare_run_chooser.h"
#include "explorer/config_compare_panel.h"
#include "explorer/dataset_browser.h"
#include "explorer/dataset_scan_job.h"
#include "explorer/inspector_panel.h"
#include "explorer/prepared_cache_job.h"
#include "explorer/runtime_stats_job.h"
#include "graphview/graph_view_panel.h"
#include "graphview/graph_view_widget.h"
#include "item_models/collection_summary_model.h"
#include "item_models/dataset_tree_model.h"

namespace tpugraphs::ui {

namespace {
// Of saveState(); 2 since the tree shows fewer columns by default (older header states showed all).
constexpr quint32 kStateVersion = 2;
// The width a pane of the split view A | B keeps when the comparison widens the side panel.
constexpr int kSplitPaneWidth = 400;

// Each node's output shape, as the tool tip writes it, for the labels drawn close up.
QStringList nodeShapes(const LoadedGraph& graph) {
    QStringList shapes;
    shapes.reserve(int(graph.topology->nodeCount));
    for (int64_t node = 0; node < graph.topology->nodeCount; ++node)
        shapes << QString::fromStdString(nodeShapeText(graph, node));
    return shapes;
}
}  // namespace

ExplorerPage::ExplorerPage(QWidget* parent)
    : QWidget(parent),
      m_scan(new DatasetScanJob(this)),
      m_stats(new RuntimeStatsJob(this)),
      m_load(new GraphLoadJob(this)),
      m_cache(new PreparedCacheJob(this)),
      m_summaryTimer(new QTimer(this)),
      m_error(new QLabel(this)),
      m_splitter(new QSplitter(Qt::Horizontal, this)),
      m_browser(new DatasetBrowser(this)),
      m_tabs(new QTabWidget(this)),
      m_graphPanel(new GraphViewPanel(this)),
      m_runtimeCharts(new RuntimeChartsPanel(this)),
      m_collectionCharts(new CollectionChartsPanel(this)),
      m_inspector(new InspectorPanel(this)),
      m_compare(new ConfigComparePanel(this)),
      m_sideTabs(new QTabWidget(this)) {
    layOut();
    m_summaryTimer->setInterval(250);  // summaries redraw at most 4x a second
    connect(m_summaryTimer, &QTimer::timeout, this, &ExplorerPage::refreshSummaries);
    connectJobs();
    connectPanels();
}

ExplorerPage::~ExplorerPage() = default;

void ExplorerPage::layOut() {
    m_error->setObjectName("errorBanner");
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(
        "QLabel { background: #fde8e8; color: #8a1010; border: 1px solid #e0a0a0; padding: 6px; }");
    m_error->hide();
    m_tabs->setObjectName("explorerTabs");
    m_tabs->addTab(m_graphPanel, QStringLiteral("Graph"));
    m_tabs->addTab(m_runtimeCharts, QStringLiteral("Runtimes"));
    m_tabs->addTab(m_collectionCharts, QStringLiteral("Collection"));
    // Explicit minimum widths: the panels' size hints would otherwise squeeze the browser.
    m_browser->setMinimumWidth(280);
    m_tabs->setMinimumWidth(420);
    m_sideTabs->setObjectName("explorerSideTabs");
    m_sideTabs->addTab(m_inspector, QStringLiteral("Node"));
    m_sideTabs->addTab(m_compare, QStringLiteral("Compare configs"));
    m_sideTabs->setMinimumWidth(280);
    m_splitter->setObjectName("explorerSplitter");
    m_splitter->addWidget(m_browser);
    m_splitter->addWidget(m_tabs);
    m_splitter->addWidget(m_sideTabs);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 5);
    m_splitter->setStretchFactor(2, 2);
    m_splitter->setSizes({440, 780, 380});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_error);
    layout->addWidget(m_splitter, 1);
}

void ExplorerPage::connectJobs() {
    connect(m_scan, &DatasetScanJob::progress, this, [this](int done, int total) {
        Q_EMIT taskProgress(QStringLiteral("Scanning %1").arg(m_pendingPath), done, total);
    });
    connect(m_scan, &DatasetScanJob::scanned, this, &ExplorerPage::onScanned);
    connect(m_cache, &PreparedCacheJob::statusAvailable, m_browser,
            &DatasetBrowser::setPreparedCache);
    connect(m_scan, &DatasetScanJob::failed, this, [this](const QString& error) {
        const QString message = withoutPath(error, m_pendingPath);
        showError(QStringLiteral("Cannot open %1: %2").arg(m_pendingPath, message));
        Q_EMIT openFailed(m_pendingPath, message);
    });
    connect(m_stats, &RuntimeStatsJob::statsAvailable, this,
            [this](int graph, const RuntimeStats& stats) {
                m_browser->model()->setRuntimeStats(graph, stats);
                m_summaryDirty = true;
            });
    connect(m_stats, &RuntimeStatsJob::progress, this, [this](int done, int total) {
        Q_EMIT taskProgress(QStringLiteral("Reading runtimes"), done, total);
    });
    connect(m_stats, &RuntimeStatsJob::finished, this, [this] {
        refreshSummaries();
        m_summaryTimer->stop();
        Q_EMIT runtimeStatsFinished();
    });
    connect(m_scan, &DatasetScanJob::runningChanged, this, &ExplorerPage::checkIdle);
    connect(m_stats, &RuntimeStatsJob::runningChanged, this, &ExplorerPage::checkIdle);
    connect(m_load, &GraphLoadJob::runningChanged, this, &ExplorerPage::checkIdle);
    connect(m_compare->runChooser(), &CompareRunChooser::predictingChanged, this,
            &ExplorerPage::checkIdle);
    connect(m_load, &GraphLoadJob::loaded, this, &ExplorerPage::onGraphLoaded);
    connect(m_load, &GraphLoadJob::failed, this, &ExplorerPage::onGraphFailed);
}

void ExplorerPage::connectPanels() {
    connect(m_browser, &DatasetBrowser::graphSelected, this, &ExplorerPage::selectGraph);
    connect(m_browser, &DatasetBrowser::collectionSelected, m_collectionCharts,
            &CollectionChartsPanel::setCollection);
    connect(m_graphPanel->view(), &GraphViewWidget::nodeSelected, this,
            &ExplorerPage::onNodeSelected);
    connect(m_runtimeCharts, &RuntimeChartsPanel::configChosen, m_inspector,
            &InspectorPanel::setConfig);
    const auto activateNode = [this](int64_t node) {
        m_graphPanel->view()->selectNode(int(node));
        m_graphPanel->view()->centreOnNode(int(node));
        onNodeSelected(int(node));
    };
    connect(m_inspector, &InspectorPanel::nodeActivated, this, activateNode);
    connect(m_compare, &ConfigComparePanel::nodeActivated, this, activateNode);
    connect(m_compare, &ConfigComparePanel::splitViewToggled, m_graphPanel,
            &GraphViewPanel::setSplitView);
    connect(m_compare, &ConfigComparePanel::splitViewToggled, this,
            &ExplorerPage::onSplitViewToggled);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] {
        if (m_compare->isSplitView()) m_splitSizes = m_splitter->sizes();
    });
    connect(m_compare, &ConfigComparePanel::highlightChanged, this,
            &ExplorerPage::showComparisonHighlight);
    // A config picked in the runtime chart becomes config B of the comparison.
    connect(m_runtimeCharts, &RuntimeChartsPanel::configChosen, this,
            [this](int64_t config) { m_compare->setConfigs(m_compare->configA(), config); });
    connect(m_sideTabs, &QTabWidget::currentChanged, this, &ExplorerPage::widenForComparison);
    connect(m_inspector, &InspectorPanel::configChanged, this, [this](int64_t config) {
        m_graphPanel->setExportGraph(m_graph, m_graph && m_graph->layout ? config : -1);
    });
}

void ExplorerPage::showComparisonHighlight(const QVector<float>& values, const QString& title) {
    if (!m_graph) return;
    GraphViewWidget* a = m_graphPanel->view();
    GraphViewWidget* b = m_graphPanel->secondView();
    // Differing nodes are ringed in both panes.
    const bool shown = m_compare->showsDifferences();
    const QVector<int> marked = shown ? m_compare->differingNodes() : QVector<int>();
    const QString meaning = QStringLiteral("layout differs");
    a->setMarkedNodes(marked, meaning);
    b->setMarkedNodes(marked, meaning);
    if (!m_compare->isSplitView() || !shown) {
        a->setNodeValues(values, title);
        return;
    }
    // Each pane colours a differing node by which of its two layouts it takes in that pane's
    // config (the faster or the slower one), on one fixed scale.
    const NodeValueScale scale{0.0f, 1.0f, m_compare->layoutScaleLabels()};
    a->setNodeValues(m_compare->layoutValues(false),
                     QStringLiteral("A: config %1").arg(m_compare->configA()), scale);
    b->setNodeValues(m_compare->layoutValues(true),
                     QStringLiteral("B: config %1").arg(m_compare->configB()), scale);
}

void ExplorerPage::openDataset(const QString& path) {
    m_pendingPath = QFileInfo(path).absoluteFilePath();
    Q_EMIT taskProgress(QStringLiteral("Scanning %1").arg(m_pendingPath), 0, 0);
    m_scan->start(m_pendingPath);
}

void ExplorerPage::onScanned(const DatasetIndex& index) {
    m_stats->cancel();
    m_load->cancel();
    m_path = m_pendingPath;
    m_graph.reset();
    m_loadingGraph = -1;
    m_browser->model()->setResults(index);
    m_browser->summaryModel()->setResults(summarizeCollections(index, {}));
    m_collectionCharts->setDataset(index);
    m_graphPanel->setGraph(nullptr);
    m_inspector->setGraph(nullptr);
    m_compare->setGraph(nullptr);
    m_graphPanel->setExportGraph(nullptr);
    m_runtimeCharts->setGraph(nullptr);
    QStringList unreadable;
    for (const GraphEntry& entry : index.graphs)
        if (!entry.error.empty()) unreadable << QString::fromStdString(entry.error);
    m_datasetNotice =
        unreadable.isEmpty()
            ? QString()
            : QStringLiteral("%1 could not be read (marked red in the tree): %2")
                  .arg(countText(unreadable.size(), "file", "files"),
                       unreadable.mid(0, 3).join(QStringLiteral("; ")) +
                           (unreadable.size() > 3 ? QStringLiteral("; …") : QString()));
    showDatasetNotice();
    if (!index.graphs.empty()) {
        m_cache->start(index);
        m_stats->start(index);
        m_summaryTimer->start();
    }
    // A first graph, so the page shows what it is for; a selection made by a receiver of
    // datasetOpened supersedes it.
    selectGraph(startGraph(index));
    Q_EMIT datasetOpened(m_path, int(index.graphs.size()));
}

bool ExplorerPage::selectGraph(int graph) {
    const auto& graphs = m_browser->model()->datasetIndex().graphs;
    if (graph < 0 || graph >= int(graphs.size())) return false;
    // Selecting the row re-enters here through the tree's signal, which does the loading.
    if (m_browser->selectedGraph() != graph && m_browser->selectGraph(graph)) return true;
    if (graph == m_loadingGraph) return true;
    m_loadingGraph = graph;
    const GraphEntry& entry = graphs[size_t(graph)];
    if (!entry.error.empty()) {
        onGraphFailed(QString::fromStdString(entry.path), QString::fromStdString(entry.error));
        return true;
    }
    Q_EMIT taskProgress(QStringLiteral("Loading %1").arg(QString::fromStdString(entry.name)), 0, 0);
    m_load->start(entry);
    return true;
}

void ExplorerPage::onGraphLoaded(std::shared_ptr<const LoadedGraph> graph) {
    m_graph = graph;
    showDatasetNotice();  // a graph's error is over; the dataset's stays while it is open
    m_graphPanel->setGraph(graph->topology);
    m_inspector->setGraph(graph);
    m_graphPanel->setExportGraph(graph, graph->layout ? m_inspector->config() : -1);
    m_compare->setGraph(graph);
    // After setGraph: the tool tip's detail belongs to this graph.
    const auto detail = [graph, compare = m_compare](int node) {
        QString text =
            QStringLiteral("shape ") + QString::fromStdString(nodeShapeText(*graph, node));
        const QString layouts = compare->nodeDetail(node);
        if (!layouts.isEmpty()) text += QStringLiteral("\n") + layouts;
        return text;
    };
    const QStringList shapes = nodeShapes(*graph);
    for (GraphViewWidget* view : {m_graphPanel->view(), m_graphPanel->secondView()}) {
        view->setNodeDetail(detail);
        view->setNodeShapes(shapes);
    }
    m_runtimeCharts->setGraph(graph);
    widenForComparison();
    Q_EMIT graphLoaded(graph);
}

void ExplorerPage::onGraphFailed(const QString& path, const QString& error) {
    const QString message = withoutPath(error, path);
    m_browser->model()->setGraphError(m_loadingGraph, error.toStdString());
    m_graph.reset();
    m_graphPanel->setGraph(nullptr);
    m_inspector->setGraph(nullptr);
    m_compare->setGraph(nullptr);
    m_graphPanel->setExportGraph(nullptr);
    m_runtimeCharts->setGraph(nullptr);
    m_loadingGraph = -1;  // selecting it again shows the error again
    showError(QStringLiteral("Cannot load %1: %2").arg(path, message));
    Q_EMIT graphFailed(path, message);
}

void ExplorerPage::onNodeSelected(int nodeId) {
    m_inspector->showNode(nodeId);
    m_runtimeCharts->setFeatureNode(nodeId);
}

void ExplorerPage::setRunList(const RunListModel* runs) {
    m_compare->runChooser()->setRunList(runs);
}

void ExplorerPage::onSplitViewToggled(bool on) {
    if (on) {
        m_sizesBeforeSplit = m_splitter->sizes();
    } else if (!m_sizesBeforeSplit.isEmpty()) {
        m_splitter->setSizes(m_sizesBeforeSplit);
        m_sizesBeforeSplit.clear();
    }
    widenForComparison();
}

void ExplorerPage::widenForComparison() {
    if (m_sideTabs->currentWidget() != m_compare) return;
    const bool split = m_compare->isSplitView();
    if (split && !m_splitSizes.isEmpty()) {
        m_splitter->setSizes(m_splitSizes);
        return;
    }
    QTableWidget* table = m_compare->table();
    QHeaderView* header = table->horizontalHeader();
    header->resizeSections(QHeaderView::ResizeToContents);
    // Around the columns: the panel's margins, the table's frame and a vertical scroll bar.
    const int around =
        m_sideTabs->width() - table->viewport()->width() +
        (table->verticalScrollBar()->isVisible() ? 0
                                                 : table->verticalScrollBar()->sizeHint().width());
    QList<int> sizes = m_splitter->sizes();  // browser, tabs, side
    // The split view keeps two panes of a readable width: the graph takes some back first.
    const int tabsAround = m_tabs->width() - m_graphPanel->width();
    const int graphFloor =
        std::max(m_tabs->minimumWidth(),
                 split ? m_graphPanel->widthForPanes(kSplitPaneWidth) + tabsAround : 0);
    const int back =
        std::max(0, std::min(graphFloor - sizes[1], sizes[2] - m_sideTabs->minimumWidth()));
    sizes[1] += back;
    sizes[2] -= back;
    const int floors[2] = {m_browser->minimumWidth(), graphFloor};
    int missing = header->length() + around - sizes[2];
    // The graph gives first: the browser's names are already short at 1366 px.
    for (const int i : {1, 0}) {
        const int given = std::max(0, std::min(missing, sizes[i] - floors[i]));
        sizes[i] -= given;
        sizes[2] += given;
        missing -= given;
    }
    if (split && (sizes[1] < graphFloor || missing > 0)) {
        // No room for the browser beside two panes and the whole table: it folds away, its width
        // going to the panes first, then to the table.
        int freed = sizes[0];
        sizes[0] = 0;
        const int toGraph = std::min(freed, graphFloor - sizes[1]);
        const int toSide = std::min(freed - toGraph, std::max(0, missing));
        sizes[1] += freed - toSide;
        sizes[2] += toSide;
    }
    m_splitter->setSizes(sizes);
}

void ExplorerPage::showTab(Tab tab) {
    m_tabs->setCurrentIndex(int(tab));
}

void ExplorerPage::showError(const QString& message) {
    m_error->setText(message);
    m_error->show();
}

void ExplorerPage::showDatasetNotice() {
    if (m_datasetNotice.isEmpty())
        m_error->hide();
    else
        showError(m_datasetNotice);
}

QString ExplorerPage::errorMessage() const {
    return m_error->isVisibleTo(this) ? m_error->text() : QString();
}

void ExplorerPage::refreshSummaries() {
    if (!m_summaryDirty) return;
    m_summaryDirty = false;
    const auto& model = *m_browser->model();
    m_browser->summaryModel()->setResults(
        summarizeCollections(model.datasetIndex(), model.runtimeStats()));
    m_collectionCharts->setRuntimeStats(model.runtimeStats());
}

void ExplorerPage::cancelTasks() {
    m_scan->cancel();
    m_stats->cancel();
    m_load->cancel();
    m_cache->cancel();
    m_loadingGraph = m_graph ? m_loadingGraph : -1;
    m_summaryTimer->stop();
    m_summaryDirty = true;
    refreshSummaries();
    checkIdle();
}

bool ExplorerPage::isBusy() const {
    return m_scan->isRunning() || m_stats->isRunning() || m_load->isRunning() ||
           m_compare->runChooser()->isPredicting();
}

void ExplorerPage::checkIdle() {
    if (!isBusy()) Q_EMIT tasksIdle();
}

QByteArray ExplorerPage::saveState() const {
    QByteArray state;
    QDataStream out(&state, QIODevice::WriteOnly);
    out << kStateVersion << m_splitter->saveState() << m_browser->splitter()->saveState()
        << m_browser->tree()->header()->saveState() << m_splitSizes;
    return state;
}

void ExplorerPage::restoreState(const QByteArray& state) {
    QDataStream in(state);
    quint32 version = 0;
    QByteArray main, browser, header;
    QList<int> splitSizes;
    in >> version >> main >> browser >> header;
    if (!in.atEnd()) in >> splitSizes;  // states saved before the split view's sizes have none
    if (version != kStateVersion || in.status() != QDataStream::Ok) return;
    m_splitSizes = splitSizes.size() == 3 ? splitSizes : QList<int>();
    m_splitter->restoreState(main);
    m_browser->splitter()->restoreState(browser);
    m_browser->tree()->header()->restoreState(header);
}

}  // namespace tpugraphs::ui
