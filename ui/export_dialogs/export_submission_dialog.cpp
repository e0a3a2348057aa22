// File > Export Kaggle Submission... dialog.
#include "export_dialogs/export_submission_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QGroupBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <exception>

#include "common/browse_row.h"
#include "common/job_runner.h"
#include "data/dataset.h"
#include "item_models/run_list_model.h"

namespace tpugraphs::ui {

ExportSubmissionDialog::ExportSubmissionDialog(const RunListModel* runs, const QString& datasetRoot,
                                               QWidget* parent)
    : QDialog(parent),
      m_root(new QLineEdit(datasetRoot)),
      m_template(new QLineEdit),
      m_output(new QLineEdit(QDir::homePath() + "/submission.csv")),
      m_export(new QPushButton("Export")),
      m_summary(new QPlainTextEdit),
      m_job(new JobRunner(this)) {
    setWindowTitle("Export Kaggle Submission");
    m_root->setObjectName("datasetRoot");
    m_template->setObjectName("templatePath");
    m_template->setPlaceholderText("optional: e.g. the official sample_submission.csv");
    m_output->setObjectName("outputPath");
    m_export->setObjectName("exportButton");
    m_summary->setObjectName("summary");
    m_summary->setReadOnly(true);
    m_summary->setPlaceholderText(
        "Collections without a run are filled from the template (when given) or left out.");

    auto* runBox = new QGroupBox("Run per collection (test split)");
    auto* runForm = new QFormLayout(runBox);
    for (const Collection c : kCollections) {
        const QString name = QString::fromUtf8(collectionName(c));
        auto* combo = new QComboBox;
        combo->setObjectName("run_" + name);
        combo->addItem("(none)", QString());
        for (const QString& dir : runs->runsWithCheckpoint(c))
            combo->addItem(runDisplayName(dir), dir);
        combo->setCurrentIndex(combo->count() - 1);  // the most recently listed run
        runForm->addRow(name, combo);
        m_runCombos.insert(c, combo);
    }
    auto* files = new QFormLayout;
    files->addRow("Dataset root", m_root);
    const QString csv = "CSV files (*.csv);;All files (*)";
    files->addRow("Template CSV",
                  new BrowseRow(m_template, BrowseRow::Pick::OpenFile, "Template CSV", csv));
    files->addRow("Output",
                  new BrowseRow(m_output, BrowseRow::Pick::SaveFile, "Submission CSV", csv));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    buttons->addButton(m_export, QDialogButtonBox::ActionRole);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(runBox);
    layout->addLayout(files);
    layout->addWidget(m_summary, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_export, &QPushButton::clicked, this, &ExportSubmissionDialog::startExport);
    resize(640, 520);
}

ExportSubmissionDialog::~ExportSubmissionDialog() = default;

void ExportSubmissionDialog::setRun(Collection collection, const QString& runDir) {
    QComboBox* combo = m_runCombos.value(collection);
    if (!combo) return;
    const int index = combo->findData(runDir);
    if (index >= 0) combo->setCurrentIndex(index);
}

void ExportSubmissionDialog::setTemplatePath(const QString& path) {
    m_template->setText(path);
}

void ExportSubmissionDialog::setOutputPath(const QString& path) {
    m_output->setText(path);
}

QString ExportSubmissionDialog::summary() const {
    return m_summary->toPlainText();
}

SubmissionRequest ExportSubmissionDialog::request() const {
    SubmissionRequest r;
    r.datasetRoot = m_root->text().toStdString();
    for (auto it = m_runCombos.constBegin(); it != m_runCombos.constEnd(); ++it) {
        const QString dir = it.value()->currentData().toString();
        if (!dir.isEmpty()) r.runs.push_back({it.key(), {dir.toStdString()}});
    }
    r.templatePath = m_template->text().trimmed().toStdString();
    r.outputPath = m_output->text().trimmed().toStdString();
    return r;
}

void ExportSubmissionDialog::startExport() {
    const SubmissionRequest r = request();
    m_export->setEnabled(false);
    m_summary->setPlainText("Exporting...");
    m_job->start([this, r](int id, const std::atomic<bool>& cancel) {
        try {
            const SubmissionSummary s = buildSubmission(
                r,
                [this, id](const std::string& message, size_t, size_t) {
                    const QString text = QString::fromStdString(message);
                    m_job->post(id, [this, text] { m_summary->setPlainText(text); });
                },
                &cancel);
            const bool ok = !s.cancelled && s.result.written && s.result.report.ok();
            const QString text = QString::fromStdString(submissionSummaryText(r, s));
            m_job->post(id, [this, ok, text] { finish(ok, text); });
        } catch (const std::exception& e) {
            const QString text = "Export failed: " + QString::fromStdString(e.what());
            m_job->post(id, [this, text] { finish(false, text); });
        }
    });
}

void ExportSubmissionDialog::finish(bool ok, const QString& text) {
    m_summary->setPlainText(text);
    m_export->setEnabled(true);
    Q_EMIT exportFinished(ok, text);
}

}  // namespace tpugraphs::ui
