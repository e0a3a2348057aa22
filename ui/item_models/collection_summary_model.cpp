// Table model of per-collection summary statistics.
#include "item_models/collection_summary_model.h"

#include <QLocale>

#include "common/count_text.h"
#include "common/units.h"

namespace tpugraphs::ui {

CollectionSummaryModel::CollectionSummaryModel(QObject* parent) : QAbstractTableModel(parent) {}

void CollectionSummaryModel::setResults(const std::vector<CollectionSummary>& summaries) {
    if (summaries.size() == m_rows.size()) {  // same collections: update in place
        m_rows = summaries;
        if (!m_rows.empty())
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows = summaries;
    endResetModel();
}

int CollectionSummaryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int CollectionSummaryModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CollectionSummaryModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= static_cast<int>(m_rows.size())) return {};
    const CollectionSummary& s = m_rows[size_t(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() != CollectionColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) return toolTip(s, index.column());
    if (role != Qt::DisplayRole) return {};
    const bool pending = s.statsComputed + s.unreadable < s.totalGraphs();
    switch (index.column()) {
        case CollectionColumn:
            return QString::fromStdString(s.label);
        case GraphsColumn:
            return s.totalGraphs();
        case SplitsColumn:
            return QStringLiteral("%1 / %2 / %3")
                .arg(s.graphs[0])
                .arg(s.graphs[1])
                .arg(s.graphs[2]);
        case NodesColumn:  // the median; min and max in the tool tip
            return compactCount(s.medianNodes);
        case ConfigsColumn:
            return compactCount(s.totalConfigs);
        case SpeedupColumn:
            if (s.measuredGraphs == 0) return pending ? QStringLiteral("…") : QStringLiteral("n/a");
            return QStringLiteral("%1 / %2%3")
                .arg(speedupText(s.medianBestOverMedian), speedupText(s.maxBestOverMedian),
                     pending ? QStringLiteral(" …") : QString());
        case UnreadableColumn:
            return s.unreadable;
        default:
            return {};
    }
}

// The exact figures behind each cell.
QVariant CollectionSummaryModel::toolTip(const CollectionSummary& s, int column) {
    const QLocale locale;
    switch (column) {
        case SplitsColumn:
            return QStringLiteral("train %1, valid %2, test %3: %4")
                .arg(s.graphs[0])
                .arg(s.graphs[1])
                .arg(s.graphs[2])
                .arg(countText(s.totalGraphs(), "graph", "graphs"));
        case NodesColumn:
            return QStringLiteral("nodes per graph: median %1, min %2, max %3")
                .arg(locale.toString(qlonglong(s.medianNodes)),
                     locale.toString(qlonglong(s.minNodes)),
                     locale.toString(qlonglong(s.maxNodes)));
        case ConfigsColumn:
            return QStringLiteral("%1 configs in all")
                .arg(locale.toString(qlonglong(s.totalConfigs)));
        case SpeedupColumn:
            if (s.measuredGraphs == 0) return QStringLiteral("no measured runtimes (yet)");
            return QStringLiteral("best config over median config: median %1×, max %2× across %3")
                .arg(s.medianBestOverMedian, 0, 'f', 4)
                .arg(s.maxBestOverMedian, 0, 'f', 4)
                .arg(countText(s.measuredGraphs, "graph with measured runtimes",
                               "graphs with measured runtimes"));
        default:
            return {};
    }
}

QVariant CollectionSummaryModel::headerData(int section, Qt::Orientation orientation,
                                            int role) const {
    if (orientation != Qt::Horizontal) return {};
    // Short headers, so that the table fits beside the tree; the tool tips say more.
    static const char* const names[ColumnCount] = {
        "Collection", "Graphs", "Splits", "Nodes", "Configs", "Best / median", "Unreadable"};
    static const char* const tips[ColumnCount] = {
        "Collection (source : search)",
        "Graphs in all splits",
        "Graphs in the train, valid and test splits",
        "Median nodes per graph (the cell's tool tip gives the min and max)",
        "Configs of all its graphs",
        "Speed-up of each graph's best config over its median config, across the collection's "
        "graphs with measured runtimes: median / max",
        "Files that could not be read"};
    if (section < 0 || section >= ColumnCount) return {};
    if (role == Qt::DisplayRole) return QString::fromUtf8(names[section]);
    if (role == Qt::ToolTipRole) return QString::fromUtf8(tips[section]);
    return {};
}

}  // namespace tpugraphs::ui
