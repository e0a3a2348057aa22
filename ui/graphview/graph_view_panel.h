// The graph page: view-mode choice, fit / collapse / legend controls, search bar and the graph
// view.
#pragma once

#include <QWidget>
#include <memory>

#include "graphdraw/graph_topology.h"

class QComboBox;
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

private:
    void updateControls();

    GraphViewWidget* m_view;
    GraphSearchBar* m_search;
    QComboBox* m_mode;
    QToolButton* m_fit;
    QToolButton* m_collapse;
    QToolButton* m_legend;
    QToolButton* m_overview;
    QLabel* m_status;
};

}  // namespace tpugraphs::ui
