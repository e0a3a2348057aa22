// Signals that stop a long command at its next safe point: SIGINT (Ctrl-C), SIGTERM (what
// torchrun passes on, what Slurm sends before a job's time is up) and SIGHUP (a closed
// terminal). The first sets the stop flag (training then writes its checkpoint and says
// "cancelled", resumable); a second exits at once, which leaves every file whole (writes go
// through temporaries renamed into place) and the run resumable from its last checkpoint.
#pragma once

#include <atomic>

namespace tpugraphs::cli {

class StopSignals {
public:
    // Installs the handlers for the lifetime of this object (one at a time); the previous
    // ones come back on destruction.
    StopSignals();
    ~StopSignals();
    StopSignals(const StopSignals&) = delete;
    StopSignals& operator=(const StopSignals&) = delete;

    // Set by the first signal; the command polls it.
    const std::atomic<bool>* flag() const;
};

}  // namespace tpugraphs::cli
