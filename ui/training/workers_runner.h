// A training run on N local worker processes (data-parallel ranks): the `tpugraphs` CLI next to
// this program runs `train --options FILE --ranks N` (or `--resume DIR --ranks N`), and the
// run directory is followed for progress. A TrainingJob without pause (the ranks would time out
// waiting for each other).
#pragma once

#include <QObject>
#include <QProcess>
#include <QString>
#include <QTemporaryFile>

#include <memory>

#include "training/training_job.h"

namespace tpugraphs::ui {

class RunFollower;

class WorkersRunner : public TrainingJob {
    Q_OBJECT
public:
    explicit WorkersRunner(int workers, QObject* parent = nullptr);
    ~WorkersRunner() override;  // stops the workers and waits (last.pt is written)

    // The CLI to run (default: `tpugraphs` in this program's directory).
    void setProgram(const QString& path) { m_program = path; }
    // Starts the run on the workers. A resume passes the options a resume may change (the
    // others are the run's own).
    bool start(const TrainOptions& options) override;
    // Ctrl-C to the workers: they stop after the same step, keeping the last checkpoint.
    void stop() override;
    void stopAndWait() override;
    bool isRunning() const override { return m_process.state() != QProcess::NotRunning; }

private:
    void onChanged(int from, bool rewritten);
    void onExited(int exitCode, QProcess::ExitStatus status);
    void emitRows(int from);

    int m_workers;
    QString m_program;
    QProcess m_process;
    std::unique_ptr<QTemporaryFile> m_optionsFile;
    std::unique_ptr<RunFollower> m_follower;
    QString m_runDir;
    int m_emitted = 0;  // history rows reported (or known before the start)
};

}  // namespace tpugraphs::ui
