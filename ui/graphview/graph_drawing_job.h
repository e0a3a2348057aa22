// Runs graph scene building off the UI thread on a JobRunner: progress and the finished scene
// come back as signals on the UI thread, results of a superseded or cancelled drawing dropped.
#pragma once

#include <QObject>
#include <QString>
#include <memory>

#include "graphview/graph_scene_builder.h"

namespace tpugraphs::ui {

class JobRunner;

class GraphDrawingJob : public QObject {
    Q_OBJECT
public:
    explicit GraphDrawingJob(QObject* parent = nullptr);

    // Cancels any running drawing and starts a new one; returns its id.
    int start(GraphSceneRequest request);
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    void progress(float fraction);
    void finished(std::shared_ptr<const tpugraphs::ui::GraphScene> scene, double drawingMs,
                  double totalMs);
    void failed(const QString& message);

private:
    JobRunner* m_runner;
};

}  // namespace tpugraphs::ui
