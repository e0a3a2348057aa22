// The submission pipeline's dialog: a row per collection read from the pipeline's files once a
// second on a pool thread, the messages, Start / Stop; the pipeline itself runs on a thread of
// its own at background priority and reports back by queued calls. Its options:
// submission_pipeline_dialog_options.cpp.
#include "training/submission_pipeline_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QThread>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <exception>
#include <utility>

#include "base/background_priority.h"
#include "base/number_text.h"
#include "common/job_runner.h"
#include "train/pipeline_plan.h"
#include "train/pipeline_progress.h"
#include "train/pipeline_report.h"
#include "train/submission_pipeline.h"

namespace tpugraphs::ui {

namespace {

enum Column {
    CollectionColumn,
    PhaseColumn,
    TimeColumn,
    RunsColumn,
    StepsColumn,
    ValidColumn,
    Columns
};

QString metricText(const EvalMetrics& metrics) {
    if (!metrics.graphs) return QStringLiteral("no valid graphs");
    return QString::number(metrics.primary(), 'f', 4);
}

// "1m05s", "12m40s": durations as every report and progress line writes them.
QString clock(double seconds) {
    return QString::fromStdString(tpugraphs::durationText(seconds));
}

// The runs' scores after training, by seed: "0.8123 / 0.7990 / -".
QString runScores(const PipelineCollectionProgress& row) {
    QStringList scores;
    for (const PipelineRunProgress& r : row.runs)
        scores << (r.score.present() ? QString::number(r.score.metrics.primary(), 'f', 4)
                                     : QStringLiteral("-"));
    return scores.join(QStringLiteral(" / "));
}

}  // namespace

SubmissionPipelineDialog::SubmissionPipelineDialog(const QString& datasetRoot, QWidget* parent)
    : QDialog(parent),
      m_dataset(new QLineEdit(datasetRoot)),
      m_output(new QLineEdit(QDir::home().filePath(QStringLiteral("tpugraphs-submission")))),
      m_template(new QLineEdit),
      m_budget(new QDoubleSpinBox),
      m_seeds(new QSpinBox),
      m_workers(new QSpinBox),
      m_rows(new QTreeWidget),
      m_log(new QPlainTextEdit),
      m_clock(new QLabel),
      m_status(new QLabel),
      m_smallest(new QLabel),
      m_start(new QPushButton(QStringLiteral("&Start"))),
      m_startWithSmallest(new QPushButton),
      m_stop(new QPushButton(QStringLiteral("S&top"))),
      m_refresh(new QTimer(this)),
      m_progressRead(new JobRunner(this)),
      m_budgetRead(new JobRunner(this)) {
    setWindowTitle(QStringLiteral("Train a Full Submission"));
    setUpOptions();
    QFormLayout* form = createOptionsForm();
    setUpRows();
    setUpMessages();
    QDialogButtonBox* buttons = createButtons();
    connect(m_refresh, &QTimer::timeout, this, &SubmissionPipelineDialog::refreshRows);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_clock);
    layout->addWidget(m_rows, 2);
    layout->addWidget(m_log, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(900, 620);
    setRunning(false);
    for (QLineEdit* edit : {m_dataset, m_output})
        connect(edit, &QLineEdit::editingFinished, this,
                &SubmissionPipelineDialog::updateSmallestBudget);
    for (QSpinBox* box : {m_seeds, m_workers})
        connect(box, &QSpinBox::valueChanged, this,
                &SubmissionPipelineDialog::updateSmallestBudget);
    restoreOptions();
    updateSmallestBudget();
}

void SubmissionPipelineDialog::setUpRows() {
    m_rows->setObjectName(QStringLiteral("collections"));
    m_rows->setRootIsDecorated(false);
    m_rows->setHeaderLabels({QStringLiteral("Collection"), QStringLiteral("Phase"),
                             QStringLiteral("Time / plan"), QStringLiteral("Runs done"),
                             QStringLiteral("Steps done / planned"),
                             QStringLiteral("Valid: ensemble (runs)")});
    m_rows->headerItem()->setToolTip(
        TimeColumn, QStringLiteral("<p>The runs' training time so far (shared among the runs "
                                   "at once) and what the plan gave them</p>"));
    m_rows->headerItem()->setToolTip(
        StepsColumn, QStringLiteral("<p>Steps trained of those planned, all runs together; a "
                                    "run that would overrun its time cuts its steps</p>"));
    m_rows->headerItem()->setToolTip(
        ValidColumn,
        QStringLiteral("<p>The ensemble's metric on the valid split, then each run's by seed: "
                       "top-5 score (tile), Kendall tau on a seeded subset of %1 configs of "
                       "each graph (layout; Kaggle's test files hold about as many)</p>")
            .arg(kPipelineLayoutValidConfigs));
    m_rows->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (Collection c : kCollections)
        m_rows->addTopLevelItem(new QTreeWidgetItem(
            QStringList{QString::fromUtf8(collectionName(c)), QStringLiteral("-")}));
}

void SubmissionPipelineDialog::setUpMessages() {
    m_log->setObjectName(QStringLiteral("messages"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(2000);
    m_clock->setObjectName(QStringLiteral("clock"));
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    m_status->setText(QStringLiteral(
        "Trains every collection that has train graphs with its recipe, ensembles its runs, "
        "scores them on the valid split and writes a validated submission. Started again on "
        "the same folder, it resumes."));
}

QDialogButtonBox* SubmissionPipelineDialog::createButtons() {
    m_start->setObjectName(QStringLiteral("start"));
    m_stop->setObjectName(QStringLiteral("stop"));
    m_startWithSmallest->setObjectName(QStringLiteral("startWithSmallest"));
    m_startWithSmallest->setVisible(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    buttons->addButton(m_startWithSmallest, QDialogButtonBox::ActionRole);
    buttons->addButton(m_start, QDialogButtonBox::ActionRole);
    buttons->addButton(m_stop, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_start, &QPushButton::clicked, this, &SubmissionPipelineDialog::start);
    connect(m_stop, &QPushButton::clicked, this, &SubmissionPipelineDialog::stop);
    connect(m_startWithSmallest, &QPushButton::clicked, this,
            &SubmissionPipelineDialog::startWithSmallest);
    return buttons;
}

// Closing while it runs stops the pipeline at a safe point and waits for it (the runs keep
// their checkpoints: the same folder resumes).
SubmissionPipelineDialog::~SubmissionPipelineDialog() {
    m_cancel.store(true);
    if (m_pipeline) m_pipeline->wait();
}

bool SubmissionPipelineDialog::isRunning() const {
    return m_running;
}

QString SubmissionPipelineDialog::clockText() const {
    return m_clock->text();
}

QString SubmissionPipelineDialog::smallestBudgetText() const {
    return m_smallest->text();
}

QStringList SubmissionPipelineDialog::rowText(Collection collection) const {
    QStringList text;
    const QTreeWidgetItem* item = m_rows->topLevelItem(collectionIndex(collection));
    for (int column = 0; column < Columns; ++column) text << item->text(column);
    return text;
}

void SubmissionPipelineDialog::start() {
    if (isRunning()) return;
    PipelineOptions options;
    options.datasetRoot = QDir::cleanPath(m_dataset->text().trimmed()).toStdString();
    options.outDir = QDir::cleanPath(m_output->text().trimmed()).toStdString();
    options.templatePath = m_template->text().trimmed().toStdString();
    options.budgetMinutes = m_budget->value();
    options.seeds = m_seeds->value();
    options.workers = m_workers->value();
    options.program = m_program.toStdString();
    m_validMetric.clear();
    m_probed.clear();
    m_startWithSmallest->setVisible(false);
    m_refused = false;
    m_log->clear();
    try {
        const std::string folder = folderForPipeline(options);
        if (folder != options.outDir) {
            m_log->appendPlainText(
                QStringLiteral("%1 holds a pipeline of other options: this one writes to %2")
                    .arg(QString::fromStdString(options.outDir), QString::fromStdString(folder)));
            options.outDir = folder;
            m_output->setText(QString::fromStdString(folder));
        }
    } catch (const std::exception&) {
        // a damaged plan: the pipeline names it as it starts
    }
    rememberOptions();
    setRunning(true);
    m_status->setText(
        QStringLiteral("Running: the runs train as separate processes; Stop keeps "
                       "their checkpoints."));
    m_cancel.store(false);
    // A thread of its own at background priority: the runs it starts as child processes
    // inherit the priority, so the UI stays responsive while they train on every core.
    if (m_pipeline) m_pipeline->wait();
    m_pipeline.reset(QThread::create([this, options] {
        lowerCallingThreadToBackground();
        auto outcome = std::make_shared<PipelineOutcome>();
        QString error;
        double refusedSmallest = 0;
        try {
            *outcome = runSubmissionPipeline(
                options,
                [this](const std::string& message) {
                    QMetaObject::invokeMethod(
                        this,
                        [this, text = QString::fromStdString(message)] { appendMessage(text); },
                        Qt::QueuedConnection);
                },
                &m_cancel);
        } catch (const PipelineBudgetError& e) {
            error = QString::fromUtf8(e.what());
            refusedSmallest = e.smallestBudgetMinutes();
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        }
        QMetaObject::invokeMethod(
            this,
            [this, outcome, error, refusedSmallest] { finish(outcome, error, refusedSmallest); },
            Qt::QueuedConnection);
    }));
    m_pipeline->setObjectName(QStringLiteral("submission pipeline"));
    m_pipeline->start();
}

void SubmissionPipelineDialog::stop() {
    if (!isRunning()) return;
    m_status->setText(
        QStringLiteral("Stopping at a safe point (the runs keep their checkpoints)…"));
    m_stop->setEnabled(false);
    m_cancel.store(true);
}

void SubmissionPipelineDialog::appendMessage(const QString& message) {
    m_log->appendPlainText(message);
}

void SubmissionPipelineDialog::setRunning(bool running) {
    m_running = running;
    m_start->setEnabled(!running);
    m_stop->setEnabled(running);
    for (QWidget* w : {static_cast<QWidget*>(m_dataset), static_cast<QWidget*>(m_output),
                       static_cast<QWidget*>(m_template), static_cast<QWidget*>(m_budget),
                       static_cast<QWidget*>(m_seeds), static_cast<QWidget*>(m_workers)})
        w->setEnabled(!running);
    if (running)
        m_refresh->start(1000);
    else
        m_refresh->stop();
}

// The rows from the files (the plan and each run's state), read on a pool thread: a second's
// tick never waits for the disk. A refresh asked for during a read follows it (the last one, after
// the pipeline ends, must see the final files).
void SubmissionPipelineDialog::refreshRows() {
    if (m_progressRead->isRunning()) {
        m_refreshAgain = true;
        return;
    }
    const std::string out = QDir::cleanPath(m_output->text().trimmed()).toStdString();
    const int seeds = m_seeds->value();
    const int workers = m_workers->value();
    JobRunner* runner = m_progressRead;
    runner->start([this, runner, out, seeds, workers](int jobId, const std::atomic<bool>&) {
        PipelineProgressState progress;
        try {
            progress = readPipelineProgress(out, seeds, workers);
        } catch (const std::exception&) {
            // being written, or damaged: the pipeline itself will say so
        }
        runner->finish(jobId, [this, progress = std::move(progress)] {
            showProgress(progress);
            if (std::exchange(m_refreshAgain, false)) refreshRows();
        });
    });
}

QString SubmissionPipelineDialog::stageText(PipelineStage stage) const {
    // A refusal ends the call as failed in its state file; the user reads why it stopped.
    if (stage == PipelineStage::Failed && m_refused) return QStringLiteral("refused");
    return QString::fromUtf8(pipelineStageName(stage));
}

void SubmissionPipelineDialog::showProgress(const PipelineProgressState& progress) {
    const int seeds = m_seeds->value();
    if (progress.state) {
        const PipelineState& state = *progress.state;
        if (state.stage == PipelineStage::Probing && state.collection &&
            !m_probed.contains(*state.collection))
            m_probed << *state.collection;
        m_clock->setText(QStringLiteral("%1: %2 elapsed of the %3 budget, %4 %5")
                             .arg(stageText(state.stage), clock(progress.elapsedSeconds),
                                  clock(state.budgetMinutes * 60),
                                  progress.remainingSeconds >= 0
                                      ? clock(progress.remainingSeconds)
                                      : clock(-progress.remainingSeconds),
                                  progress.remainingSeconds >= 0 ? QStringLiteral("left")
                                                                 : QStringLiteral("over")));
    }
    for (const Collection c : std::as_const(m_probed)) {
        QTreeWidgetItem* item = m_rows->topLevelItem(collectionIndex(c));
        const bool current = progress.state && progress.state->stage == PipelineStage::Probing &&
                             progress.state->collection == c;
        item->setText(PhaseColumn, current ? QStringLiteral("probing") : QStringLiteral("probed"));
    }
    for (const PipelineCollectionProgress& row : progress.collections) {
        QTreeWidgetItem* item = m_rows->topLevelItem(collectionIndex(row.collection));
        item->setText(PhaseColumn, QString::fromUtf8(collectionPhaseName(row.phase)));
        item->setText(TimeColumn, QStringLiteral("%1 / %2").arg(clock(row.elapsedSeconds),
                                                                clock(row.plannedSeconds)));
        item->setText(RunsColumn, QStringLiteral("%1 / %2").arg(row.runsFinished).arg(seeds));
        item->setText(StepsColumn,
                      QStringLiteral("%1 / %2 (%3 %)")
                          .arg(row.steps)
                          .arg(row.plannedSteps)
                          .arg(std::lround(100.0 * double(row.steps) /
                                           double(std::max<int64_t>(1, row.plannedSteps)))));
        const QString runs = runScores(row);
        const QString ensemble = m_validMetric.value(row.collection);
        if (!ensemble.isEmpty() || row.phase == CollectionPhase::Scored)
            item->setText(ValidColumn,
                          QStringLiteral("%1 (%2)").arg(
                              ensemble.isEmpty() ? QStringLiteral("-") : ensemble, runs));
    }
}

void SubmissionPipelineDialog::finish(const std::shared_ptr<PipelineOutcome>& outcome,
                                      const QString& error, double refusedSmallest) {
    for (const CollectionOutcome& c : outcome->collections)
        m_validMetric[c.collection] = metricText(c.ensemble);
    refreshRows();  // the valid metrics with the rows' final state from the files
    setRunning(false);
    updateSmallestBudget();  // this call's probes are kept
    const QString out = QDir::cleanPath(m_output->text().trimmed());
    if (refusedSmallest > 0) {
        m_refused = true;
        m_refusedSmallest = refusedSmallest;
        const QString failed = QString::fromUtf8(pipelineStageName(PipelineStage::Failed));
        if (m_clock->text().startsWith(failed))
            m_clock->setText(stageText(PipelineStage::Failed) + m_clock->text().mid(failed.size()));
        m_status->setText(QStringLiteral("Refused before training: %1").arg(error));
        m_startWithSmallest->setText(
            QStringLiteral("Start with %1 min")
                .arg(QString::fromStdString(minutesText(refusedSmallest))));
        m_startWithSmallest->setToolTip(
            QStringLiteral("Start again with the smallest budget the refusal named (the probes "
                           "measured so far are kept and not measured again)"));
        m_startWithSmallest->setVisible(true);
        return;
    }
    if (!error.isEmpty()) {
        m_status->setText(QStringLiteral("Failed: %1").arg(error));
        return;
    }
    if (outcome->submissionPath.empty()) {
        m_status->setText(
            QStringLiteral("Stopped before the submission: Start resumes where it ended."));
        return;
    }
    m_status->setText(
        QStringLiteral("Submission written: %1 (%2 rows%3), report: %4/report.md")
            .arg(QString::fromStdString(outcome->submissionPath))
            .arg(outcome->rows)
            .arg(outcome->complete ? QStringLiteral(", complete") : QStringLiteral(", partial"))
            .arg(out));
    const PipelineHandOver handOver =
        pipelineHandOver(m_dataset->text().trimmed(), out, m_template->text().trimmed(), *outcome);
    Q_EMIT pipelineFinished(handOver);
}

}  // namespace tpugraphs::ui
