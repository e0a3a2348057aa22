// The predictions page: for a trained run and a split, a per-graph metric table (sortable,
// worst first) and the selected graph's detail (scatter, top-5 vs best, node sensitivity).
#pragma once

#include <QString>
#include <QWidget>

#include "data/dataset.h"

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

    void setDatasetRoot(const QString& root);  // empty = each run's own dataset root
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

    RunListModel* m_runs;
    QComboBox* m_run;
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
