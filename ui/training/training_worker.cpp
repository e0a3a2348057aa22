// Runs tpugraphs::train on the worker thread.
#include "training/training_worker.h"

#include <exception>

#include "base/background_priority.h"
#include "train/trainer.h"

namespace tpugraphs::ui {

void TrainingWorker::arm() {
    m_cancel = false;
    std::lock_guard<std::mutex> lock(m_mutex);
    m_busy = true;
}

void TrainingWorker::requestStop() {
    m_cancel = true;
    std::lock_guard<std::mutex> lock(m_mutex);
    m_paused = false;
    m_wake.notify_all();
}

void TrainingWorker::setPaused(bool paused) {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_paused = paused;
    m_wake.notify_all();
}

bool TrainingWorker::isPaused() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_paused;
}

void TrainingWorker::waitWhilePaused() {
    std::unique_lock<std::mutex> lock(m_mutex);
    m_wake.wait(lock, [this] { return !m_paused || m_cancel.load(); });
}

void TrainingWorker::waitUntilIdle() {
    std::unique_lock<std::mutex> lock(m_mutex);
    m_wake.wait(lock, [this] { return !m_busy; });
}

void TrainingWorker::setIdle() {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_busy = false;
    m_wake.notify_all();
}

void TrainingWorker::run(int jobId, const tpugraphs::TrainOptions& options) {
    // Before the first step starts LibTorch's OpenMP team on this thread: the team and the
    // loader's threads inherit the priority, and the UI thread gets a core when it wakes.
    lowerCallingThreadToBackground();
    RunOutcome outcome;
    if (m_cancel) {
        outcome.status = RunStatus::Cancelled;
    } else {
        try {
            const TrainResult result = train(
                options,
                [this, jobId](const TrainProgress& p) {
                    Q_EMIT progress(jobId, p);
                    if (p.phase != TrainPhase::Finished) waitWhilePaused();
                },
                &m_cancel);
            outcome.status = result.status;
            outcome.steps = result.steps;
        } catch (const std::exception& e) {
            outcome.status = RunStatus::Failed;
            outcome.failure = QString::fromStdString(e.what());
        }
    }
    Q_EMIT finished(jobId, outcome);
    setIdle();
}

}  // namespace tpugraphs::ui
