// Runs tpugraphs::train on the thread it lives on; reports values (never tensors) by signals.
// Pause is implemented here, not in core: the progress callback (on this worker thread) blocks
// on a condition variable while paused, so training halts at its next progress report.
#pragma once

#include <QObject>

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
    // Before a run is queued: clears the stop request and marks the worker busy, so that a
    // stop asked for before the run begins is kept, and waitUntilIdle() waits for the run.
    void arm();
    void requestStop();  // cancels at the next batch (also wakes a paused run)
    void setPaused(bool paused);
    bool isPaused() const;
    // Blocks until the armed run has returned (its checkpoint written); no event loop runs.
    void waitUntilIdle();

public Q_SLOTS:
    // Runs to completion on the worker thread. `jobId` is echoed in every signal. A stop asked
    // for before it begins ends it at once (Cancelled, nothing written).
    void run(int jobId, const tpugraphs::TrainOptions& options);

Q_SIGNALS:
    void progress(int jobId, const tpugraphs::TrainProgress& progress);
    void finished(int jobId, const tpugraphs::ui::RunOutcome& outcome);

private:
    void waitWhilePaused();
    void setIdle();

    std::atomic<bool> m_cancel{false};
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_paused = false;
    bool m_busy = false;
};

}  // namespace tpugraphs::ui
