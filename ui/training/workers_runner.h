// A training run on N local worker processes (data-parallel ranks): the `tpugraphs` CLI next to
// this program runs `train --options FILE --workers N` (or `--resume DIR --workers N`), and the
// run directory is followed for progress. The same signals as TrainingRunner; no pause (the
// ranks would time out waiting for each other).
#pragma once

#include <QObject>
#include <QProcess>
#include <QString>
#include <QTemporaryFile>

#include <memory>

#include "training/training_metatypes.h"

namespace tpugraphs::ui {

class RunFollower;

class WorkersRunner : public QObject {
    Q_OBJECT
public:
    explicit WorkersRunner(QObject* parent = nullptr);
    ~WorkersRunner() override;  // stops the workers and waits (last.pt is written)

    // The CLI to run (default: `tpugraphs` in this program's directory).
    void setProgram(const QString& path) { m_program = path; }
    // Starts a run (fresh or resume, per options.resume) on `workers` processes. Ignored while
    // one is running. A resume passes the options a resume may change (the others are the
    // run's own).
    bool start(const TrainOptions& options, int workers);
    // Ctrl-C to the workers: they stop after the same step, keeping the last checkpoint.
    void stop();
    void stopAndWait();
    bool isRunning() const { return m_process.state() != QProcess::NotRunning; }

Q_SIGNALS:
    void progress(const tpugraphs::TrainProgress& progress);
    void finished(const QString& runDir, const tpugraphs::ui::RunOutcome& outcome);

private:
    void onChanged(int from, bool rewritten);
    void onExited(int exitCode, QProcess::ExitStatus status);
    void emitRows(int from);

    QString m_program;
    QProcess m_process;
    std::unique_ptr<QTemporaryFile> m_optionsFile;
    std::unique_ptr<RunFollower> m_follower;
    QString m_runDir;
    int m_emitted = 0;  // history rows reported (or known before the start)
};

}  // namespace tpugraphs::ui
