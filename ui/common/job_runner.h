// One lane of background work: runs a function off the UI thread, delivers its results on the
// UI thread, cancels the previous run when a new one starts and drops results of stale runs.
#pragma once

#include <QFuture>
#include <QList>
#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

namespace tpugraphs::ui {

class JobRunner : public QObject {
    Q_OBJECT
public:
    using Work = std::function<void(int jobId, const std::atomic<bool>& cancel)>;

    explicit JobRunner(QObject* parent = nullptr);
    ~JobRunner() override;  // cancels and waits for work still running

    // Cancels the current job (without waiting) and starts `work` on a pool thread.
    int start(Work work);
    // Thread-safe: runs `fn` on the UI thread later, unless job `jobId` has been superseded.
    void post(int jobId, std::function<void()> fn);
    // The same for a job's last result: the runner reports the job no longer running before
    // `fn` runs, so handlers of that result see isRunning() false.
    void finish(int jobId, std::function<void()> fn);
    void cancel();
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void runningChanged(bool running);

private:
    void setRunning(bool running);

    std::atomic<int> m_current{0};
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QList<QFuture<void>> m_futures;
    bool m_running = false;
};

}  // namespace tpugraphs::ui
