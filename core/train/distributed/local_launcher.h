// `tpugraphs train --ranks N` on one machine: runs N worker processes of `program` (this
// process's command line, less --ranks) as ranks 0..N-1, set up the way torchrun's static
// rendezvous does it: this process hosts the store on a free port and gives each worker RANK,
// WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE, MASTER_ADDR, MASTER_PORT and
// TORCHELASTIC_USE_AGENT_STORE=True. Plain interface (Linux: fork/exec, /proc/self).
#pragma once

#include <string>
#include <vector>

namespace tpugraphs {

struct LocalWorkersResult {
    bool stopped = false;               // Ctrl-C (SIGINT) or SIGTERM was passed on to the workers
    std::vector<std::string> failures;  // one line per worker that did not exit with 0
};

// Starts the workers and waits for all of them. SIGINT and SIGTERM received meanwhile are
// passed on to every worker as SIGINT (they stop after the same step, keeping the last
// checkpoint). When a worker fails, the others stop by themselves (a dead rank is noticed at
// once, a hung one within `timeoutSeconds`); those still running `timeoutSeconds` + 30 s later
// are killed. SIGPIPE is ignored from then on. Throws std::runtime_error when the store or a
// process cannot be started.
// `program` is the CLI itself (app/ passes it).
LocalWorkersResult runLocalWorkers(const std::string& program, int workers, int timeoutSeconds);

}  // namespace tpugraphs
