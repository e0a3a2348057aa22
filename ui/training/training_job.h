// One training job as the training page sees it, whatever runs it: start, pause where the
// back-end supports it, stop, progress reports, the outcome as a type, and a job id. Behind it:
// TrainingRunner (a thread of this program; pausable) and WorkersRunner (data-parallel worker
// processes of the CLI, followed through the run's files; no pause: the ranks would time out
// waiting for each other). create() picks the back-end; the page knows only this interface.
#pragma once

#include <QObject>
#include <QString>

#include "training/training_metatypes.h"

namespace tpugraphs::ui {

class TrainingJob : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // A job on `workers` ranks: 1 trains on a thread of this program; more run the CLI
    // `program` (empty: `tpugraphs` beside this program) as that many worker processes.
    static TrainingJob* create(int workers, const QString& program, QObject* parent);

    // Starts a run (fresh or resume, per options.resume); false while one is running.
    virtual bool start(const TrainOptions& options) = 0;
    virtual bool canPause() const { return false; }
    virtual void setPaused(bool /*paused*/) {}
    virtual bool isPaused() const { return false; }
    // Asks the run to stop at its next step, keeping its last checkpoint.
    virtual void stop() = 0;
    // Stops and blocks until the run has written its last checkpoint (the window closing).
    virtual void stopAndWait() = 0;
    virtual bool isRunning() const = 0;
    // The id of the job started last (unique in this program); 0 before the first start.
    quint64 jobId() const { return m_jobId; }

Q_SIGNALS:
    void progress(const tpugraphs::TrainProgress& progress);
    void pausedChanged(bool paused);
    void finished(const QString& runDir, const tpugraphs::ui::RunOutcome& outcome);

protected:
    void assignJobId();

private:
    quint64 m_jobId = 0;
};

}  // namespace tpugraphs::ui
