// The training page.
#include "training/training_page.h"

#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <climits>
#include <cmath>
#include <exception>

#include "common/status_line.h"
#include "data/dataset.h"
#include "item_models/run_list_model.h"
#include "training/loss_trend.h"
#include "training/run_advice.h"
#include "training/run_charts.h"
#include "training/run_copy.h"
#include "training/run_curves.h"
#include "training/run_library.h"
#include "training/runs_panel.h"
#include "training/training_form.h"
#include "training/training_runner.h"
#include "training/workers_runner.h"

namespace tpugraphs::ui {

namespace {

const char* const kRunningFormat = "%v / %m steps";
constexpr int kRefreshIntervalMs = 80;  // charts and the rate line, never per step
constexpr int kLeftPanelWidth = 500;
constexpr int kChartsWidth = 1100;

QString duration(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0) return "-";
    const qint64 s = qint64(seconds + 0.5);
    return s >= 3600 ? QString("%1:%2:%3")
                           .arg(s / 3600)
                           .arg(s / 60 % 60, 2, 10, QChar('0'))
                           .arg(s % 60, 2, 10, QChar('0'))
                     : QString("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QChar('0'));
}

QString validationText(const EvalMetrics& v) {
    if (std::isfinite(v.kendall))
        return QString("Kendall tau %1 · OPA %2").arg(v.kendall, 0, 'f', 4).arg(v.opa, 0, 'f', 4);
    return QString("top-5 score %1 · top-1 error %2 · OPA %3")
        .arg(v.top5Score, 0, 'f', 4)
        .arg(v.top1Error, 0, 'f', 4)
        .arg(v.opa, 0, 'f', 4);
}

QPushButton* button(const char* text, const char* name) {
    auto* b = new QPushButton(text);
    b->setObjectName(name);
    return b;
}

}  // namespace

TrainingPage::TrainingPage(QWidget* parent)
    : QWidget(parent),
      m_form(new TrainingForm),
      m_library(new RunLibrary(this)),
      m_panel(new RunsPanel(m_library->model())),
      m_charts(new RunCharts),
      m_runner(new TrainingRunner(this)),
      m_workers(new WorkersRunner(this)),
      m_start(button("Start", "startButton")),
      m_pause(button("Pause", "pauseButton")),
      m_stop(button("Stop", "stopButton")),
      m_progress(new QProgressBar),
      m_rate(new QLabel),
      m_validation(new QLabel),
      m_status(new StatusLine),
      m_advice(new RunAdvice),
      m_timer(new QTimer(this)) {
    m_progress->setObjectName("progressBar");
    m_rate->setObjectName("rateLabel");
    m_validation->setObjectName("validationLabel");
    m_validation->setWordWrap(true);
    m_progress->setFormat(kRunningFormat);
    buildLayout();
    connectSignals();
    m_timer->setInterval(kRefreshIntervalMs);
    m_timer->start();
    m_library->restore();
    updateButtons();
}

TrainingPage::~TrainingPage() {
    shutdown();
}

void TrainingPage::buildLayout() {
    // Fixed heights and widths: lines that appear or grow never move the buttons or the lists.
    const int line = fontMetrics().lineSpacing();
    m_rate->setFixedHeight(line + 2);
    m_validation->setFixedHeight(2 * line + 2);
    m_validation->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    int buttonWidth = 0;
    for (const char* text : {"Start", "Pause", "Resume", "Stop"})
        buttonWidth = std::max(buttonWidth, QPushButton(text).sizeHint().width());
    for (QPushButton* b : {m_start, m_pause, m_stop}) b->setFixedWidth(buttonWidth);

    auto* formScroll = new QScrollArea;
    formScroll->setObjectName("formScroll");
    formScroll->setWidget(m_form);
    formScroll->setWidgetResizable(true);
    formScroll->setFrameShape(QFrame::NoFrame);
    // The controls come first, so nothing above them can change their place.
    auto* buttons = new QHBoxLayout;
    for (QPushButton* b : {m_start, m_pause, m_stop}) buttons->addWidget(b);
    buttons->addStretch(1);
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(buttons);
    leftLayout->addWidget(m_progress);  // a row of its own: "stopped at N of M steps" fits
    leftLayout->addWidget(m_advice);
    leftLayout->addWidget(formScroll, 3);
    leftLayout->addWidget(m_rate);
    leftLayout->addWidget(m_validation);
    leftLayout->addWidget(m_status);
    leftLayout->addWidget(m_panel, 2);
    auto* splitter = new QSplitter;
    splitter->addWidget(left);
    splitter->addWidget(m_charts);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({kLeftPanelWidth, kChartsWidth});
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);
}

