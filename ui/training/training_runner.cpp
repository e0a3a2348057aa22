// Owns the training thread and its worker.
#include "training/training_runner.h"

#include "training/training_worker.h"

namespace tpugraphs::ui {

TrainingRunner::TrainingRunner(QObject* parent)
    : TrainingJob(parent), m_worker(new TrainingWorker) {
    qRegisterMetaType<tpugraphs::TrainProgress>();
    qRegisterMetaType<tpugraphs::TrainOptions>();
    qRegisterMetaType<tpugraphs::ui::RunOutcome>();
    m_thread.setObjectName("training");
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &TrainingWorker::progress, this, &TrainingRunner::onProgress);
    connect(m_worker, &TrainingWorker::finished, this, &TrainingRunner::onFinished);
    m_thread.start();
}

TrainingRunner::~TrainingRunner() {
    m_worker->requestStop();
    m_thread.quit();
    m_thread.wait();
}

bool TrainingRunner::start(const TrainOptions& options) {
    if (m_running) return false;
    m_options = options;
    m_running = true;
    m_paused = false;
    m_worker->setPaused(false);
    m_worker->arm();
    const int job = ++m_job;
    assignJobId();
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, job, options] { worker->run(job, options); },
        Qt::QueuedConnection);
    return true;
}

void TrainingRunner::setPaused(bool paused) {
    if (!m_running || paused == m_paused) return;
    m_paused = paused;
    m_worker->setPaused(paused);
    Q_EMIT pausedChanged(paused);
}

void TrainingRunner::stop() {
    if (!m_running) return;
    m_worker->requestStop();
    if (m_paused) {
        m_paused = false;
        Q_EMIT pausedChanged(false);
    }
}

void TrainingRunner::stopAndWait() {
    if (!m_running) return;
    stop();
    m_worker->waitUntilIdle();
    m_running = false;
}

void TrainingRunner::onProgress(int jobId, const TrainProgress& progress) {
    if (jobId == m_job) Q_EMIT this->progress(progress);
}

void TrainingRunner::onFinished(int jobId, const RunOutcome& outcome) {
    if (jobId != m_job) return;
    m_running = false;
    Q_EMIT finished(QString::fromStdString(m_options.runDir), outcome);
}

}  // namespace tpugraphs::ui
