// The run directory as a training run writes it (no torch): created or reopened under the run's
// lock, then its history and state kept up to date as the run goes. Rank 0 of a process group,
// or a process training alone, is the owner and writes; other ranks keep the record in memory.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "train/run_directory.h"
#include "train/run_lock.h"

namespace tpugraphs {

class RunRecorder {
public:
    // A fresh run (options.resume false) creates options.runDir, which must be empty or
    // absent, whole or not at all: format.json and options.json are written into a temporary
    // sibling folder renamed into place; then it is locked. A resume locks the directory,
    // removes temporaries a killed write left and reads the run back, refusing another model or
    // collection. Not the owner: nothing is read or written. Throws RunError (or
    // FileWriteError).
    RunRecorder(const TrainOptions& options, bool owner);

    bool owner() const { return m_owner; }
    RunInfo& info() { return m_info; }
    const RunInfo& info() const { return m_info; }
    // A resume that finds no usable checkpoint starts again from step 0: the record forgets
    // its steps, history and best validation.
    void restartFromScratch();

    // Appends a training or validation report to the history; the owner writes history.csv
    // at most every few seconds, so that followers of the directory see the curves grow.
    void record(const TrainProgress& progress);
    // Drops history rows after `step` (a resumed run's, written after its checkpoint).
    void truncateHistory(int64_t step);
    // The owner writes state.json (status, step, best) and history.csv.
    void writeState(RunStatus status);
    // The owner marks the run failed with `reason` in state.json. Returns "" when that was
    // written, else why not (the caller reports both).
    std::string markFailed(const std::string& reason);

private:
    void openFresh(const TrainOptions& options);
    void openResumed(const TrainOptions& options);

    bool m_owner;
    RunInfo m_info;
    std::unique_ptr<RunLock> m_lock;  // the owner's hold on the directory while it trains
    std::chrono::steady_clock::time_point m_historyWritten = std::chrono::steady_clock::now();
};

}  // namespace tpugraphs
