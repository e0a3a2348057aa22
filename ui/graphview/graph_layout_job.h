// Runs graph scene building off the UI thread; results come back by queued signals, stale ones
// dropped.
#pragma once

#include <QFuture>
#include <QList>
#include <QObject>
#include <atomic>
#include <memory>

#include "graphview/graph_scene_builder.h"

namespace tpugraphs::ui {

class GraphLayoutJob : public QObject {
    Q_OBJECT
public:
    explicit GraphLayoutJob(QObject* parent = nullptr);
    ~GraphLayoutJob() override;  // cancels and waits for running work

    // Cancels any running job and starts a new one; returns its id.
    int start(GraphLayoutRequest request);
    void cancel();
    bool isRunning() const { return m_running; }
    int currentJob() const { return m_jobId; }

Q_SIGNALS:
    void progress(float fraction);
    void finished(std::shared_ptr<const tpugraphs::ui::GraphScene> scene, double layoutMs,
                  double totalMs);
    void failed(const QString& message);

private:
    void deliver(int jobId, std::shared_ptr<const GraphScene> scene, GraphSceneTimings timings,
                 const QString& error);

    int m_jobId = 0;
    bool m_running = false;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QList<QFuture<void>> m_futures;
};

}  // namespace tpugraphs::ui
