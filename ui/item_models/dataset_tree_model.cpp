// Item model of a dataset tree; graph rows read the index and the lazily computed stats.
#include "item_models/dataset_tree_model.h"
#include "common/count_text.h"
#include "common/units.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

namespace tpugraphs::ui {

struct DatasetTreeModel::Node {
    Node* parent = nullptr;
    int row = 0;
    QString label;           // collection label or split name; empty for graph rows
    std::string collection;  // collectionLabel() of the graphs below
    int graph = -1;          // graph index for leaves
    int errors = 0;          // unreadable graphs below a group
    int graphs = 0;          // graphs below a group
    std::vector<std::unique_ptr<Node>> children;

    Node* child(const QString& childLabel, const std::string& childCollection) {
        for (const auto& c : children)
            if (c->label == childLabel) return c.get();
        auto node = std::make_unique<Node>();
        node->label = childLabel;
        node->collection = childCollection;
        return add(std::move(node));
    }
    Node* add(std::unique_ptr<Node> child) {
        child->parent = this;
        child->row = static_cast<int>(children.size());
        children.push_back(std::move(child));
        return children.back().get();
    }
};

namespace {

QString formatCount(int64_t value) {
    return QLocale().toString(qlonglong(value));
}

}  // namespace

DatasetTreeModel::DatasetTreeModel(QObject* parent)
    : QAbstractItemModel(parent), m_root(std::make_unique<Node>()) {}

DatasetTreeModel::~DatasetTreeModel() = default;

void DatasetTreeModel::setResults(const DatasetIndex& index) {
    beginResetModel();
    m_index = index;
    m_stats.assign(index.graphs.size(), RuntimeStats{});
    m_root = std::make_unique<Node>();
    m_graphNodes.assign(index.graphs.size(), nullptr);
    for (size_t i = 0; i < index.graphs.size(); ++i) {
        const GraphEntry& entry = index.graphs[i];
        const std::string label = collectionLabel(entry);
        Node* collection = m_root->child(QString::fromStdString(label), label);
        Node* split = collection->child(QString::fromLatin1(splitName(entry.split)), label);
        auto leaf = std::make_unique<Node>();
        leaf->graph = static_cast<int>(i);
        leaf->collection = label;
        m_graphNodes[i] = split->add(std::move(leaf));
        ++split->graphs;
        ++collection->graphs;
        if (!entry.error.empty()) {
            ++split->errors;
            ++collection->errors;
        }
    }
    endResetModel();
}

void DatasetTreeModel::setRuntimeStats(int graph, const RuntimeStats& stats) {
    if (graph < 0 || graph >= static_cast<int>(m_stats.size())) return;
    const bool newError = !stats.error.empty() && m_stats[size_t(graph)].error.empty() &&
                          m_index.graphs[size_t(graph)].error.empty();
    m_stats[size_t(graph)] = stats;
    if (newError) {
        for (Node* group = m_graphNodes[size_t(graph)]->parent; group != m_root.get();
             group = group->parent)
            ++group->errors;
    }
    Q_EMIT dataChanged(indexOfGraph(graph, 0), indexOfGraph(graph, ColumnCount - 1));
}

void DatasetTreeModel::setGraphError(int graph, const std::string& error) {
    if (graph < 0 || graph >= static_cast<int>(m_stats.size())) return;
    RuntimeStats stats = m_stats[size_t(graph)];
    stats.computed = true;
    stats.error = error;
    setRuntimeStats(graph, stats);
}

QModelIndex DatasetTreeModel::indexOfGraph(int graph, int column) const {
    if (graph < 0 || graph >= static_cast<int>(m_graphNodes.size())) return {};
    const Node* node = m_graphNodes[size_t(graph)];
    return createIndex(node->row, column, const_cast<Node*>(node));
}

QModelIndex DatasetTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount) return {};
    const Node* node =
        parent.isValid() ? static_cast<Node*>(parent.internalPointer()) : m_root.get();
    if (row >= static_cast<int>(node->children.size())) return {};
    return createIndex(row, column, node->children[size_t(row)].get());
}

QModelIndex DatasetTreeModel::parent(const QModelIndex& child) const {
    if (!child.isValid()) return {};
    const Node* node = static_cast<Node*>(child.internalPointer());
    const Node* parent = node->parent;
    if (!parent || parent == m_root.get()) return {};
    return createIndex(parent->row, 0, const_cast<Node*>(parent));
}

int DatasetTreeModel::rowCount(const QModelIndex& parent) const {
    if (parent.column() > 0) return 0;
    const Node* node =
        parent.isValid() ? static_cast<Node*>(parent.internalPointer()) : m_root.get();
    return static_cast<int>(node->children.size());
}

int DatasetTreeModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant DatasetTreeModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const Node* node = static_cast<Node*>(index.internalPointer());
    if (role == CollectionRole) return QString::fromStdString(node->collection);
    if (role == GraphIndexRole) return node->graph;
    if (node->graph >= 0) return graphData(node->graph, index.column(), role);
    return groupData(*node, index.column(), role);
}