void TrainingPage::connectSignals() {
    connect(m_start, &QPushButton::clicked, this, &TrainingPage::startTraining);
    connect(m_pause, &QPushButton::clicked, this, &TrainingPage::togglePause);
    connect(m_stop, &QPushButton::clicked, this, &TrainingPage::stopTraining);
    connect(m_runner, &TrainingRunner::progress, this, &TrainingPage::onProgress);
    connect(m_runner, &TrainingRunner::pausedChanged, this, &TrainingPage::updateButtons);
    connect(m_runner, &TrainingRunner::finished, this, &TrainingPage::onFinished);
    connect(m_workers, &WorkersRunner::progress, this, &TrainingPage::onProgress);
    connect(m_workers, &WorkersRunner::finished, this, &TrainingPage::onFinished);
    connect(m_panel, &RunsPanel::openRequested, this, &TrainingPage::openRunDialog);
    connect(m_panel, &RunsPanel::saveAsRequested, this, &TrainingPage::saveRunAsDialog);
    connect(m_panel, &RunsPanel::resumeRequested, this, &TrainingPage::resumeRun);
    connect(m_panel, &RunsPanel::removeRequested, m_library, &RunLibrary::remove);
    connect(m_library, &RunLibrary::runsChanged, this, &TrainingPage::runsChanged);
    connect(m_library, &RunLibrary::curvesChanged, this, [this] { m_chartsDirty = true; });
    connect(m_library, &RunLibrary::followProblem, this,
            [this](const QString& message) { showStatus("Following " + message, true); });
    connect(m_library, &RunLibrary::followedRunEnded, this,
            [this](const QString& runDir, const QString& state) {
                showStatus("Followed run " + runDisplayName(runDir) + ": " + state,
                           state.startsWith("failed") || state.startsWith("interrupted"));
            });
    connect(m_charts, &RunCharts::redrawRequested, this, [this] { m_chartsDirty = true; });
    m_charts->setPaced(true);  // the live refresh never paints every chart in one pass
    connect(m_advice, &RunAdvice::holdoutRequested, this,
            &TrainingPage::validateOnHeldOutConfigs);
    connect(m_timer, &QTimer::timeout, this, &TrainingPage::refresh);
}

RunListModel* TrainingPage::runs() const {
    return m_library->model();
}

const RunCurves* TrainingPage::curves(const QString& runDir) const {
    return m_library->curves(runDir);
}

bool TrainingPage::isTraining() const {
    return m_runner->isRunning() || m_workers->isRunning();
}

void TrainingPage::setDatasetRoot(const QString& root) {
    m_form->setDatasetRoot(root);
}

void TrainingPage::startTraining() {
    TrainOptions options;
    try {
        options = m_form->options();
        checkTrainOptions(options);
    } catch (const std::exception& e) {
        return showStatus(QString::fromStdString(e.what()), true);
    }
    if (options.datasetRoot.empty()) return showStatus("Choose a dataset root first.", true);
    if (isRunDirectory(options.runDir)) return resumeRun(QString::fromStdString(options.runDir));
    const QDir dir(QString::fromStdString(options.runDir));
    if (dir.exists() && !dir.isEmpty()) {
        m_form->proposeRunDir();
        options = m_form->options();
    }
    startWith(options);
}

