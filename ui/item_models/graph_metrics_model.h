// Table model of per-graph prediction metrics of a run on a split (one row per graph);
// SortRole gives numbers so a proxy can sort worst first.
#pragma once

#include <QAbstractTableModel>

#include <vector>

#include "train/predictor.h"

namespace tpugraphs::ui {

class GraphMetricsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, ConfigsColumn, ScoreColumn, OpaColumn, Top1Column, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;  // numeric value (NaN sorts first)

    explicit GraphMetricsModel(QObject* parent = nullptr);

    void setResults(const SplitPrediction& prediction);
    void clear();
    const GraphPrediction& graph(int row) const { return m_graphs[static_cast<size_t>(row)]; }
    // The kind's score is Kendall tau (layout) or the top-5 score (tile); header says which.
    bool isLayout() const { return m_layout; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    double value(const GraphPrediction& g, int column) const;

    std::vector<GraphPrediction> m_graphs;
    bool m_layout = false;
};

}  // namespace tpugraphs::ui
