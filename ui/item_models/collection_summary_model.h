// Table model of per-collection summary statistics (one row per collection).
#pragma once

#include <QAbstractTableModel>

#include <vector>

#include "analysis/collection_summary.h"

namespace tpugraphs::ui {

class CollectionSummaryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        CollectionColumn,
        GraphsColumn,
        SplitsColumn,
        NodesColumn,
        ConfigsColumn,
        SpeedupColumn,
        UnreadableColumn,
        ColumnCount
    };

    explicit CollectionSummaryModel(QObject* parent = nullptr);
    void setResults(const std::vector<CollectionSummary>& summaries);
    const std::vector<CollectionSummary>& summaries() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    static QVariant toolTip(const CollectionSummary& s, int column);

    std::vector<CollectionSummary> m_rows;
};

}  // namespace tpugraphs::ui
