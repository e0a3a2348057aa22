// File > Export Kaggle Submission... dialog.
#include "export_dialogs/export_submission_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QGroupBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTreeWidget>
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
      m_runTree(new QTreeWidget),
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

    auto* runBox = new QGroupBox("Runs per collection (test split); several ticked: their ensemble");
    m_runTree->setObjectName("runTree");
    m_runTree->setHeaderHidden(true);
    m_runTree->setRootIsDecorated(true);
    for (const Collection c : kCollections) {
        auto* parent = new QTreeWidgetItem(m_runTree);
        parent->setData(0, Qt::UserRole, collectionIndex(c));
        const QStringList dirs = runs->runsWithCheckpoint(c);
        for (const QString& dir : dirs) {
            auto* child = new QTreeWidgetItem(parent, {runDisplayName(dir)});
            child->setData(0, Qt::UserRole, dir);
            child->setToolTip(0, dir);
            // The most recently listed run is ticked, as a single-run default.
            child->setCheckState(0, dir == dirs.back() ? Qt::Checked : Qt::Unchecked);
        }
        m_collectionItems.insert(c, parent);
        describeCollection(parent);
    }
    m_runTree->expandAll();
    connect(m_runTree, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem* item) {
        if (item->parent()) describeCollection(item->parent());
    });
    (new QVBoxLayout(runBox))->addWidget(m_runTree);
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
    resize(680, 620);
}

ExportSubmissionDialog::~ExportSubmissionDialog() = default;

void ExportSubmissionDialog::setRuns(Collection collection, const QStringList& runDirs) {
    QTreeWidgetItem* parent = m_collectionItems.value(collection);
    if (!parent) return;
    {
        const QSignalBlocker blocker(m_runTree);
        for (int i = 0; i < parent->childCount(); ++i) {
            QTreeWidgetItem* child = parent->child(i);
            const bool ticked = runDirs.contains(child->data(0, Qt::UserRole).toString());
            child->setCheckState(0, ticked ? Qt::Checked : Qt::Unchecked);
        }
    }
    describeCollection(parent);
}

QStringList ExportSubmissionDialog::runs(Collection collection) const {
    QStringList dirs;
    const QTreeWidgetItem* parent = m_collectionItems.value(collection);
    for (int i = 0; parent && i < parent->childCount(); ++i)
        if (parent->child(i)->checkState(0) == Qt::Checked)
            dirs << parent->child(i)->data(0, Qt::UserRole).toString();
    return dirs;
}

// "layout:xla:default: ensemble of 3 runs", "tile:xla: 1 run", "...: no run (template or left
// out)".
void ExportSubmissionDialog::describeCollection(QTreeWidgetItem* item) {
    const auto c = static_cast<Collection>(item->data(0, Qt::UserRole).toInt());
    const qsizetype ticked = runs(c).size();
    const QString what = ticked == 0   ? QString("no run (template or left out)")
                         : ticked == 1 ? QString("1 run")
                                       : QString("ensemble of %1 runs").arg(ticked);
    const QSignalBlocker blocker(m_runTree);
    item->setText(0, QString::fromUtf8(collectionName(c)) + ": " + what);
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
    for (const Collection c : kCollections) {
        std::vector<std::string> dirs;
        for (const QString& dir : runs(c)) dirs.push_back(dir.toStdString());
        if (!dirs.empty()) r.runs.push_back({c, dirs});
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
