// The training-job interface and its factory.
#include "training/training_job.h"

#include <atomic>

#include "training/training_runner.h"
#include "training/workers_runner.h"

namespace tpugraphs::ui {

TrainingJob* TrainingJob::create(int workers, const QString& program, QObject* parent) {
    if (workers <= 1) return new TrainingRunner(parent);
    auto* job = new WorkersRunner(workers, parent);
    if (!program.isEmpty()) job->setProgram(program);
    return job;
}

void TrainingJob::assignJobId() {
    static std::atomic<quint64> last{0};
    m_jobId = ++last;
}

}  // namespace tpugraphs::ui
