// File > Export Kaggle Submission... dialog.
#include "export_dialogs/export_submission_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <exception>

#include "common/browse_row.h"
#include "common/dataset_name.h"
#include "common/job_runner.h"
#include "data/dataset.h"
#include "item_models/run_list_model.h"

namespace tpugraphs::ui {

namespace {

enum TreeColumn { RunColumn, ScoreColumn, DatasetColumn, StatusColumn, TreeColumnCount };

// The run box's title: what is ticked when the dialog opens, and when the pipeline hands over.
const char* const kBestRunTicked =
    "Runs per collection (test split): the best completed run on this dataset is ticked; "
    "several ticked: their ensemble";
const char* const kPipelineRunsTicked =
    "Runs per collection (test split): the submission pipeline's runs are ticked; several "
    "ticked: their ensemble";

// What a ticked run warns about, or nothing.
QStringList runWarnings(const RunInfo& info, const QString& datasetRoot) {
    QStringList out;
    const QString name = runDisplayName(info);
    if (info.interrupted)
        out << QString(
                   "%1 was interrupted at step %2 (killed): it is exported from its "
                   "checkpoints; resume it to finish.")
                   .arg(name)
                   .arg(info.step);
    else if (info.status == RunStatus::Running)
        out << QString("%1 is still training: its checkpoints change as it goes.").arg(name);
    else if (info.status == RunStatus::Failed)
        out << QString("%1 failed: %2").arg(name, QString::fromStdString(info.failure));
    const QString trainedOn = QString::fromStdString(info.options.datasetRoot);
    if (!isSameDataset(trainedOn, datasetRoot))
        out << QString("%1 trained on the dataset '%2' (%3), not on '%4' exported here.")
                   .arg(name, datasetDisplayName(trainedOn), trainedOn,
                        datasetDisplayName(datasetRoot));
    if (!runHasScore(info)) out << QString("%1 never validated: it has no score.").arg(name);
    return out;
}

}  // namespace

ExportSubmissionDialog::ExportSubmissionDialog(const RunListModel* runs, const QString& datasetRoot,
                                               QWidget* parent)
    : QDialog(parent),
      m_runs(runs),
      m_runBox(new QGroupBox(kBestRunTicked)),
      m_runTree(new QTreeWidget),
      m_root(new QLineEdit(datasetRoot)),
      m_template(new QLineEdit),
      m_output(new QLineEdit(QDir::homePath() + "/submission.csv")),
      m_partial(new QCheckBox("Allow a partial file (not all of Kaggle's rows)")),
      m_export(new QPushButton("Export")),
      m_summary(new QPlainTextEdit),
      m_warningLabel(new QLabel),
      m_job(new JobRunner(this)) {
    setWindowTitle("Export Kaggle Submission");
    setUpFields();
    QGroupBox* runBox = createRunBox(datasetRoot);
    QFormLayout* files = createFileForm();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    buttons->addButton(m_export, QDialogButtonBox::ActionRole);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(runBox, 2);
    layout->addLayout(files);
    layout->addWidget(m_summary, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_export, &QPushButton::clicked, this, &ExportSubmissionDialog::startExport);
    updateWarnings();
    resize(860, 680);
}

ExportSubmissionDialog::~ExportSubmissionDialog() = default;

void ExportSubmissionDialog::setUpFields() {
    m_root->setObjectName("datasetRoot");
    m_template->setObjectName("templatePath");
    m_template->setPlaceholderText("optional: e.g. the official sample_submission.csv");
    m_output->setObjectName("outputPath");
    m_partial->setObjectName("allowPartial");
    m_partial->setToolTip(
        "A generated dataset (the demo) or a partial one lacks some of Kaggle's 894 test rows: "
        "its file is written with the rows it has, validated as a partial file, as the CLI does. "
        "Off: a file that covers every collection must hold all of Kaggle's rows");
    m_export->setObjectName("exportButton");
    m_summary->setObjectName("summary");
    m_summary->setReadOnly(true);
    m_summary->setPlaceholderText(
        "Collections without a run are filled from the template (when given) or left out.");
    m_warningLabel->setObjectName("exportWarnings");
    m_warningLabel->setWordWrap(true);
    m_warningLabel->setStyleSheet("color: #9a4d00;");
}

QGroupBox* ExportSubmissionDialog::createRunBox(const QString& datasetRoot) {
    m_runBox->setObjectName("runBox");
    m_runTree->setObjectName("runTree");
    m_runTree->setColumnCount(TreeColumnCount);
    m_runTree->setHeaderLabels({"Run", "Best score", "Dataset", "Status"});
    m_runTree->setRootIsDecorated(true);
    m_runTree->header()->setStretchLastSection(true);
    for (const Collection c : kCollections) {
        auto* parent = new QTreeWidgetItem(m_runTree);
        parent->setData(0, Qt::UserRole, collectionIndex(c));
        parent->setFirstColumnSpanned(true);
        const QString best = m_runs->bestCompletedRun(c, datasetRoot);
        for (const QString& dir : m_runs->runsWithCheckpoint(c))
            addRunItem(parent, dir, dir == best);
        m_collectionItems.insert(c, parent);
        describeCollection(parent);
    }
    m_runTree->expandAll();
    for (int column = 0; column < TreeColumnCount - 1; ++column)
        m_runTree->resizeColumnToContents(column);
    connect(m_runTree, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem* item) {
        if (!item->parent()) return;
        describeCollection(item->parent());
        updateWarnings();
    });
    connect(m_root, &QLineEdit::textChanged, this, [this] { updateWarnings(); });
    auto* runLayout = new QVBoxLayout(m_runBox);
    runLayout->addWidget(m_runTree);
    runLayout->addWidget(m_warningLabel);
    return m_runBox;
}

