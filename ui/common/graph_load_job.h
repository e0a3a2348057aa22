// Background load of the selected graph; a newer request supersedes an older one.
#pragma once

#include <QObject>
#include <QString>

#include <memory>

#include "data/dataset.h"

namespace tpugraphs {
struct LoadedGraph;
}

namespace tpugraphs::ui {

class JobRunner;

class GraphLoadJob : public QObject {
    Q_OBJECT
public:
    explicit GraphLoadJob(QObject* parent = nullptr);
    void start(const GraphEntry& entry);
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    void runningChanged(bool running);
    void loaded(std::shared_ptr<const tpugraphs::LoadedGraph> graph);
    void failed(const QString& path, const QString& message);

private:
    JobRunner* m_runner;
};

}  // namespace tpugraphs::ui
