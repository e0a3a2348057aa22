// Runs tpugraphs::train on the thread it lives on; reports values (never tensors) by signals.
// Pause is implemented here, not in core: the progress callback (on this worker thread) blocks
// on a condition variable while paused, so training halts at its next progress report.
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <mutex>

#include "training/training_metatypes.h"

namespace tpugraphs::ui {

class TrainingWorker : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // Thread-safe controls.
    void requestStop();  // cancels at the next batch (also wakes a paused run)
    void setPaused(bool paused);
    bool isPaused() const;

public Q_SLOTS:
    // Runs to completion on the worker thread. `jobId` is echoed in every signal.
    void run(int jobId, const tpugraphs::TrainOptions& options);

Q_SIGNALS:
    void progress(int jobId, const tpugraphs::TrainProgress& progress);
    // status: runStatusName of the result; steps: total steps done.
    void finished(int jobId, const QString& status, qint64 steps);
    void failed(int jobId, const QString& message);

private:
    void waitWhilePaused();

    std::atomic<bool> m_cancel{false};
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_paused = false;
};

}  // namespace tpugraphs::ui
