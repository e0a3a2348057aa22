// Table model of per-graph prediction metrics.
#include "item_models/graph_metrics_model.h"

#include <cmath>
#include <limits>

namespace tpugraphs::ui {

GraphMetricsModel::GraphMetricsModel(QObject* parent) : QAbstractTableModel(parent) {}

void GraphMetricsModel::setResults(const SplitPrediction& prediction) {
    beginResetModel();
    m_graphs = prediction.graphs;
    m_layout =
        !m_graphs.empty() && collectionKind(m_graphs.front().collection) == GraphKind::Layout;
    endResetModel();
    Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void GraphMetricsModel::clear() {
    beginResetModel();
    m_graphs.clear();
    endResetModel();
}

double GraphMetricsModel::value(const GraphPrediction& g, int column) const {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    switch (column) {
        case ConfigsColumn:
            return static_cast<double>(g.scores.size());
        case ScoreColumn:
            return g.hasRuntimes ? g.metrics.primary() : nan;
        case OpaColumn:
            return g.hasRuntimes ? g.metrics.opa : nan;
        case Top1Column:
            return g.hasRuntimes ? g.metrics.top1Error : nan;
        default:
            return nan;
    }
}

int GraphMetricsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_graphs.size());
}

int GraphMetricsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GraphMetricsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const GraphPrediction& g = m_graphs[static_cast<size_t>(index.row())];
    if (index.column() == NameColumn) {
        if (role == Qt::DisplayRole || role == SortRole) return QString::fromStdString(g.name);
        if (role == Qt::ToolTipRole) return QString::fromStdString(g.path);
        return {};
    }
    const double v = value(g, index.column());
    if (role == SortRole) return std::isnan(v) ? -std::numeric_limits<double>::infinity() : v;
    if (role == Qt::TextAlignmentRole) return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    if (std::isnan(v)) return QString("-");
    if (index.column() == ConfigsColumn) return qlonglong(v);
    return QString::number(v, 'f', 4);
}

QVariant GraphMetricsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case NameColumn:
            return QString("Graph");
        case ConfigsColumn:
            return QString("Configs");
        case ScoreColumn:
            return QString(m_layout ? "Kendall tau" : "Top-5 score");
        case OpaColumn:
            return QString("OPA");
        case Top1Column:
            return QString("Top-1 error");
        default:
            return {};
    }
}

}  // namespace tpugraphs::ui
