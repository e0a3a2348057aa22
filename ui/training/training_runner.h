// Owns the training thread and its worker: start, pause/resume, stop; drops stale reports.
#pragma once

#include <QObject>
#include <QString>
#include <QThread>

#include "training/training_metatypes.h"

namespace tpugraphs::ui {

class TrainingWorker;

class TrainingRunner : public QObject {
    Q_OBJECT
public:
    explicit TrainingRunner(QObject* parent = nullptr);
    ~TrainingRunner() override;  // stops a running job and waits (last.pt is written)

    // Starts a run (fresh or resume, per options.resume). Ignored while one is running.
    bool start(const TrainOptions& options);
    void setPaused(bool paused);
    // Asks the run to stop at its next batch; a stop right after start() is kept.
    void stop();
    // Stops and blocks until the worker has returned (its checkpoint written), without running
    // an event loop. The finished signal follows, queued.
    void stopAndWait();

    bool isRunning() const { return m_running; }
    bool isPaused() const { return m_paused; }
    const TrainOptions& options() const { return m_options; }

Q_SIGNALS:
    void started(const QString& runDir);
    void progress(const tpugraphs::TrainProgress& progress);
    void pausedChanged(bool paused);
    void finished(const QString& runDir, const tpugraphs::ui::RunOutcome& outcome);

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
