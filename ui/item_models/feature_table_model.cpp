// Table model of named feature values; zero values are greyed.
#include "item_models/feature_table_model.h"

#include <QBrush>
#include <QColor>

namespace tpugraphs::ui {

FeatureTableModel::FeatureTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void FeatureTableModel::setResults(const std::vector<FeatureRow>& rows) {
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int FeatureTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int FeatureTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FeatureTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= static_cast<int>(m_rows.size())) return {};
    const FeatureRow& row = m_rows[size_t(index.row())];
    switch (role) {
        case Qt::DisplayRole:
            if (index.column() == IndexColumn) return row.index;
            if (index.column() == NameColumn) return QString::fromStdString(row.name);
            if (index.column() == ValueColumn) return QString::number(row.value, 'g', 10);
            return {};
        case Qt::ToolTipRole:  // the whole name where the column elides it
            return QStringLiteral("%1 = %2").arg(QString::fromStdString(row.name),
                                                 QString::number(row.value, 'g', 10));
        case Qt::ForegroundRole:
            if (row.value == 0.0) return QBrush(QColor(0x90, 0x90, 0x90));
            return {};
        case Qt::TextAlignmentRole:
            if (index.column() != NameColumn) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
            return {};
        default:
            return {};
    }
}

QVariant FeatureTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case IndexColumn:
            return QStringLiteral("#");
        case NameColumn:
            return QStringLiteral("Feature");
        case ValueColumn:
            return QStringLiteral("Value");
        default:
            return {};
    }
}

}  // namespace tpugraphs::ui
