// Background check of what the prepared-graph cache holds for the open dataset (each file's
// entry header against the file), for the dataset browser's cache line.
#pragma once

#include <QObject>

#include "data/dataset.h"
#include "prepare/prepared_cache_status.h"

namespace tpugraphs::ui {

class JobRunner;

class PreparedCacheJob : public QObject {
    Q_OBJECT
public:
    explicit PreparedCacheJob(QObject* parent = nullptr);
    void start(const DatasetIndex& index);
    void cancel();

Q_SIGNALS:
    void statusAvailable(const tpugraphs::PreparedCacheStatus& status);

private:
    JobRunner* m_runner;
};

}  // namespace tpugraphs::ui
