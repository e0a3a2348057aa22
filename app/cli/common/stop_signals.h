// Signals that stop a long command at its next safe point: SIGINT (Ctrl-C), SIGTERM (what
// torchrun passes on, what Slurm sends before a job's time is up) and SIGHUP (a closed
// terminal). The first sets the stop flag (training then writes its checkpoint and says
// "cancelled", resumable); a second exits at once, which leaves every file whole (writes go
// through temporaries renamed into place) and the run resumable from its last checkpoint.
#pragma once

#include <atomic>

namespace tpugraphs::cli {

// Installs the handlers for the rest of the process and returns the flag the first signal
// sets (cleared here). They are never taken down: a signal that lands while a finished
// command prints its summary or while the process exits must not kill it (the default
// action of SIGTERM there turned a completed run into a crash for its caller).
const std::atomic<bool>* installStopSignals();

}  // namespace tpugraphs::cli
