// Background scan of a dataset root or a single .npz file.
#include "explorer/dataset_scan_job.h"

#include <QFileInfo>

#include <exception>
#include <filesystem>
#include <stdexcept>

#include "common/job_runner.h"
#include "data/data_error.h"

namespace tpugraphs::ui {

DatasetIndex singleFileIndex(const std::string& path) {
    DatasetIndex index;
    const std::filesystem::path file = std::filesystem::absolute(path);
    index.root = file.parent_path().string();
    GraphEntry entry = describeGraphFile(file.string());
    entry.path = file.string();
    if (entry.name.empty()) entry.name = file.stem().string();
    // .../npz/<kind>/<source>[/<search>]/<split>/<file>
    const std::string splitDir = file.parent_path().filename().string();
    Split split = Split::Test;
    const bool knownSplit = parseSplit(splitDir, &split);
    if (knownSplit) entry.split = split;
    if (!entry.collection) {
        const std::string generic = file.parent_path().parent_path().generic_string();
        for (const Collection c : kCollections) {
            const std::string suffix = "/" + collectionDirectory(c);
            if (knownSplit && generic.size() >= suffix.size() &&
                generic.compare(generic.size() - suffix.size(), suffix.size(), suffix) == 0) {
                entry.collection = c;
                entry.kind = collectionKind(c);
            }
        }
        if (!entry.collection) {
            try {
                entry.kind = detectGraphKind(entry.path);
            } catch (const std::exception& e) {
                if (entry.error.empty()) entry.error = e.what();
            }
            // tile:xla is the only tile collection; a layout file stays under its kind.
            if (entry.kind == GraphKind::Tile) entry.collection = Collection::TileXla;
        }
    }
    index.graphs.push_back(entry);
    return index;
}

bool isDatasetPath(const QString& path) {
    const QFileInfo info(path);
    return info.isDir() || (info.isFile() &&
                            info.suffix().compare(QStringLiteral("npz"), Qt::CaseInsensitive) == 0);
}

DatasetScanJob::DatasetScanJob(QObject* parent) : QObject(parent), m_runner(new JobRunner(this)) {
    connect(m_runner, &JobRunner::runningChanged, this, &DatasetScanJob::runningChanged);
}

void DatasetScanJob::start(const QString& path) {
    const std::string root = path.toStdString();
    const bool singleFile = QFileInfo(path).isFile();
    const bool openable = isDatasetPath(path);
    m_runner->start([this, root, singleFile, openable](int id, const std::atomic<bool>&) {
        try {
            if (singleFile && !openable)
                throw DataError(root, "", "is not a dataset folder or a .npz graph file");
            DatasetIndex index = singleFile
                                     ? singleFileIndex(root)
                                     : scanDataset(root, [this, id](size_t done, size_t total) {
                                           m_runner->post(id, [this, done, total] {
                                               Q_EMIT progress(int(done), int(total));
                                           });
                                       });
            // A single file that cannot be read fails like a folder that is not a dataset, so
            // the dataset already open stays.
            if (singleFile && !index.graphs.front().error.empty())
                throw std::runtime_error(index.graphs.front().error);
            m_runner->post(id, [this, index = std::move(index)] { Q_EMIT scanned(index); });
        } catch (const std::exception& e) {
            const QString message = QString::fromStdString(e.what());
            m_runner->post(id, [this, message] { Q_EMIT failed(message); });
        }
    });
}

void DatasetScanJob::cancel() {
    m_runner->cancel();
}
bool DatasetScanJob::isRunning() const {
    return m_runner->isRunning();
}

}  // namespace tpugraphs::ui
