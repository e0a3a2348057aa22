// A training job on a thread of this program: owns the thread and its worker; start,
// pause/resume, stop; drops the reports of a job that is no longer the current one.
#pragma once

#include <QObject>
#include <QString>
#include <QThread>

#include "training/training_job.h"

namespace tpugraphs::ui {

class TrainingWorker;

class TrainingRunner : public TrainingJob {
    Q_OBJECT
public:
    explicit TrainingRunner(QObject* parent = nullptr);
    ~TrainingRunner() override;  // stops a running job and waits (last.pt is written)

    bool start(const TrainOptions& options) override;
    bool canPause() const override { return true; }
    void setPaused(bool paused) override;
    // A stop right after start() is kept.
    void stop() override;
    // Blocks without running an event loop; the finished signal follows, queued.
    void stopAndWait() override;

    bool isRunning() const override { return m_running; }
    bool isPaused() const override { return m_paused; }
    const TrainOptions& options() const { return m_options; }

private:
    void onProgress(int jobId, const TrainProgress& progress);
    void onFinished(int jobId, const RunOutcome& outcome);

    QThread m_thread;
    TrainingWorker* m_worker;
    TrainOptions m_options;
    int m_job = 0;
    bool m_running = false;
    bool m_paused = false;
};

}  // namespace tpugraphs::ui
