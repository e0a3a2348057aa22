// Where this process sits in a data-parallel job, as its launcher says through environment
// variables: torchrun, Slurm or MPI wrappers, and `tpugraphs train --ranks N` all set RANK,
// WORLD_SIZE, MASTER_ADDR and MASTER_PORT (and LOCAL_RANK, LOCAL_WORLD_SIZE). Plain C++.
#pragma once

#include <string>

namespace tpugraphs {

struct DistributedLaunch {
    int rank = 0;
    int worldSize = 1;  // 1: train alone (no process group)
    int localRank = 0;  // rank among the processes of this machine (picks the GPU)
    int localWorldSize = 1;
    std::string masterAddr;  // host of the rendezvous store
    int masterPort = 0;
    // TORCHELASTIC_USE_AGENT_STORE=True: the launcher hosts the store (torchrun's static
    // rendezvous, `train --ranks`), so every rank connects as a client, under the key prefix
    // /worker/attempt_<TORCHELASTIC_RESTART_COUNT>; otherwise rank 0 hosts it.
    bool agentStore = false;
    int restartCount = 0;
    // A collective, or the rendezvous, that does not complete within this time fails (a hung
    // or unreachable rank); a rank that dies is noticed at once. Set by --dist-timeout.
    int timeoutSeconds = 300;

    bool distributed() const { return worldSize > 1; }
    bool owner() const { return rank == 0; }  // rank 0 owns the run directory
    // The torch device of this rank: "cuda" becomes "cuda:<localRank>" in a process group.
    std::string deviceFor(const std::string& device) const;
};

// Reads the launcher's variables. Without RANK and WORLD_SIZE: a single process. Throws
// std::invalid_argument naming the variable when one is malformed or a needed one is missing.
DistributedLaunch distributedLaunchFromEnvironment();

}  // namespace tpugraphs
