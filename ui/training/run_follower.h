// Follows a run directory as its files grow, the way TensorBoard follows remote logs: polls
// history.csv and state.json (of a local run, or of one trained on a cluster into a mounted or
// synced folder), reads them off the UI thread when they changed, and says which history rows
// are new.
#pragma once

#include <QObject>
#include <QString>
#include <QTimer>

#include "common/job_runner.h"
#include "train/run_directory.h"

namespace tpugraphs::ui {

class RunFollower : public QObject {
    Q_OBJECT
public:
    // Starts polling `runDir` every `intervalMs` (the first read at once).
    explicit RunFollower(const QString& runDir, int intervalMs = 1000, QObject* parent = nullptr);
    ~RunFollower() override;  // waits for a read in flight

    QString runDir() const { return m_dir; }
    // The run as last read (empty history before the first successful read).
    const RunInfo& run() const { return m_run; }

Q_SIGNALS:
    // run() changed. Its history rows from `from` on are new; `rewritten`: earlier rows changed
    // too (a resume dropped rows past its checkpoint), so the whole history is to be redrawn.
    void changed(int from, bool rewritten);
    // The directory cannot be read as a run (yet, or any more); said once per new message.
    void unreadable(const QString& message);

private:
    struct Read {
        QString signature;  // sizes and times of the files: unchanged means nothing to read
        bool hasRun = false;
        RunInfo run;
        QString error;
    };
    static Read read(const QString& dir, const QString& lastSignature);
    void poll();
    void onRead(Read result);

    QString m_dir;
    QTimer m_timer;
    QString m_signature, m_error;
    RunInfo m_run;
    JobRunner m_reader;  // last: destroyed (waiting for a read in flight) before the rest
};

}  // namespace tpugraphs::ui
