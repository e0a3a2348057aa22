// Background scan of a dataset root (npy headers only) or of a single .npz file.
#pragma once

#include <QObject>
#include <QString>

#include "data/dataset.h"

namespace tpugraphs::ui {

class JobRunner;

class DatasetScanJob : public QObject {
    Q_OBJECT
public:
    explicit DatasetScanJob(QObject* parent = nullptr);
    void start(const QString& path);  // a dataset root or one .npz
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    void runningChanged(bool running);
    void progress(int done, int total);
    void scanned(const tpugraphs::DatasetIndex& index);
    void failed(const QString& message);

private:
    JobRunner* m_runner;
};

// Whether `path` is something the scan can open: a folder (whether it is a dataset root is the
// scan's to say) or a .npz file.
bool isDatasetPath(const QString& path);

// An index holding one .npz; its collection and split come from the path when it follows the
// official layout (".../npz/layout/nlp/default/test/x.npz"), else from the file's kind.
DatasetIndex singleFileIndex(const std::string& path);

}  // namespace tpugraphs::ui
