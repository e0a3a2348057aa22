// The submission pipeline's dialog: options, a row per collection read from the pipeline's files
// once a second on a pool thread, the messages, Start / Stop; the pipeline itself runs on a
// thread of its own at background priority and reports back by queued calls.
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
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <exception>
#include <utility>

#include "base/background_priority.h"
#include "common/browse_row.h"
#include "train/pipeline_progress.h"
#include "train/submission_pipeline.h"

namespace tpugraphs::ui {

namespace {

enum Column { CollectionColumn, PhaseColumn, RunsColumn, StepsColumn, ValidColumn, Columns };

QString metricText(const EvalMetrics& metrics) {
    if (!metrics.graphs) return QStringLiteral("no valid graphs");
    return QString::number(metrics.primary(), 'f', 4);
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
      m_status(new QLabel),
      m_start(new QPushButton(QStringLiteral("&Start"))),
      m_stop(new QPushButton(QStringLiteral("S&top"))),
      m_refresh(new QTimer(this)),
      m_progressRead(new QFutureWatcher<std::vector<PipelineCollectionProgress>>(this)) {
    setWindowTitle(QStringLiteral("Train a Full Submission"));
    m_dataset->setObjectName(QStringLiteral("dataset"));
    m_output->setObjectName(QStringLiteral("output"));
    m_template->setObjectName(QStringLiteral("template"));
    m_template->setPlaceholderText(QStringLiteral("optional: rows of graphs the dataset lacks"));
    m_budget->setObjectName(QStringLiteral("budget"));
    m_budget->setRange(0.5, 100000);
    m_budget->setDecimals(1);
    m_budget->setSuffix(QStringLiteral(" min"));
    m_budget->setValue(60);
    m_seeds->setObjectName(QStringLiteral("seeds"));
    m_seeds->setRange(1, 100);
    m_seeds->setValue(3);
    m_workers->setObjectName(QStringLiteral("workers"));
    m_workers->setRange(1, 64);
    m_workers->setValue(std::max(1, QThread::idealThreadCount() / 2));

    auto* form = new QFormLayout;
    form->addRow(QStringLiteral("Dataset"),
                 new BrowseRow(m_dataset, BrowseRow::Pick::Folder, QStringLiteral("Dataset root")));
    form->addRow(QStringLiteral("Output folder"),
                 new BrowseRow(m_output, BrowseRow::Pick::Folder,
                               QStringLiteral("Folder of the pipeline (runs, submission)")));
    form->addRow(QStringLiteral("Template"), new BrowseRow(m_template, BrowseRow::Pick::OpenFile,
                                                           QStringLiteral("Template submission"),
                                                           QStringLiteral("CSV files (*.csv)")));
    m_budget->setToolTip(QStringLiteral(
        "<p>Time to train and score all collections: the scoring after training (the "
        "valid and test splits, estimated by short probes) first, the rest divided "
        "by the cost of an epoch of each collection; the probes come on top</p>"));
    form->addRow(QStringLiteral("Budget"), m_budget);
    form->addRow(QStringLiteral("Runs per collection"), m_seeds);
    form->addRow(QStringLiteral("Runs at once"), m_workers);

    m_rows->setObjectName(QStringLiteral("collections"));
    m_rows->setRootIsDecorated(false);
    m_rows->setHeaderLabels({QStringLiteral("Collection"), QStringLiteral("Phase"),
                             QStringLiteral("Runs done"), QStringLiteral("Steps"),
                             QStringLiteral("Valid (ensemble)")});
    m_rows->headerItem()->setToolTip(
        ValidColumn,
        QStringLiteral("<p>The ensemble's metric on the valid split: top-5 score (tile), "
                       "Kendall tau on a seeded subset of %1 configs of each graph "
                       "(layout; Kaggle's test files hold about as many)</p>")
            .arg(kPipelineLayoutValidConfigs));
    m_rows->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (Collection c : kCollections)
        m_rows->addTopLevelItem(new QTreeWidgetItem(
            QStringList{QString::fromUtf8(collectionName(c)), QStringLiteral("-")}));
    m_log->setObjectName(QStringLiteral("messages"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(2000);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    m_status->setText(QStringLiteral(
        "Trains every collection that has train graphs with its recipe, ensembles its runs, "
        "scores them on the valid split and writes a validated submission. Started again on "
        "the same folder, it resumes."));

    m_start->setObjectName(QStringLiteral("start"));
    m_stop->setObjectName(QStringLiteral("stop"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    buttons->addButton(m_start, QDialogButtonBox::ActionRole);
    buttons->addButton(m_stop, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_start, &QPushButton::clicked, this, &SubmissionPipelineDialog::start);
    connect(m_stop, &QPushButton::clicked, this, &SubmissionPipelineDialog::stop);
    connect(m_refresh, &QTimer::timeout, this, &SubmissionPipelineDialog::refreshRows);
    connect(m_progressRead, &QFutureWatcherBase::finished, this, [this] {
        showProgress(m_progressRead->result());
        if (std::exchange(m_refreshAgain, false)) refreshRows();
    });

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_rows, 2);
    layout->addWidget(m_log, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(760, 620);
    setRunning(false);
}

// Closing while it runs stops the pipeline at a safe point and waits for it (the runs keep
// their checkpoints: the same folder resumes).
SubmissionPipelineDialog::~SubmissionPipelineDialog() {
    m_cancel.store(true);
    if (m_pipeline) m_pipeline->wait();
    m_progressRead->waitForFinished();
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
bool SubmissionPipelineDialog::isRunning() const {
    return m_running;
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
    m_log->clear();
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
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        }
        QMetaObject::invokeMethod(
            this, [this, outcome, error] { finish(outcome, error); }, Qt::QueuedConnection);
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
    m_progressRead->setFuture(QtConcurrent::run([out, seeds] {
        try {
            return readPipelineProgress(out, seeds);
        } catch (const std::exception&) {
            return std::vector<PipelineCollectionProgress>{};  // being written, or damaged: the
                                                               // pipeline itself will say so
        }
    }));
}

void SubmissionPipelineDialog::showProgress(const std::vector<PipelineCollectionProgress>& rows) {
    const int seeds = m_seeds->value();
    for (const PipelineCollectionProgress& row : rows) {
        QTreeWidgetItem* item = m_rows->topLevelItem(collectionIndex(row.collection));
        item->setText(PhaseColumn, row.runsFinished == seeds ? QStringLiteral("trained")
                                   : row.runsStarted > 0     ? QStringLiteral("training")
                                                             : QStringLiteral("planned"));
        item->setText(RunsColumn, QStringLiteral("%1 / %2").arg(row.runsFinished).arg(seeds));
        item->setText(StepsColumn,
                      QStringLiteral("%1 / %2 (%3 %)")
                          .arg(row.steps)
                          .arg(row.plannedSteps)
                          .arg(std::lround(100.0 * double(row.steps) /
                                           double(std::max<int64_t>(1, row.plannedSteps)))));
    }
    for (auto metric = m_validMetric.cbegin(); metric != m_validMetric.cend(); ++metric)
        m_rows->topLevelItem(collectionIndex(metric.key()))->setText(ValidColumn, metric.value());
}

void SubmissionPipelineDialog::finish(const std::shared_ptr<PipelineOutcome>& outcome,
                                      const QString& error) {
    for (const CollectionOutcome& c : outcome->collections)
        m_validMetric[c.collection] = metricText(c.ensemble);
    showProgress({});  // the valid metrics now; the rows' final state from the files next
    refreshRows();
    setRunning(false);
    const QString out = QDir::cleanPath(m_output->text().trimmed());
    if (!error.isEmpty()) {
        m_status->setText(QStringLiteral("Failed: %1").arg(error));
        Q_EMIT pipelineFailed(error);
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
    QMap<int, QStringList> runs;
    for (const CollectionOutcome& c : outcome->collections)
        for (const TrialResult& r : c.runs)
            if (r.status == RunStatus::Completed || r.status == RunStatus::EarlyStopped)
                runs[collectionIndex(c.collection)] << QString::fromStdString(r.runDir);
    Q_EMIT pipelineFinished(out, runs, m_template->text().trimmed());
}

}  // namespace tpugraphs::ui
