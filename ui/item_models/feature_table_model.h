// Table model of named feature values (inspector: node features, config features).
#pragma once

#include <QAbstractTableModel>

#include <vector>

#include "analysis/feature_rows.h"

namespace tpugraphs::ui {

class FeatureTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { IndexColumn, NameColumn, ValueColumn, ColumnCount };

    explicit FeatureTableModel(QObject* parent = nullptr);
    void setResults(const std::vector<FeatureRow>& rows);
    const std::vector<FeatureRow>& rows() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<FeatureRow> m_rows;
};

}  // namespace tpugraphs::ui
