// The explorer page: dataset browser | graph view, runtime charts, collection view | inspector.
// Owns the background jobs that scan the dataset, fill the runtime columns and load graphs.
#pragma once

#include <QByteArray>
#include <QString>
#include <QVector>
#include <QWidget>

#include <memory>

class QLabel;
class QSplitter;
class QTabWidget;
class QTimer;

namespace tpugraphs {
struct DatasetIndex;
struct LoadedGraph;
}  // namespace tpugraphs

namespace tpugraphs::ui {

class CollectionChartsPanel;
class ConfigComparePanel;
class DatasetBrowser;
class DatasetScanJob;
class GraphLoadJob;
class GraphViewPanel;
class InspectorPanel;
class PreparedCacheJob;
class RunListModel;
class RuntimeChartsPanel;
class RuntimeStatsJob;

class ExplorerPage : public QWidget {
    Q_OBJECT
public:
    enum Tab { GraphTab, RuntimesTab, CollectionTab };

    explicit ExplorerPage(QWidget* parent = nullptr);
    ~ExplorerPage() override;

    // Scans a dataset root or one .npz in the background; the current dataset stays on failure.
    void openDataset(const QString& path);
    bool selectGraph(int graph);  // index into the open DatasetIndex::graphs
    void showTab(Tab tab);
    // The runs the app knows: the config comparison offers those of the open graph's collection.
    void setRunList(const RunListModel* runs);
    void cancelTasks();
    bool isBusy() const;

    QString datasetPath() const { return m_path; }
    std::shared_ptr<const LoadedGraph> currentGraph() const { return m_graph; }
    QString errorMessage() const;  // the error banner's text, empty when hidden

    DatasetBrowser* browser() const { return m_browser; }
    GraphViewPanel* graphPanel() const { return m_graphPanel; }
    InspectorPanel* inspector() const { return m_inspector; }
    ConfigComparePanel* comparePanel() const { return m_compare; }
    QTabWidget* sideTabs() const { return m_sideTabs; }
    RuntimeChartsPanel* runtimeCharts() const { return m_runtimeCharts; }
    QTabWidget* tabs() const { return m_tabs; }

    QByteArray saveState() const;  // splitter sizes (the split view's too) and tree header
    void restoreState(const QByteArray& state);

Q_SIGNALS:
    void datasetOpened(const QString& path, int graphs);
    // `message` says what was wrong without repeating `path`.
    void openFailed(const QString& path, const QString& message);
    void graphLoaded(std::shared_ptr<const tpugraphs::LoadedGraph> graph);
    void graphFailed(const QString& path, const QString& message);
    void runtimeStatsFinished();
    // For the status bar: what runs now (total 0 = unknown), and when everything is idle.
    void taskProgress(const QString& task, int done, int total);
    void tasksIdle();

private:
    // The constructor's steps: the banner, the tabs and the splitter; the jobs' signals; the
    // panels' signals.
    void layOut();
    void connectJobs();
    void connectPanels();
    // The comparison's node colours and rings, in one pane or both of the split view.
    void showComparisonHighlight(const QVector<float>& values, const QString& title);
    void onScanned(const DatasetIndex& index);
    void onGraphLoaded(std::shared_ptr<const LoadedGraph> graph);
    void onGraphFailed(const QString& path, const QString& error);
    void onNodeSelected(int nodeId);
    void showError(const QString& message);
    void showDatasetNotice();  // the banner with m_datasetNotice, or hidden
    // With the comparison shown, the side panel grows to its table's columns (taken from the
    // graph first, then the browser, each down to its minimum width). The split view keeps two
    // panes of kSplitPaneWidth: where the browser leaves no room for them and the table it folds
    // away (its handle brings it back); sizes the user gave the split view are kept instead.
    void widenForComparison();
    // Entering the split view keeps the sizes before it, leaving it restores them.
    void onSplitViewToggled(bool on);
    void refreshSummaries();
    void checkIdle();

    QString m_path;
    QString m_pendingPath;
    int m_loadingGraph = -1;
    std::shared_ptr<const LoadedGraph> m_graph;
    DatasetScanJob* m_scan;
    RuntimeStatsJob* m_stats;
    GraphLoadJob* m_load;
    PreparedCacheJob* m_cache;
    QTimer* m_summaryTimer;
    bool m_summaryDirty = false;

    QLabel* m_error;          // the error banner: the current graph's error, else m_datasetNotice
    QString m_datasetNotice;  // the open dataset's unreadable files, empty when none
    QSplitter* m_splitter;
    QList<int> m_sizesBeforeSplit;  // browser, tabs, side before the split view; empty: none
    QList<int> m_splitSizes;        // the split view's sizes as the user dragged them; empty: none
    DatasetBrowser* m_browser;
    QTabWidget* m_tabs;
    GraphViewPanel* m_graphPanel;
    RuntimeChartsPanel* m_runtimeCharts;
    CollectionChartsPanel* m_collectionCharts;
    InspectorPanel* m_inspector;
    ConfigComparePanel* m_compare;
    QTabWidget* m_sideTabs;  // the inspector and the config comparison
};

}  // namespace tpugraphs::ui
