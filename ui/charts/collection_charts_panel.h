// The collection view: distributions of graph sizes and of best-over-median speed-ups across
// the graphs of one collection (or all).
#pragma once

#include <QWidget>

#include <vector>

#include "analysis/runtime_stats.h"
#include "data/dataset.h"

class QComboBox;
class QLabel;

namespace tpugraphs::ui {

class HistogramChart;

class CollectionChartsPanel : public QWidget {
    Q_OBJECT
public:
    explicit CollectionChartsPanel(QWidget* parent = nullptr);

    void setDataset(const DatasetIndex& index);
    void setRuntimeStats(const std::vector<RuntimeStats>& stats);  // parallel to index.graphs
    void setCollection(const QString& collection);                 // empty: all collections

    HistogramChart* sizes() const { return m_sizes; }
    HistogramChart* speedups() const { return m_speedups; }

private:
    void refresh();

    DatasetIndex m_index;
    std::vector<RuntimeStats> m_stats;
    QComboBox* m_collection;
    QLabel* m_note;
    HistogramChart* m_sizes;
    HistogramChart* m_speedups;
};

}  // namespace tpugraphs::ui
