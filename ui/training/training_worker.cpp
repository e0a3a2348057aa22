// Runs tpugraphs::train on the worker thread.
#include "training/training_worker.h"

#include <exception>

#include "train/trainer.h"

namespace tpugraphs::ui {

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

void TrainingWorker::run(int jobId, const tpugraphs::TrainOptions& options) {
    m_cancel = false;
    try {
        const TrainResult result = train(
            options,
            [this, jobId](const TrainProgress& p) {
                Q_EMIT progress(jobId, p);
                if (p.phase != TrainPhase::Finished) waitWhilePaused();
            },
            &m_cancel);
        Q_EMIT finished(jobId, QString::fromUtf8(runStatusName(result.status)), result.steps);
    } catch (const std::exception& e) {
        Q_EMIT failed(jobId, QString::fromStdString(e.what()));
    }
}

}  // namespace tpugraphs::ui