void TrainingPage::resumeRun(const QString& runDir) {
    if (isTraining() || runDir.isEmpty()) return;
    try {
        const RunInfo info = loadRunInfo(runDir.toStdString());
        if (!info.hasCheckpoint) return showStatus(runDir + ": no checkpoint to resume from", true);
        std::map<std::string, std::string> changes;
        if (!QDir(QString::fromStdString(info.options.datasetRoot)).exists())
            changes["dataset"] = m_form->datasetRoot().toStdString();
        if (info.step >= info.totalSteps) {
            // Complete: trained further only to a length the user chooses.
            bool ok = false;
            const int steps = QInputDialog::getInt(
                this, "Train Further",
                QString("%1 is complete at step %2. Train it further to step:")
                    .arg(runDisplayName(runDir))
                    .arg(info.step),
                int(std::min<int64_t>(2 * info.totalSteps, INT_MAX)),
                int(std::min<int64_t>(info.step + 1, INT_MAX)), INT_MAX, 1, &ok);
            if (!ok) return;
            changes["steps"] = std::to_string(steps);
        }
        TrainOptions options = resumeOptions(info.options, info.step, info.totalSteps, changes);
        options.runDir = runDir.toStdString();
        startWith(options);
    } catch (const std::exception& e) {
        showStatus(QString::fromStdString(e.what()), true);
    }
}

void TrainingPage::startWith(const TrainOptions& options) {
    const QString dir = QDir::cleanPath(QString::fromStdString(options.runDir));
    RunInfo info;
    if (options.resume) {
        info = loadRunInfo(options.runDir);
    } else {
        info.options = options;
        info.status = RunStatus::Running;
    }
    info.runDir = dir.toStdString();
    m_library->startLive(info);
    m_panel->selectRun(dir);
    m_advice->clear();
    m_hasLast = false;
    m_hasLastTraining = false;
    m_validation->clear();
    m_progress->setFormat(kRunningFormat);
    m_progress->setRange(0, int(std::min<int64_t>(std::max<int64_t>(1, options.steps), INT_MAX)));
    m_progress->setValue(int(std::min<int64_t>(info.step, INT_MAX)));
    showStatus(options.resume ? "Resuming " + dir : "Training into " + dir);
    if (m_form->workers() > 1)
        m_workers->start(options, m_form->workers());
    else
        m_runner->start(options);
    m_chartsDirty = true;
    updateButtons();
}

void TrainingPage::togglePause() {
    m_runner->setPaused(!m_runner->isPaused());
    showStatus(m_runner->isPaused() ? "Paused (training waits at its next report)" : "Running");
}

void TrainingPage::stopTraining() {
    if (!isTraining()) return;
    m_runner->stop();
    m_workers->stop();
    showStatus("Stopping: finishing the current batch and writing last.pt...");
}

void TrainingPage::shutdown() {
    m_runner->stopAndWait();
    m_workers->stopAndWait();
}

void TrainingPage::onProgress(const TrainProgress& p) {
    m_library->appendLive(p);
    const QString message = QString::fromStdString(p.message);
    if (p.phase == TrainPhase::Loading && p.isNote) m_advice->addNote(message);
    if (p.phase == TrainPhase::Validation && p.isValidation)
        m_validation->setText("Validation @" + QString::number(p.step) + ": " +
                              validationText(p.validation) + (p.bestSoFar ? "  (best)" : ""));
    if (p.phase != TrainPhase::Validation) {
        m_last = p;
        m_hasLast = true;
    }
    if (p.phase == TrainPhase::Training) {
        m_lastTraining = p;
        m_hasLastTraining = true;
    }
}

