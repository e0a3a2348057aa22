// The predictions page.
#include "predictions/predictions_page.h"

#include <QComboBox>
#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>
#include <exception>

#include "common/dataset_name.h"
#include "common/job_runner.h"
#include "explorer/table_export.h"
#include "item_models/graph_metrics_model.h"
#include "item_models/run_list_model.h"
#include "predictions/graph_detail_view.h"

namespace tpugraphs::ui {

PredictionsPage::PredictionsPage(RunListModel* runs, QWidget* parent)
    : QWidget(parent),
      m_runs(runs),
      m_run(new QComboBox),
      m_dataset(new QComboBox),
      m_split(new QComboBox),
      m_predict(new QPushButton("Predict")),
      m_status(new QLabel),
      m_metrics(new GraphMetricsModel(this)),
      m_sorted(new QSortFilterProxyModel(this)),
      m_table(new QTableView),
      m_detail(new GraphDetailView),
      m_predictJob(new JobRunner(this)),
      m_detailJob(new JobRunner(this)) {
    m_run->setObjectName("run");
    m_run->setMinimumContentsLength(24);
    m_dataset->setObjectName("dataset");
    m_dataset->addItems({"run's dataset", "open dataset"});
    m_split->setObjectName("split");
    m_split->addItems({"valid", "train", "test"});
    m_predict->setObjectName("predictButton");
    m_status->setObjectName("predictStatus");
    m_sorted->setSourceModel(m_metrics);
    m_sorted->setSortRole(GraphMetricsModel::SortRole);
    m_table->setObjectName("graphMetricsTable");
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setTextElideMode(Qt::ElideMiddle);  // long graph names keep both ends; tool tip: path
    m_table->setWordWrap(false);
    installTableExport(m_table);

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel("Run"));
    bar->addWidget(m_run, 1);
    bar->addWidget(new QLabel("on"));
    bar->addWidget(m_dataset);
    bar->addWidget(new QLabel("Split"));
    bar->addWidget(m_split);
    bar->addWidget(m_predict);
    bar->addWidget(m_status, 2);
    auto* splitter = new QSplitter;
    splitter->addWidget(m_table);
    splitter->addWidget(m_detail);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({520, 900});
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(splitter, 1);

    connect(m_predict, &QPushButton::clicked, this, &PredictionsPage::predict);
    connect(m_run, &QComboBox::currentIndexChanged, this, &PredictionsPage::describeDataset);
    connect(m_dataset, &QComboBox::currentIndexChanged, this, &PredictionsPage::describeDataset);
    connect(m_runs, &QAbstractItemModel::rowsInserted, this, &PredictionsPage::refreshRuns);
    connect(m_runs, &QAbstractItemModel::rowsRemoved, this, &PredictionsPage::refreshRuns);
    connect(m_runs, &QAbstractItemModel::dataChanged, this, &PredictionsPage::refreshRuns);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid()) showGraph(m_sorted->mapToSource(current).row());
            });
    refreshRuns();
}

void PredictionsPage::setDatasetRoot(const QString& root) {
    m_root = root;
    describeDataset();
}

QString PredictionsPage::predictionRoot() const {
    const int row = m_runs->rowOf(m_run->currentData().toString());
    const QString own =
        row >= 0 ? QString::fromStdString(m_runs->run(row).options.datasetRoot) : QString();
    const bool useOwn = m_dataset->currentIndex() == 0 || m_root.isEmpty();
    return useOwn && QDir(own).exists() ? own : m_root;
}

// The dataset choice names both datasets; the tool tip gives the folder predicted on.
void PredictionsPage::describeDataset() {
    const int row = m_runs->rowOf(m_run->currentData().toString());
    const QString own =
        row >= 0 ? QString::fromStdString(m_runs->run(row).options.datasetRoot) : QString();
    m_dataset->setItemText(0, "run's dataset (" + datasetDisplayName(own) + ")");
    m_dataset->setItemText(1, "open dataset (" + datasetDisplayName(m_root) + ")");
    m_dataset->setToolTip("Predicts on " + QDir::toNativeSeparators(predictionRoot()));
}

