// One lane of background work with cancellation and stale-result dropping.
#include "common/job_runner.h"

#include <QMetaObject>
#include <QtConcurrent/QtConcurrentRun>

namespace tpugraphs::ui {

JobRunner::JobRunner(QObject* parent) : QObject(parent) {}

JobRunner::~JobRunner() {
    if (m_cancel) m_cancel->store(true);
    m_current.store(-1);
    for (auto& future : m_futures) future.waitForFinished();
}

int JobRunner::start(Work work) {
    cancel();
    m_futures.erase(std::remove_if(m_futures.begin(), m_futures.end(),
                                   [](const QFuture<void>& f) { return f.isFinished(); }),
                    m_futures.end());
    const int id = m_current.load() + 1;
    m_current.store(id);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto flag = m_cancel;
    m_futures.append(QtConcurrent::run([this, id, flag, work = std::move(work)] {
        work(id, *flag);
        post(id, [this] { setRunning(false); });
    }));
    setRunning(true);
    return id;
}

void JobRunner::post(int jobId, std::function<void()> fn) {
    QMetaObject::invokeMethod(
        this,
        [this, jobId, fn = std::move(fn)] {
            if (jobId == m_current.load()) fn();
        },
        Qt::QueuedConnection);
}

void JobRunner::finish(int jobId, std::function<void()> fn) {
    post(jobId, [this, fn = std::move(fn)] {
        setRunning(false);
        fn();
    });
}

void JobRunner::cancel() {
    if (m_cancel) m_cancel->store(true);
    m_current.fetch_add(1);  // results of the cancelled run are now stale
    setRunning(false);
}

void JobRunner::setRunning(bool running) {
    if (running == m_running) return;
    m_running = running;
    Q_EMIT runningChanged(running);
}

}  // namespace tpugraphs::ui
