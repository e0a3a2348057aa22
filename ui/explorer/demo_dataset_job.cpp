// Background generation of the embedded demo dataset.
#include "explorer/demo_dataset_job.h"

#include <exception>

#include "common/job_runner.h"
#include "common/user_data_places.h"
#include "synth/generator.h"

namespace tpugraphs::ui {

DemoDatasetJob::DemoDatasetJob(QObject* parent) : QObject(parent), m_runner(new JobRunner(this)) {
    connect(m_runner, &JobRunner::runningChanged, this, &DemoDatasetJob::runningChanged);
}

QString DemoDatasetJob::demoRoot() {
    return QString::fromStdString(defaultDemoDatasetPath(userCacheFolder().toStdString()));
}

void DemoDatasetJob::start() {
    const std::string root = demoRoot().toStdString();
    m_runner->start([this, root](int id, const std::atomic<bool>& cancel) {
        try {
            if (!isGeneratedDatasetComplete(root)) {
                GeneratorOptions options;
                options.preset = GeneratorPreset::Demo;
                const auto summary = generateDataset(
                    root, options,
                    [this, id](size_t done, size_t total, const std::string&) {
                        m_runner->post(
                            id, [this, done, total] { Q_EMIT progress(int(done), int(total)); });
                    },
                    &cancel);
                if (summary.cancelled) return;
            }
            const QString path = QString::fromStdString(root);
            m_runner->post(id, [this, path] { Q_EMIT ready(path); });
        } catch (const std::exception& e) {
            const QString message = QString::fromStdString(e.what());
            m_runner->post(id, [this, message] { Q_EMIT failed(message); });
        }
    });
}

void DemoDatasetJob::cancel() {
    m_runner->cancel();
}
bool DemoDatasetJob::isRunning() const {
    return m_runner->isRunning();
}

}  // namespace tpugraphs::ui
