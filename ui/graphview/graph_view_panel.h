// The graph page: view-mode choice, fit / collapse / legend controls, search bar and the graph
// view.
#pragma once

#include <QWidget>
#include <memory>

#include "graphdraw/graph_topology.h"

namespace tpugraphs {
struct LoadedGraph;
}

class QComboBox;
class QHBoxLayout;
class QLabel;
class QToolButton;

namespace tpugraphs::ui {

class GraphSearchBar;
class GraphViewWidget;

class GraphViewPanel : public QWidget {
    Q_OBJECT
public:
    explicit GraphViewPanel(QWidget* parent = nullptr);

    // Shows another graph from a clean state: whole graph, empty search.
    void setGraph(std::shared_ptr<const GraphTopology> topology);
    GraphViewWidget* view() const { return m_view; }
    GraphSearchBar* searchBar() const { return m_search; }
    QComboBox* modeBox() const { return m_mode; }
    QToolButton* overviewButton() const { return m_overview; }
    QLabel* statusLabel() const { return m_status; }
    QToolButton* wholeGraphButton() const { return m_whole; }
    // The split view: a second view beside the first showing the same drawing, their pan and
    // zoom synced (config A on the left, B on the right when comparing).
    void setSplitView(bool on);
    bool isSplitView() const;
    GraphViewWidget* secondView() const { return m_viewB; }
    // The panel's width at which each pane of the split view is `paneWidth` wide.
    int widthForPanes(int paneWidth) const;

    // What "Export graph" writes (DOT, GraphML): the loaded graph and the config whose layout
    // the configurable nodes carry (-1: none).
    void setExportGraph(std::shared_ptr<const LoadedGraph> graph, int64_t layoutConfig = -1);
    // Writes the drawing (.svg or .png by the suffix), the visible region or the whole graph.
    // Throws std::exception (the file, the reason).
    void exportDrawing(const QString& path, bool wholeGraph) const;
    // Writes the graph (.dot or .graphml by the suffix). Throws std::exception.
    void exportGraph(const QString& path) const;

    // What the whole-drawing export entries write: "Whole graph", or "All of this view (613 of
    // 2,516 nodes)" when the view draws a part of the graph.
    QString wholeDrawingName() const;
    // The save dialog's proposal: the graph file's name with `suffix` (".svg").
    QString proposedFileName(const QString& suffix) const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    // The constructor's steps: the controls' texts and tips, the two rows and the views, then
    // the signals (the split view's sync, the controls, the status line) and the shortcuts.
    void setUpControls();
    void layOut();
    void connectSplitView();
    void mirrorSceneInB();  // B shows A's drawing where A shows it, A untouched
    void connectControls();
    void connectStatus();
    void addShortcuts();
    void updateControls();
    // Below kOneRowWidth the search field and the counts move to a second row, uncut.
    void placeSearchRow();
    void buildExportMenu();
    void exportWithDialog(const QString& title, const QString& filter, bool drawing,
                          bool wholeGraph);

    GraphViewWidget* m_view;
    GraphViewWidget* m_viewB;
    GraphSearchBar* m_search;
    QComboBox* m_mode;
    QToolButton* m_fit;
    QToolButton* m_collapse;
    QToolButton* m_legend;
    QToolButton* m_overview;
    QToolButton* m_whole;
    QToolButton* m_export;
    QLabel* m_status;
    QHBoxLayout* m_buttonRow;
    QHBoxLayout* m_searchRow;
    bool m_searchOnButtonRow = true;
    std::shared_ptr<const LoadedGraph> m_exportGraph;
    int64_t m_exportLayoutConfig = -1;
    bool m_openedReadable = false;  // the view opened on the readable view by itself
};

}  // namespace tpugraphs::ui
