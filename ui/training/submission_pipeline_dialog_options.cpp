// The submission pipeline's dialog, its options: the form, their setters, the options of the
// last Start offered again when it opens, and the smallest budget the kept probes allow.
#include "training/submission_pipeline_dialog.h"

#include <QDir>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

#include <exception>
#include <optional>

#include "base/number_text.h"
#include "common/browse_row.h"
#include "common/job_runner.h"
#include "train/pipeline_probes.h"
#include "train/submission_pipeline.h"

namespace tpugraphs::ui {

namespace {
const char* const kOptionsGroup = "submissionPipeline";
}  // namespace

void SubmissionPipelineDialog::rememberOptions() {
    QSettings settings;
    settings.beginGroup(kOptionsGroup);
    settings.setValue("output", m_output->text());
    settings.setValue("template", m_template->text());
    settings.setValue("budgetMinutes", m_budget->value());
    settings.setValue("seeds", m_seeds->value());
    settings.setValue("runsAtOnce", m_workers->value());
}

void SubmissionPipelineDialog::restoreOptions() {
    QSettings settings;
    settings.beginGroup(kOptionsGroup);
    m_output->setText(settings.value("output", m_output->text()).toString());
    m_template->setText(settings.value("template", m_template->text()).toString());
    m_budget->setValue(settings.value("budgetMinutes", m_budget->value()).toDouble());
    m_seeds->setValue(settings.value("seeds", m_seeds->value()).toInt());
    m_workers->setValue(settings.value("runsAtOnce", m_workers->value()).toInt());
}

void SubmissionPipelineDialog::setUpOptions() {
    m_dataset->setObjectName(QStringLiteral("dataset"));
    m_output->setObjectName(QStringLiteral("output"));
    m_template->setObjectName(QStringLiteral("template"));
    m_template->setPlaceholderText(QStringLiteral("optional: rows of graphs the dataset lacks"));
    m_budget->setObjectName(QStringLiteral("budget"));
    m_budget->setRange(0.1, 100000);
    m_budget->setDecimals(1);
    m_budget->setSuffix(QStringLiteral(" min"));
    m_budget->setValue(60);
    m_budget->setToolTip(
        QStringLiteral(
            "<p>Minutes the whole pipeline may take, probes, training and scoring included (kept "
            "within max(1.1 x, +1 min)): the scoring after training (estimated by short probes) is "
            "kept out first, the rest divided by the cost of an epoch of each collection, and each "
            "run cuts its steps to the time left. A budget that cannot buy %1 steps per run and "
            "the "
            "scoring is refused before training, naming the smallest that can.</p>")
            .arg(kPipelineMinimumSteps));
    m_smallest->setObjectName(QStringLiteral("smallestBudget"));
    m_smallest->setWordWrap(true);
    m_seeds->setObjectName(QStringLiteral("seeds"));
    m_seeds->setRange(1, 100);
    m_seeds->setValue(3);
    m_workers->setObjectName(QStringLiteral("workers"));
    m_workers->setRange(1, 64);
    m_workers->setValue(std::max(1, QThread::idealThreadCount() / 2));
}

QFormLayout* SubmissionPipelineDialog::createOptionsForm() {
    auto* form = new QFormLayout;
    form->addRow(QStringLiteral("Dataset"),
                 new BrowseRow(m_dataset, BrowseRow::Pick::Folder, QStringLiteral("Dataset root")));
    form->addRow(QStringLiteral("Output folder"),
                 new BrowseRow(m_output, BrowseRow::Pick::Folder,
                               QStringLiteral("Folder of the pipeline (runs, submission)")));
    form->addRow(QStringLiteral("Template"), new BrowseRow(m_template, BrowseRow::Pick::OpenFile,
                                                           QStringLiteral("Template submission"),
                                                           QStringLiteral("CSV files (*.csv)")));
    form->addRow(QStringLiteral("Budget"), m_budget);
    form->addRow(QString(), m_smallest);
    form->addRow(QStringLiteral("Runs per collection"), m_seeds);
    form->addRow(QStringLiteral("Runs at once"), m_workers);
    return form;
}

void SubmissionPipelineDialog::setOutputFolder(const QString& path) {
    m_output->setText(path);
}
void SubmissionPipelineDialog::setBudgetMinutes(double minutes) {
    m_budget->setValue(minutes);
}
void SubmissionPipelineDialog::setSeeds(int seeds) {
    m_seeds->setValue(seeds);
}
void SubmissionPipelineDialog::setWorkers(int workers) {
    m_workers->setValue(workers);
}
void SubmissionPipelineDialog::setTemplatePath(const QString& path) {
    m_template->setText(path);
}
void SubmissionPipelineDialog::startWithSmallest() {
    if (isRunning() || m_refusedSmallest <= 0) return;
    m_budget->setValue(m_refusedSmallest);
    start();
}

// The kept probes are read (and the dataset scanned) on a pool thread; the line says what is
// known: the smallest budget and when it was measured, or that the first call measures it.
void SubmissionPipelineDialog::updateSmallestBudget() {
    PipelineOptions options;
    options.datasetRoot = QDir::cleanPath(m_dataset->text().trimmed()).toStdString();
    options.outDir = QDir::cleanPath(m_output->text().trimmed()).toStdString();
    options.seeds = m_seeds->value();
    options.workers = m_workers->value();
    if (options.datasetRoot.empty() || options.datasetRoot == ".") {
        m_budgetRead->cancel();
        m_smallest->clear();
        return;
    }
    JobRunner* runner = m_budgetRead;
    runner->start([this, runner, options](int jobId, const std::atomic<bool>&) {
        QString text;
        try {
            if (const std::optional<KnownBudget> known = knownSmallestBudget(options))
                text = QStringLiteral(
                           "At least %1 min on this machine for these options "
                           "(probes measured %2)")
                           .arg(QString::fromStdString(minutesText(known->smallestMinutes)),
                                QString::fromStdString(timeOfDayText(known->measuredAt)));
            else
                text = QStringLiteral(
                    "The smallest budget is known after the first call's "
                    "short probes, kept for later calls on this dataset.");
        } catch (const std::exception& e) {
            text = QStringLiteral("The smallest budget is not known: %1")
                       .arg(QString::fromUtf8(e.what()));
        }
        runner->finish(jobId, [this, text] { m_smallest->setText(text); });
    });
}

}  // namespace tpugraphs::ui