void TrainingPage::onFinished(const QString& runDir, const RunOutcome& outcome) {
    const QString dir = QDir::cleanPath(runDir);
    const QString status = QString::fromUtf8(runStatusName(outcome.status));
    showTrainingRate();  // a short run may end before the timer showed any
    const RunInfo info = m_library->endLive(dir);
    if (!info.runDir.empty())
        showEndState(info);
    else
        m_progress->setFormat(status);
    checkLossTrend();
    const RunCurves* curves = m_library->curves(dir);
    if (outcome.status == RunStatus::Completed && curves && curves->validations() == 0)
        m_advice->addWarning("This run never validated: it has no score to compare or export by.");
    if (outcome.status == RunStatus::Failed)
        showStatus("Training failed: " + outcome.failure, true);
    else
        showStatus(QString("Run %1: %2 at step %3 (last.pt kept)")
                       .arg(runDisplayName(dir), status)
                       .arg(info.step));
    m_form->proposeRunDir();
    m_chartsDirty = true;
    updateButtons();
    Q_EMIT runFinished(dir, status);
}

void TrainingPage::showEndState(const RunInfo& info) {
    const int total = int(std::clamp<int64_t>(info.totalSteps, 1, INT32_MAX));
    const int step = int(std::clamp<int64_t>(info.step, 0, total));
    const QString of = QString::number(step) + " of " + QString::number(total) + " steps";
    m_progress->setRange(0, total);
    switch (info.status) {
        case RunStatus::Completed:
            m_progress->setValue(total);
            m_progress->setFormat("completed: %p%");
            return;
        case RunStatus::EarlyStopped:  // finished, early
            m_progress->setValue(total);
            m_progress->setFormat("early-stopped at " + of);
            return;
        case RunStatus::Failed:
            m_progress->setValue(step);
            m_progress->setFormat("failed at " + of);
            return;
        default:
            m_progress->setValue(step);
            m_progress->setFormat("stopped at " + of);
    }
}

void TrainingPage::refresh() {
    if (isTraining()) checkLossTrend();
    if (m_hasLast && isTraining()) {
        const TrainProgress& p = m_last;
        if (p.phase == TrainPhase::Loading) {
            m_progress->setRange(0, 0);
            m_rate->setText(QString::fromStdString(p.message));
        } else {
            m_progress->setRange(0, int(std::min<int64_t>(p.totalSteps, INT32_MAX)));
            m_progress->setValue(int(std::min<int64_t>(p.step, INT32_MAX)));
            showTrainingRate();
        }
    }
    refreshCharts();
    const QString summary = trainingSummary();
    if (summary != m_summary) {
        m_summary = summary;
        Q_EMIT trainingSummaryChanged(summary);
    }
}

QString TrainingPage::trainingSummary() const {
    const QString live = m_library->model()->liveRun();
    if (!isTraining() || live.isEmpty()) return {};
    const QString name = runDisplayName(live);
    if (!m_hasLast || m_last.phase == TrainPhase::Loading) return "Training " + name + ": loading";
    QString text = QString("Training %1: step %2 / %3").arg(name).arg(m_last.step).arg(m_last.totalSteps);
    if (m_runner->isPaused()) text += " (paused)";
    if (m_hasLastTraining)
        text += QString(" · %1 configs/s · ETA %2")
                    .arg(m_lastTraining.configsPerSecond, 0, 'f', 0)
                    .arg(duration(m_lastTraining.etaSeconds));
    return text;
}

void TrainingPage::checkLossTrend() {
    const RunCurves* curves = m_library->curves(m_library->model()->liveRun());
    if (!curves || !isLossFlat(curves->points(CurveMetric::SmoothedLoss))) return;
    m_advice->addWarning(
        "The training loss is flat: it moved by less than 1 % over the last half of the run and "
        "is where it began. The model is not learning: try another learning rate or loss, and "
        "check that the configs differ.");
}

