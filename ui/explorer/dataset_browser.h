// The dataset browser: filter box, collection -> split -> graph tree with sortable columns, and
// the per-collection summary table.
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;
class QTreeView;

namespace tpugraphs {
struct PreparedCacheStatus;
}

namespace tpugraphs::ui {

class CollectionSummaryModel;
class DatasetTreeModel;

class DatasetBrowser : public QWidget {
    Q_OBJECT
public:
    explicit DatasetBrowser(QWidget* parent = nullptr);

    DatasetTreeModel* model() const { return m_model; }
    CollectionSummaryModel* summaryModel() const { return m_summary; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTreeView* tree() const { return m_tree; }
    QSplitter* splitter() const { return m_splitter; }
    QLineEdit* filter() const { return m_filter; }
    // The tree header's context menu: one checkable entry per column but the name.
    class QMenu* columnMenu();

    // Selects (and scrolls to) a graph row; false when the graph is filtered out or unknown.
    bool selectGraph(int graph);
    int selectedGraph() const;  // -1 when a group row or nothing is selected
    // Index of the first graph whose name or "collection/split/name" equals `name`, else -1.
    int findGraph(const QString& name) const;
    // The line under the summary: how many files the prepared-graph cache holds, and its size.
    void setPreparedCache(const PreparedCacheStatus& status);
    QLabel* preparedCacheLine() const { return m_cacheLine; }

Q_SIGNALS:
    void graphSelected(int graph);  // index into DatasetIndex::graphs
    void collectionSelected(const QString& collection);

private:
    // The constructor's steps: the tree, the summary table, the layout, the signals.
    void setUpTree();
    void setUpSummaryTable();
    void layOut();
    void connectSignals();
    void spanGroupRows();

    DatasetTreeModel* m_model;
    CollectionSummaryModel* m_summary;
    QSortFilterProxyModel* m_proxy;
    QLineEdit* m_filter;
    QTreeView* m_tree;
    QTableView* m_summaryTable;
    QLabel* m_cacheLine;
    QSplitter* m_splitter;
};

}  // namespace tpugraphs::ui
