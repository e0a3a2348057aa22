// File > Export Predictions... dialog.
#include "export_dialogs/export_predictions_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <exception>

#include "common/browse_row.h"
#include "common/dataset_name.h"
#include "common/job_runner.h"
#include "item_models/run_list_model.h"
#include "train/predictions_csv.h"
#include "train/predictor.h"

namespace tpugraphs::ui {

ExportPredictionsDialog::ExportPredictionsDialog(const RunListModel* runs,
                                                 const QString& datasetRoot, QWidget* parent)
    : QDialog(parent),
      m_run(new QComboBox),
      m_split(new QComboBox),
      m_root(new QLineEdit(datasetRoot)),
      m_output(new QLineEdit(QDir::homePath() + "/predictions.csv")),
      m_export(new QPushButton("Export")),
      m_summary(new QPlainTextEdit),
      m_job(new JobRunner(this)) {
    setWindowTitle("Export Predictions");
    m_run->setObjectName("run");
    m_root->setObjectName("datasetRoot");
    // Each run predicts its own dataset by default: choosing a run fills in its dataset root
    // (the one open in the explorer when the run's folder is gone).
    for (const QString& dir : runs->runsWithCheckpoint()) {
        const RunInfo& info = runs->run(runs->rowOf(dir));
        const QString root = QString::fromStdString(info.options.datasetRoot);
        m_run->addItem(QString("%1  (%2, trained on %3)")
                           .arg(runDisplayName(dir),
                                QString::fromUtf8(collectionName(info.options.collection)),
                                datasetDisplayName(root)),
                       dir);
        m_run->setItemData(m_run->count() - 1, QDir(root).exists() ? root : datasetRoot,
                           Qt::UserRole + 1);
    }
    connect(m_run, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0) m_root->setText(m_run->itemData(index, Qt::UserRole + 1).toString());
    });
    if (m_run->count() > 0) m_root->setText(m_run->itemData(0, Qt::UserRole + 1).toString());
    m_split->setObjectName("split");
    m_split->addItems({"test", "valid", "train"});
    m_output->setObjectName("outputPath");
    m_export->setObjectName("exportButton");
    m_summary->setReadOnly(true);
    m_summary->setPlaceholderText(
        "CSV columns: ID,config,score,predicted_rank (lower score = "
        "predicted faster; rank 0 = predicted fastest).");
    auto* form = new QFormLayout;
    form->addRow("Run", m_run);
    form->addRow("Split", m_split);
    form->addRow("Dataset root", m_root);
    form->addRow("Output", new BrowseRow(m_output, BrowseRow::Pick::SaveFile, "Predictions CSV",
                                         "CSV (*.csv)"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    buttons->addButton(m_export, QDialogButtonBox::ActionRole);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_summary, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_export, &QPushButton::clicked, this, &ExportPredictionsDialog::startExport);
    resize(560, 360);
}

ExportPredictionsDialog::~ExportPredictionsDialog() = default;

void ExportPredictionsDialog::setRun(const QString& runDir) {
    const int index = m_run->findData(runDir);
    if (index >= 0) m_run->setCurrentIndex(index);
}

void ExportPredictionsDialog::setSplit(const QString& split) {
    m_split->setCurrentText(split);
}

void ExportPredictionsDialog::setOutputPath(const QString& path) {
    m_output->setText(path);
}

QString ExportPredictionsDialog::summary() const {
    return m_summary->toPlainText();
}

void ExportPredictionsDialog::startExport() {
    const std::string run = m_run->currentData().toString().toStdString();
    const std::string root = m_root->text().toStdString();
    const std::string output = m_output->text().trimmed().toStdString();
    Split split = Split::Test;
    parseSplit(m_split->currentText().toStdString(), &split);
    if (run.empty()) return finish(false, "No trained run to export (train or open one first).");
    m_export->setEnabled(false);
    m_summary->setPlainText("Predicting...");
    m_job->start([=](int id, const std::atomic<bool>& cancel) {
        try {
            const SplitPrediction p = predictSplit(
                run, root, split, PredictOptions{},
                [this, id](size_t done, size_t total) {
                    m_job->post(id, [this, done, total] {
                        m_summary->setPlainText(
                            QString("Predicting %1/%2 graphs...").arg(done).arg(total));
                    });
                },
                &cancel);
            if (p.cancelled) return;
            writePredictionsCsv(output, p);
            size_t configs = 0;
            for (const auto& g : p.graphs) configs += g.scores.size();
            const QString text = QString("Wrote %1: %2 graphs, %3 configs (%4 split of '%5', %6)")
                                     .arg(QString::fromStdString(output))
                                     .arg(p.graphs.size())
                                     .arg(configs)
                                     .arg(splitName(split))
                                     .arg(datasetDisplayName(QString::fromStdString(root)),
                                          QString::fromStdString(root));
            m_job->post(id, [this, text] { finish(true, text); });
        } catch (const std::exception& e) {
            const QString text = "Export failed: " + QString::fromStdString(e.what());
            m_job->post(id, [this, text] { finish(false, text); });
        }
    });
}

void ExportPredictionsDialog::finish(bool ok, const QString& text) {
    m_summary->setPlainText(text);
    m_export->setEnabled(true);
    Q_EMIT exportFinished(ok, text);
}

}  // namespace tpugraphs::ui