void TrainingPage::validateOnHeldOutConfigs() {
    auto* field = qobject_cast<QDoubleSpinBox*>(m_form->field("holdout_configs"));
    if (!field) return;
    field->setValue(0.1);
    showStatus("Held-out configs set to 10 %: the next run validates on configs of its train "
               "graphs that it never trains on. Start it when ready.");
}

void TrainingPage::showTrainingRate() {
    if (!m_hasLastTraining) return;
    const TrainProgress& p = m_lastTraining;
    m_rate->setText(QString("epoch %1 · %2 configs/s · loss %3 · lr %4 · ETA %5")
                        .arg(p.epoch + 1)
                        .arg(p.configsPerSecond, 0, 'f', 0)
                        .arg(p.loss, 0, 'g', 4)
                        .arg(p.lr, 0, 'g', 3)
                        .arg(duration(p.etaSeconds)));
}

void TrainingPage::refreshCharts() {
    // The live run and the runs ticked for overlay.
    RunListModel* runs = m_library->model();
    QList<ShownRun> shown;
    quint64 revision = 0;
    for (int row = 0; row < runs->rowCount(); ++row) {
        const QString dir = QDir::cleanPath(runs->runDir(row));
        const RunCurves* c = curves(dir);
        if (!c || !(runs->isChecked(row) || dir == runs->liveRun())) continue;
        const RunInfo& info = runs->run(row);
        const int64_t total = info.totalSteps > 0 ? info.totalSteps : info.options.steps;
        shown.append(ShownRun{runDisplayName(dir), runColor(row), c,
                              collectionKind(info.options.collection) == GraphKind::Layout,
                              double(std::max<int64_t>(1, total))});
        revision += c->revision() + quint64(row) * 1000003u;
    }
    if (!m_chartsDirty && revision == m_chartRevision) return;
    m_chartRevision = revision;
    m_chartsDirty = false;
    m_charts->showRuns(shown);
}

void TrainingPage::updateButtons() {
    const bool running = isTraining();
    m_start->setEnabled(!running);
    m_pause->setEnabled(m_runner->isRunning());
    m_stop->setEnabled(running);
    m_pause->setText(m_runner->isPaused() ? "Resume" : "Pause");
    m_form->setEnabled(!running);
    if (!running) m_progress->setRange(0, std::max(1, m_progress->maximum()));
}

void TrainingPage::showStatus(const QString& text, bool error) {
    m_status->showMessage(text, error);
}

bool TrainingPage::openRun(const QString& runDir) {
    try {
        m_library->open(runDir);
        m_panel->selectRun(QDir::cleanPath(runDir));
        return true;
    } catch (const std::exception& e) {
        showStatus(QString::fromStdString(e.what()), true);
        return false;
    }
}

void TrainingPage::openRunDialog() {
    const QString dir = QFileDialog::getExistingDirectory(this, "Open Run");
    if (!dir.isEmpty() && openRun(dir)) showStatus("Opened run " + dir);
}

void TrainingPage::followRun(const QString& runDir) {
    m_library->follow(runDir);
    showStatus("Following " + QDir::cleanPath(runDir) + ": its curves grow with its files");
}

void TrainingPage::followRunDialog() {
    const QString dir = QFileDialog::getExistingDirectory(this, "Follow a Run Directory");
    if (!dir.isEmpty()) followRun(dir);
}

void TrainingPage::saveRunAsDialog() {
    const QString from = m_panel->selectedRun();
    if (from.isEmpty()) return showStatus("Select a run to save first.", true);
    if (from == runs()->liveRun()) return showStatus("Stop the run before saving a copy.", true);
    const QString to = QFileDialog::getSaveFileName(this, "Save Run As", from + "-copy");
    if (to.isEmpty()) return;
    const QString error = copyRunDirectory(from, to);
    if (!error.isEmpty()) return showStatus(error, true);
    if (openRun(to)) showStatus("Saved a copy of the run as " + to);
}

}  // namespace tpugraphs::ui
