// The predictions page: for a trained run and a split, a per-graph metric table (sortable,
// worst first) and the selected graph's detail (scatter, top-5 vs best, node sensitivity).
// Predicts on the run's own dataset by default (or on the dataset open in the explorer) and
// says which.
#pragma once

#include <QString>
#include <QWidget>

#include "data/dataset.h"
#include "train/predictor.h"

class QComboBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace tpugraphs::ui {

class GraphDetailView;
class GraphMetricsModel;
class JobRunner;
class RunListModel;

class PredictionsPage : public QWidget {
    Q_OBJECT
public:
    PredictionsPage(RunListModel* runs, QWidget* parent = nullptr);

    // The dataset open in the explorer: what "Open dataset" predicts on.
    void setDatasetRoot(const QString& root);
    // The dataset a prediction of the chosen run reads: the run's own (when it still exists)
    // or the open one, as the Dataset choice says.
    QString predictionRoot() const;
    GraphMetricsModel* metrics() const { return m_metrics; }
    GraphDetailView* detail() const { return m_detail; }
    QTableView* table() const { return m_table; }

public Q_SLOTS:
    void refreshRuns();  // the run combo follows the run list
    void setRun(const QString& runDir);
    void setSplit(const QString& split);
    void predict();

Q_SIGNALS:
    void predictionsReady(int graphs);
    void detailReady(const QString& graphName);

private:
    void showGraph(int sourceRow);
    void describeDataset();
    void showPredictions(const SplitPrediction& result, const QString& root);

    RunListModel* m_runs;
    QComboBox* m_run;
    QComboBox* m_dataset;  // the run's own dataset, or the open one
    QComboBox* m_split;
    QPushButton* m_predict;
    QLabel* m_status;
    GraphMetricsModel* m_metrics;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_table;
    GraphDetailView* m_detail;
    JobRunner* m_predictJob;
    JobRunner* m_detailJob;
    QString m_root;
    Split m_predictedSplit = Split::Valid;  // of the predictions in the table
};

}  // namespace tpugraphs::ui