QFormLayout* ExportSubmissionDialog::createFileForm() {
    auto* files = new QFormLayout;
    files->addRow("Dataset root", m_root);
    const QString csv = "CSV files (*.csv);;All files (*)";
    files->addRow("Template CSV",
                  new BrowseRow(m_template, BrowseRow::Pick::OpenFile, "Template CSV", csv));
    files->addRow("Output",
                  new BrowseRow(m_output, BrowseRow::Pick::SaveFile, "Submission CSV", csv));
    files->addRow("", m_partial);
    return files;
}

void ExportSubmissionDialog::addRunItem(QTreeWidgetItem* parent, const QString& dir, bool ticked) {
    const RunInfo& info = m_runs->run(m_runs->rowOf(dir));
    const QString trainedOn = QString::fromStdString(info.options.datasetRoot);
    auto* child = new QTreeWidgetItem(parent, {runDisplayName(info), runBestScoreText(info),
                                               datasetDisplayName(trainedOn), runStatusText(info)});
    child->setData(0, Qt::UserRole, dir);
    child->setToolTip(RunColumn, dir);
    child->setToolTip(DatasetColumn, trainedOn);
    child->setCheckState(0, ticked ? Qt::Checked : Qt::Unchecked);
}

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
    updateWarnings();
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
    const int listed = item->childCount();
    const QString of = listed > 1 ? QString(" of %1 ticked").arg(listed) : QString();
    const QString what = ticked == 0 && listed == 0 ? QString("no run (template or left out)")
                         : ticked == 0
                             ? QString("no run ticked of %1 (template or left out)").arg(listed)
                         : ticked == 1 ? QString("1 run") + of
                                       : QString("ensemble of %1 runs").arg(ticked) + of;
    const QSignalBlocker blocker(m_runTree);
    item->setText(0, QString::fromUtf8(collectionName(c)) + ": " + what);
}

void ExportSubmissionDialog::updateWarnings(const QStringList& collapsedRuns) {
    m_warnings.clear();
    for (const Collection c : kCollections)
        for (const QString& dir : runs(c))
            m_warnings << runWarnings(m_runs->run(m_runs->rowOf(dir)), m_root->text());
    for (const QString& run : collapsedRuns)
        m_warnings << QString(
                          "%1 wrote its rows in index order (0;1;2;...): the model scores "
                          "every config alike; these rows are no better than the files' "
                          "own order.")
                          .arg(run);
    QStringList html;
    for (const QString& w : m_warnings) html << "⚠ " + w.toHtmlEscaped();
    m_warningLabel->setText(html.join("<br>"));
    m_warningLabel->setVisible(!m_warnings.isEmpty());
}

void ExportSubmissionDialog::setTemplatePath(const QString& path) {
    m_template->setText(path);
}

void ExportSubmissionDialog::setOutputPath(const QString& path) {
    m_output->setText(path);
}

void ExportSubmissionDialog::setDatasetRoot(const QString& path) {
    m_root->setText(path);
}

void ExportSubmissionDialog::setPartialAllowed(bool allowed) {
    m_partial->setChecked(allowed);
}

void ExportSubmissionDialog::takeOver(const PipelineHandOver& h) {
    m_runBox->setTitle(kPipelineRunsTicked);
    setDatasetRoot(h.datasetRoot);
    for (const Collection c : kCollections) setRuns(c, h.runs.value(c));
    setTemplatePath(h.templatePath);
    setOutputPath(h.outputPath);
    setPartialAllowed(h.partial);
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
    if (m_partial->isChecked()) r.full = FullCheck::Never;
    return r;
}

void ExportSubmissionDialog::startExport() {
    const SubmissionRequest r = request();
    m_export->setEnabled(false);
    m_summary->setPlainText("Exporting...");
    updateWarnings();
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
            QStringList collapsed;
            for (const RunRows& run : s.rowsPerRun)
                if (run.collapsed()) collapsed << QString::fromStdString(run.run);
            m_job->post(id, [this, ok, text, collapsed] { finish(ok, text, collapsed); });
        } catch (const std::exception& e) {
            const QString text = "Export failed: " + QString::fromStdString(e.what());
            m_job->post(id, [this, text] { finish(false, text, {}); });
        }
    });
}

void ExportSubmissionDialog::finish(bool ok, const QString& text,
                                    const QStringList& collapsedRuns) {
    m_summary->setPlainText(text);
    m_export->setEnabled(true);
    QStringList names;
    for (const QString& run : collapsedRuns) {
        QStringList parts;
        for (const QString& dir : run.split(" + ")) {
            const int row = m_runs->rowOf(dir);
            parts << (row >= 0 ? m_runs->displayName(row) : runDisplayName(dir));
        }
        names << parts.join(" + ");
    }
    updateWarnings(names);
    Q_EMIT exportFinished(ok, text);
}

}  // namespace tpugraphs::ui
