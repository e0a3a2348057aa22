// Table model of per-collection summary statistics.
#include "item_models/collection_summary_model.h"

#include <QLocale>

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
    if (role != Qt::DisplayRole) return {};
    const QLocale locale;
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
        case NodesColumn:
            return QStringLiteral("%1 / %2 / %3")
                .arg(locale.toString(qlonglong(s.minNodes)),
                     locale.toString(qlonglong(s.medianNodes)),
                     locale.toString(qlonglong(s.maxNodes)));
        case ConfigsColumn:
            return locale.toString(qlonglong(s.totalConfigs));
        case SpeedupColumn:
            if (s.statsComputed + s.unreadable < s.totalGraphs() && s.measuredGraphs == 0)
                return QStringLiteral("…");
            if (s.measuredGraphs == 0) return QStringLiteral("n/a (no measured runtimes)");
            return QStringLiteral("%1× / %2× (%3 graphs%4)")
                .arg(s.medianBestOverMedian, 0, 'f', 2)
                .arg(s.maxBestOverMedian, 0, 'f', 2)
                .arg(s.measuredGraphs)
                .arg(s.statsComputed + s.unreadable < s.totalGraphs() ? QStringLiteral(", …")
                                                                      : QString());
        case UnreadableColumn:
            return s.unreadable;
        default:
            return {};
    }
}

QVariant CollectionSummaryModel::headerData(int section, Qt::Orientation orientation,
                                            int role) const {
    if (orientation != Qt::Horizontal) return {};
    static const char* const names[ColumnCount] = {"Collection",
                                                   "Graphs",
                                                   "Train / valid / test",
                                                   "Nodes min / median / max",
                                                   "Configs",
                                                   "Best / median: median / max",
                                                   "Unreadable"};
    if (section < 0 || section >= ColumnCount) return {};
    if (role == Qt::DisplayRole) return QString::fromUtf8(names[section]);
    if (role == Qt::ToolTipRole && section == SpeedupColumn)
        return QStringLiteral(
            "Speed-up of each graph's best config over its median config, across the "
            "collection's graphs with measured runtimes");
    return {};
}

}  // namespace tpugraphs::ui