void PredictionsPage::refreshRuns() {
    const QString current = m_run->currentData().toString();
    const QStringList dirs = m_runs->runsWithCheckpoint();
    QStringList listed;
    for (int i = 0; i < m_run->count(); ++i) listed.append(m_run->itemData(i).toString());
    if (listed == dirs) return;
    const QSignalBlocker block(m_run);
    m_run->clear();
    for (const QString& dir : dirs) {
        const RunInfo& info = m_runs->run(m_runs->rowOf(dir));
        m_run->addItem(runDisplayName(dir) + "  (" +
                           QString::fromUtf8(collectionName(info.options.collection)) + ", " +
                           runScoreText(info.best, info.bestStep) + ")",
                       dir);
    }
    setRun(current);
    m_predict->setEnabled(m_run->count() > 0);
    describeDataset();
}

void PredictionsPage::setRun(const QString& runDir) {
    const int index = m_run->findData(runDir);
    if (index >= 0) m_run->setCurrentIndex(index);
}

void PredictionsPage::setSplit(const QString& split) {
    m_split->setCurrentText(split);
}

void PredictionsPage::predict() {
    const std::string run = m_run->currentData().toString().toStdString();
    if (run.empty()) return m_status->setText("Train or open a run first.");
    Split split = Split::Valid;
    parseSplit(m_split->currentText().toStdString(), &split);
    const QString rootText = predictionRoot();
    const std::string root = rootText.toStdString();
    m_predictedSplit = split;
    m_status->setText("Predicting...");
    m_metrics->clear();
    m_detail->clear("Predicting...");
    m_predictJob->start([=](int id, const std::atomic<bool>& cancel) {
        try {
            auto result = std::make_shared<SplitPrediction>(predictSplit(
                run, root, split, PredictOptions{},
                [this, id](size_t done, size_t total) {
                    m_predictJob->post(id, [this, done, total] {
                        m_status->setText(
                            QString("Predicting %1/%2 graphs...").arg(done).arg(total));
                    });
                },
                &cancel));
            m_predictJob->post(id,
                               [this, result, rootText] { showPredictions(*result, rootText); });
        } catch (const std::exception& e) {
            const QString message = QString::fromStdString(e.what());
            m_predictJob->post(id, [this, message] {
                m_status->setText("Prediction failed: " + message);
                m_detail->clear();
            });
        }
    });
}

void PredictionsPage::showPredictions(const SplitPrediction& result, const QString& root) {
    m_metrics->setResults(result);
    // Worst first: the competition score ascending.
    m_sorted->sort(GraphMetricsModel::ScoreColumn, Qt::AscendingOrder);
    m_table->horizontalHeader()->setSortIndicator(GraphMetricsModel::ScoreColumn,
                                                  Qt::AscendingOrder);
    const EvalMetrics& m = result.mean;
    const QString where =
        QString("%1 split of '%2'").arg(splitName(m_predictedSplit), datasetDisplayName(root));
    if (result.graphs.empty())
        m_status->setText("No graph of the run's collection in the " + where);
    else if (m.graphs == 0)
        m_status->setText(QString("%1 graphs of the %2 (no runtimes: predictions only)")
                              .arg(result.graphs.size())
                              .arg(where));
    else
        m_status->setText(QString("%1 graphs of the %2 · mean %3 %4 · OPA %5")
                              .arg(result.graphs.size())
                              .arg(where, m_metrics->isLayout() ? "Kendall tau" : "top-5 score")
                              .arg(m.primary(), 0, 'f', 4)
                              .arg(m.opa, 0, 'f', 4));
    m_status->setToolTip(root);
    m_detail->clear("Select a graph in the table (worst first).");
    m_table->resizeColumnsToContents();
    if (m_sorted->rowCount() > 0) m_table->selectRow(0);
    Q_EMIT predictionsReady(int(result.graphs.size()));
}

void PredictionsPage::showGraph(int sourceRow) {
    if (sourceRow < 0 || sourceRow >= m_metrics->rowCount()) return;
    const GraphPrediction prediction = m_metrics->graph(sourceRow);
    const Split split = m_predictedSplit;
    m_detail->clear("Loading " + QString::fromStdString(prediction.name) + "...");
    m_detailJob->start([=](int id, const std::atomic<bool>&) {
        try {
            auto detail =
                std::make_shared<PredictedGraph>(computePredictedGraph(prediction, split));
            m_detailJob->post(id, [this, detail] {
                m_detail->setDetail(*detail);
                Q_EMIT detailReady(QString::fromStdString(detail->prediction.name));
            });
        } catch (const std::exception& e) {
            const QString message = QString::fromStdString(e.what());
            m_detailJob->post(id, [this, message] { m_detail->clear(message); });
        }
    });
}

}  // namespace tpugraphs::ui
