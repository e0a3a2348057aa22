// Item model of a dataset: collection -> split -> graph, with size and runtime columns.
#pragma once

#include <QAbstractItemModel>

#include <memory>
#include <vector>

#include "analysis/runtime_stats.h"
#include "data/dataset.h"

namespace tpugraphs::ui {

class DatasetTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        NodesColumn,
        EdgesColumn,
        ConfigsColumn,
        ConfigurableColumn,
        DistinctColumn,
        RuntimeMinColumn,
        RuntimeMedianColumn,
        RuntimeMaxColumn,
        SpeedupColumn,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole;            // numeric value for sorting
    static constexpr int GraphIndexRole = Qt::UserRole + 1;  // index into DatasetIndex::graphs, -1
    static constexpr int CollectionRole = Qt::UserRole + 2;  // collection id of any row

    explicit DatasetTreeModel(QObject* parent = nullptr);
    ~DatasetTreeModel() override;

    void setResults(const DatasetIndex& index);
    // Fills the runtime columns of one graph (rows show "…" until then).
    void setRuntimeStats(int graph, const RuntimeStats& stats);
    // Marks a graph as unreadable (shown in red with the reason as tooltip).
    void setGraphError(int graph, const std::string& error);

    const DatasetIndex& datasetIndex() const { return m_index; }
    const std::vector<RuntimeStats>& runtimeStats() const { return m_stats; }
    QModelIndex indexOfGraph(int graph, int column = 0) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Node;
    QVariant graphData(int graph, int column, int role) const;
    QVariant groupData(const Node& node, int column, int role) const;

    DatasetIndex m_index;
    std::vector<RuntimeStats> m_stats;
    std::unique_ptr<Node> m_root;
    std::vector<Node*> m_graphNodes;  // per graph index
};

}  // namespace tpugraphs::ui
