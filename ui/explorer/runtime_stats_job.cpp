// Background job computing each graph's runtime statistics, reported graph by graph.
#include "explorer/runtime_stats_job.h"

#include <exception>

#include "analysis/loaded_graph.h"
#include "common/job_runner.h"

namespace tpugraphs::ui {

RuntimeStatsJob::RuntimeStatsJob(QObject* parent) : QObject(parent), m_runner(new JobRunner(this)) {
    connect(m_runner, &JobRunner::runningChanged, this, &RuntimeStatsJob::runningChanged);
}

void RuntimeStatsJob::start(const DatasetIndex& index) {
    m_runner->start([this, graphs = index.graphs](int id, const std::atomic<bool>& cancel) {
        const int total = static_cast<int>(graphs.size());
        for (int i = 0; i < total && !cancel.load(); ++i) {
            if (!graphs[size_t(i)].error.empty()) continue;
            RuntimeStats stats;
            try {
                stats = computeRuntimeStats(loadGraph(graphs[size_t(i)], false));
            } catch (const std::exception& e) {
                stats.computed = true;
                stats.error = e.what();
            }
            m_runner->post(id, [this, i, total, stats] {
                Q_EMIT statsAvailable(i, stats);
                Q_EMIT progress(i + 1, total);
            });
        }
        if (!cancel.load()) m_runner->post(id, [this] { Q_EMIT finished(); });
    });
}

void RuntimeStatsJob::cancel() {
    m_runner->cancel();
}
bool RuntimeStatsJob::isRunning() const {
    return m_runner->isRunning();
}

}  // namespace tpugraphs::ui