QVariant DatasetTreeModel::groupData(const Node& node, int column, int role) const {
    if (column != NameColumn) return {};
    const int graphs = node.graphs;
    if (role == Qt::DisplayRole) {
        QString text =
            QStringLiteral("%1 (%2)").arg(node.label, countText(graphs, "graph", "graphs"));
        if (node.errors) text += QStringLiteral(", %1 unreadable").arg(node.errors);
        return text;
    }
    if (role == SortRole) return node.label;
    if (role == Qt::ForegroundRole && node.errors) return QBrush(QColor(0xc0, 0x20, 0x20));
    return {};
}

QVariant DatasetTreeModel::graphData(int graph, int column, int role) const {
    const GraphEntry& entry = m_index.graphs[size_t(graph)];
    const RuntimeStats& stats = m_stats[size_t(graph)];
    const std::string& error = entry.error.empty() ? stats.error : entry.error;
    if (!error.empty()) {
        if (role == Qt::ToolTipRole) return QString::fromStdString(error);
        if (role == Qt::ForegroundRole) return QBrush(QColor(0xc0, 0x20, 0x20));
        if (role == Qt::DisplayRole && column == NameColumn)
            return QStringLiteral("%1 — unreadable").arg(QString::fromStdString(entry.name));
    }
    if (role == Qt::ToolTipRole && column == NameColumn) return QString::fromStdString(entry.path);
    if (role == Qt::ToolTipRole && column >= RuntimeMinColumn && column <= RuntimeMaxColumn &&
        stats.measured) {  // the exact value behind the rounded one
        const double value = column == RuntimeMinColumn      ? stats.min
                             : column == RuntimeMedianColumn ? stats.median
                                                             : stats.max;
        return QString::number(value, 'g', 10) +
               (entry.kind == GraphKind::Layout ? QStringLiteral(" ns") : QString());
    }
    if (role == Qt::ToolTipRole && column == SpeedupColumn && stats.measured)
        return QStringLiteral("median / min = %1×").arg(stats.bestOverMedian, 0, 'f', 6);
    if (role == Qt::TextAlignmentRole && column != NameColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    const bool isLayout = entry.kind == GraphKind::Layout;
    const bool runtimeColumn = column >= DistinctColumn;
    if (role == SortRole) {
        if (runtimeColumn && !stats.computed) return -1.0;
        switch (column) {
            case NameColumn:
                return QString::fromStdString(entry.name);
            case NodesColumn:
                return double(entry.nodes);
            case EdgesColumn:
                return double(entry.edges);
            case ConfigsColumn:
                return double(entry.configs);
            case ConfigurableColumn:
                return double(entry.configurableNodes);
            case DistinctColumn:
                return double(stats.distinctConfigs);
            case RuntimeMinColumn:
                return stats.min;
            case RuntimeMedianColumn:
                return stats.median;
            case RuntimeMaxColumn:
                return stats.max;
            case SpeedupColumn:
                return stats.bestOverMedian;
        }
        return {};
    }
    if (role != Qt::DisplayRole) return {};
    if (runtimeColumn && !entry.error.empty()) return QString();
    if (runtimeColumn && !stats.computed) return QStringLiteral("…");
    if (runtimeColumn && !stats.error.empty()) return QString();
    const bool unmeasured = column > DistinctColumn && !stats.measured;
    switch (column) {
        case NameColumn:
            return QString::fromStdString(entry.name);
        case NodesColumn:
            return formatCount(entry.nodes);
        case EdgesColumn:
            return formatCount(entry.edges);
        case ConfigsColumn:
            return formatCount(entry.configs);
        case ConfigurableColumn:
            return isLayout ? formatCount(entry.configurableNodes) : QString();
        case DistinctColumn:
            return formatCount(stats.distinctConfigs);
        case RuntimeMinColumn:
            return unmeasured ? QStringLiteral("n/a") : runtimeText(stats.min, isLayout);
        case RuntimeMedianColumn:
            return unmeasured ? QStringLiteral("n/a") : runtimeText(stats.median, isLayout);
        case RuntimeMaxColumn:
            return unmeasured ? QStringLiteral("n/a") : runtimeText(stats.max, isLayout);
        case SpeedupColumn:
            return unmeasured ? QStringLiteral("n/a") : speedupText(stats.bestOverMedian);
    }
    return {};
}

QVariant DatasetTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    static const char* const names[ColumnCount] = {
        "Graph",    "Nodes",   "Edges",  "Configs", "Cfg. nodes",
        "Distinct", "Fastest", "Median", "Slowest", "Best / median"};
    static const char* const tips[ColumnCount] = {
        "Collection → split → graph (file stem)",
        "Number of HLO nodes",
        "Number of edges",
        "Number of configs (rows of config_runtime)",
        "Layout: number of configurable nodes (node_config_ids)",
        "Configs with distinct feature values (computed in the background: … until loaded)",
        "Runtime of the fastest config (layout: ns, shown in ns/µs/ms/s; tile: runtime / "
        "normalizer); n/a for the test split",
        "Runtime of the median config (layout: ns/µs/ms/s; tile: runtime / normalizer); n/a for "
        "the test split",
        "Runtime of the slowest config (layout: ns/µs/ms/s; tile: runtime / normalizer); n/a for "
        "the test split",
        "Runtime spread: the speed-up of the best config over the median config (median / min)"};
    if (section < 0 || section >= ColumnCount) return {};
    if (role == Qt::DisplayRole) return QString::fromUtf8(names[section]);
    if (role == Qt::ToolTipRole) return QString::fromUtf8(tips[section]);
    return {};
}

}  // namespace tpugraphs::ui
