// GraphLayoutJob: QtConcurrent worker with a per-job cancel flag and throttled progress.
#include "graphview/graph_layout_job.h"

#include <QMetaObject>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>

namespace tpugraphs::ui {

GraphLayoutJob::GraphLayoutJob(QObject* parent) : QObject(parent) {}

GraphLayoutJob::~GraphLayoutJob() {
    cancel();
    for (QFuture<void>& f : m_futures) f.waitForFinished();
}

void GraphLayoutJob::cancel() {
    if (m_cancel) m_cancel->store(true);
    m_running = false;
}

int GraphLayoutJob::start(GraphLayoutRequest request) {
    cancel();
    m_futures.erase(std::remove_if(m_futures.begin(), m_futures.end(),
                                   [](const QFuture<void>& f) { return f.isFinished(); }),
                    m_futures.end());
    const int jobId = ++m_jobId;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    auto cancelFlag = m_cancel;
    m_futures.append(QtConcurrent::run([this, jobId, cancelFlag, request = std::move(request)] {
        auto lastReported = std::make_shared<float>(-1.0f);
        LayoutControl control;
        control.cancel = cancelFlag.get();
        control.progress = [this, jobId, lastReported](float f) {
            if (f - *lastReported < 0.02f && f < 1.0f) return;
            *lastReported = f;
            QMetaObject::invokeMethod(
                this,
                [this, jobId, f] {
                    if (jobId == m_jobId && m_running) Q_EMIT progress(f);
                },
                Qt::QueuedConnection);
        };
        std::shared_ptr<const GraphScene> scene;
        GraphSceneTimings timings;
        QString error;
        try {
            scene = buildGraphScene(request, control, &timings);
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        }
        QMetaObject::invokeMethod(
            this, [this, jobId, scene, timings, error] { deliver(jobId, scene, timings, error); },
            Qt::QueuedConnection);
    }));
    return jobId;
}

void GraphLayoutJob::deliver(int jobId, std::shared_ptr<const GraphScene> scene,
                             GraphSceneTimings timings, const QString& error) {
    if (jobId != m_jobId || !m_running) return;  // stale or cancelled
    m_running = false;
    if (!error.isEmpty())
        Q_EMIT failed(error);
    else if (scene)
        Q_EMIT finished(std::move(scene), timings.layoutMs, timings.totalMs);
}

}  // namespace tpugraphs::ui
