// Background load of the selected graph.
#include "common/graph_load_job.h"

#include <exception>

#include "analysis/loaded_graph.h"
#include "common/job_runner.h"

namespace tpugraphs::ui {

GraphLoadJob::GraphLoadJob(QObject* parent) : QObject(parent), m_runner(new JobRunner(this)) {
    connect(m_runner, &JobRunner::runningChanged, this, &GraphLoadJob::runningChanged);
}

void GraphLoadJob::start(const GraphEntry& entry) {
    m_runner->start([this, entry](int id, const std::atomic<bool>&) {
        try {
            auto graph = std::make_shared<const LoadedGraph>(loadGraph(entry));
            m_runner->post(id, [this, graph] { Q_EMIT loaded(graph); });
        } catch (const std::exception& e) {
            const QString path = QString::fromStdString(entry.path);
            const QString message = QString::fromStdString(e.what());
            m_runner->post(id, [this, path, message] { Q_EMIT failed(path, message); });
        }
    });
}

void GraphLoadJob::cancel() {
    m_runner->cancel();
}
bool GraphLoadJob::isRunning() const {
    return m_runner->isRunning();
}

}  // namespace tpugraphs::ui
