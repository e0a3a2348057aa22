// Background prepared-graph cache status of a dataset.
#include "explorer/prepared_cache_job.h"

#include "common/job_runner.h"

namespace tpugraphs::ui {

PreparedCacheJob::PreparedCacheJob(QObject* parent)
    : QObject(parent), m_runner(new JobRunner(this)) {}

void PreparedCacheJob::start(const DatasetIndex& index) {
    m_runner->start([this, index](int id, const std::atomic<bool>& cancel) {
        const PreparedCacheStatus status = preparedCacheStatus(index, &cancel);
        if (!cancel.load())
            m_runner->finish(id, [this, status] { Q_EMIT statusAvailable(status); });
    });
}

void PreparedCacheJob::cancel() {
    m_runner->cancel();
}

}  // namespace tpugraphs::ui
