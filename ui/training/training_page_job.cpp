// The training page's job: starting (fresh or resumed), pausing, stopping, its progress reports
// (progress bar, rate and validation lines, notes and advice) and its end.
#include <QDir>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>

#include <climits>
#include <exception>

#include "base/number_text.h"
#include "common/status_line.h"
#include "item_models/run_list_model.h"
#include "training/elided_label.h"
#include "training/loss_trend.h"
#include "training/notes_log.h"
#include "training/prestart_check.h"
#include "training/run_advice.h"
#include "training/run_curves.h"
#include "training/run_library.h"
#include "training/runs_panel.h"
#include "training/training_form.h"
#include "training/training_job.h"
#include "training/training_page.h"

namespace tpugraphs::ui {

namespace {

const char* const kRunningFormat = "%v / %m steps";

// Every metric of the validation's kind, in the metric table's order and format.
QString validationText(const EvalMetrics& v) {
    QStringList parts;
    for (const MetricSpec& spec : kMetricTable)
        if (spec.appliesTo(v.kind))
            parts << QString("%1 %2").arg(
                spec.label, QString::fromStdString(metricText(spec, metricValue(v, spec))));
    return parts.join(" · ");
}

int clampedInt(int64_t value) {
    return int(std::clamp<int64_t>(value, 0, INT_MAX));
}

}  // namespace

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
    m_form->remember();
    startWith(options);
}

void TrainingPage::startTrainingChecked() {
    TrainOptions options;
    try {
        options = m_form->options();
    } catch (const std::exception& e) {
        return showStatus(QString::fromStdString(e.what()), true);
    }
    // A resume continues a run as it was planned: only a new run is checked.
    if (!isRunDirectory(options.runDir) && !confirmStart(&options)) return;
    startTraining();
}

bool TrainingPage::confirmStart(TrainOptions* options) {
    const QList<StartProblem> problems = startProblems(*options, splitGraphCount(*options, "train"),
                                                       splitGraphCount(*options, "valid"));
    if (problems.isEmpty()) return true;
    QStringList texts, fixes;
    for (const StartProblem& p : problems) {
        texts << p.text;
        fixes << p.fix;
    }
    QMessageBox box(QMessageBox::Warning, "Before This Run Starts", texts.join("\n\n"),
                    QMessageBox::NoButton, this);
    box.setObjectName("startCheck");
    QPushButton* fix = box.addButton(fixes.join(", ") + ", then Start", QMessageBox::AcceptRole);
    fix->setObjectName("startCheckFix");
    QPushButton* anyway = box.addButton("Start Anyway", QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(fix);
    box.exec();
    if (box.clickedButton() == fix) {
        for (const StartProblem& p : problems) m_form->setOption(p.key, p.value);
        *options = m_form->options();
        return true;
    }
    return box.clickedButton() == anyway;
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
    m_notes->clear();
    m_hasLast = false;
    m_hasLastTraining = false;
    m_validation->clear();
    m_progress->setFormat(kRunningFormat);
    m_progress->setRange(0, std::max(1, clampedInt(options.steps)));
    m_progress->setValue(clampedInt(info.step));
    showStatus(options.resume ? "Resuming " + dir : "Training into " + dir);
    if (m_job) m_job->deleteLater();  // the last job has ended (Start is off while one runs)
    m_job = TrainingJob::create(m_form->workers(), m_workersProgram, this);
    connect(m_job, &TrainingJob::progress, this, &TrainingPage::onProgress);
    connect(m_job, &TrainingJob::pausedChanged, this, &TrainingPage::updateButtons);
    connect(m_job, &TrainingJob::finished, this, &TrainingPage::onFinished);
    m_job->start(options);
    m_chartsDirty = true;
    updateButtons();
}

void TrainingPage::togglePause() {
    if (!m_job || !m_job->canPause()) return;
    m_job->setPaused(!m_job->isPaused());
    showStatus(m_job->isPaused() ? "Paused (training waits at its next report)" : "Running");
}

void TrainingPage::stopTraining() {
    if (!isTraining()) return;
    m_job->stop();
    showStatus("Stopping: finishing the current batch and writing last.pt...");
}

void TrainingPage::shutdown() {
    if (m_job) m_job->stopAndWait();
}

void TrainingPage::onProgress(const TrainProgress& p) {
    m_library->appendLive(p);
    const QString message = QString::fromStdString(p.message);
    if (p.note != TrainNote::None) m_notes->add(message);
    if (p.note == TrainNote::Advice) m_advice->addNote(message);
    if (p.phase == TrainPhase::Validation && p.isValidation)
        m_validation->setText("Validation @" + QString::number(p.step) + ": " +
                              validationText(p.validation) + (p.bestSoFar ? "  (best)" : ""));
    if (p.phase != TrainPhase::Validation && p.note == TrainNote::None) {
        m_last = p;
        m_hasLast = true;
    }
    if (p.phase == TrainPhase::Training) {
        m_lastTraining = p;
        m_hasLastTraining = true;
    }
}

void TrainingPage::showLiveProgress() {
    if (!m_hasLast) return;
    if (m_last.phase == TrainPhase::Loading) {
        m_progress->setRange(0, 0);
        m_rate->setFullText(QString::fromStdString(m_last.message));
        return;
    }
    m_progress->setRange(0, clampedInt(m_last.totalSteps));
    m_progress->setValue(clampedInt(m_last.step));
    showTrainingRate();
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
    m_hparamsDirty = true;
    updateButtons();
    Q_EMIT runFinished(dir, outcome);
}

void TrainingPage::showEndState(const RunInfo& info) {
    const int total = std::max(1, clampedInt(info.totalSteps));
    const int step = std::min(clampedInt(info.step), total);
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

QString TrainingPage::trainingSummary() const {
    const QString live = m_library->model()->liveRun();
    if (!isTraining() || live.isEmpty()) return {};
    const QString name = runDisplayName(live);
    if (!m_hasLast || m_last.phase == TrainPhase::Loading) return "Training " + name + ": loading";
    QString text =
        QString("Training %1: step %2 / %3").arg(name).arg(m_last.step).arg(m_last.totalSteps);
    if (m_job->isPaused()) text += " (paused)";
    if (m_hasLastTraining)
        text +=
            QString(" · %1 configs/s · ETA %2")
                .arg(m_lastTraining.configsPerSecond, 0, 'f', 0)
                .arg(QString::fromStdString(tpugraphs::durationText(m_lastTraining.etaSeconds)));
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
    m_form->setOption("holdout_configs", "0.1");
    showStatus(
        "Held-out configs set to 10 %: the next run validates on configs of its train "
        "graphs that it never trains on. Start it when ready.");
}

void TrainingPage::showTrainingRate() {
    if (!m_hasLastTraining) return;
    const TrainProgress& p = m_lastTraining;
    m_rate->setFullText(QString("epoch %1 · %2 configs/s · loss %3 · lr %4 · ETA %5")
                            .arg(p.epoch + 1)
                            .arg(p.configsPerSecond, 0, 'f', 0)
                            .arg(p.loss, 0, 'g', 4)
                            .arg(p.lr, 0, 'g', 3)
                            .arg(QString::fromStdString(tpugraphs::durationText(p.etaSeconds))));
}

}  // namespace tpugraphs::ui
