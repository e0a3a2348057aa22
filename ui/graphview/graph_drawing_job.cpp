// GraphDrawingJob: buildGraphScene on a JobRunner, progress throttled to 2 % steps.
#include "graphview/graph_drawing_job.h"

#include <exception>

#include "common/job_runner.h"

namespace tpugraphs::ui {

GraphDrawingJob::GraphDrawingJob(QObject* parent)
    : QObject(parent), m_runner(new JobRunner(this)) {}

int GraphDrawingJob::start(GraphSceneRequest request) {
    JobRunner* runner = m_runner;
    return runner->start([this, runner, request = std::move(request)](
                             int id, const std::atomic<bool>& cancel) {
        float lastReported = -1.0f;
        DrawingControl control;
        control.cancel = &cancel;
        control.progress = [this, runner, id, &lastReported](float f) {
            if (f - lastReported < 0.02f && f < 1.0f) return;
            lastReported = f;
            runner->post(id, [this, f] { Q_EMIT progress(f); });
        };
        try {
            GraphSceneTimings timings;
            std::shared_ptr<const GraphScene> scene = buildGraphScene(request, control, &timings);
            if (scene)
                runner->finish(id, [this, scene, timings] {
                    Q_EMIT finished(scene, timings.drawingMs, timings.totalMs);
                });
        } catch (const std::exception& e) {
            const QString message = QString::fromUtf8(e.what());
            runner->finish(id, [this, message] { Q_EMIT failed(message); });
        }
    });
}

void GraphDrawingJob::cancel() {
    m_runner->cancel();
}

bool GraphDrawingJob::isRunning() const {
    return m_runner->isRunning();
}

}  // namespace tpugraphs::ui
