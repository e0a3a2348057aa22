// Background job filling the runtime columns of the dataset tree: loads each graph in turn.
#pragma once

#include <QObject>

#include "analysis/runtime_stats.h"
#include "data/dataset.h"

namespace tpugraphs::ui {

class JobRunner;

class RuntimeStatsJob : public QObject {
    Q_OBJECT
public:
    explicit RuntimeStatsJob(QObject* parent = nullptr);
    void start(const DatasetIndex& index);  // skips graphs whose headers were invalid
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    void runningChanged(bool running);
    void progress(int done, int total);
    // `graph` indexes DatasetIndex::graphs of the index given to start().
    void statsAvailable(int graph, const tpugraphs::RuntimeStats& stats);
    void finished();

private:
    JobRunner* m_runner;
};

}  // namespace tpugraphs::ui
