// Liveness of a run directory: the process training it holds an advisory lock on `<run>/lock`
// (flock, released by the kernel when the process dies, even by SIGKILL) and refreshes the
// file's modification time as a heartbeat, for readers on another host (network or synced
// folders), where the lock says nothing.
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace tpugraphs {

// How often a RunLock refreshes its heartbeat, and after how long without one a run counts as
// dead where the lock cannot be asked (another host, a file system without locks).
constexpr std::chrono::seconds kRunHeartbeatInterval{30};
constexpr std::chrono::seconds kRunHeartbeatStale{180};

// Held by the process that writes a run directory (rank 0 of a process group) for as long as
// it trains. The lock file keeps its inode (it is written in place, not renamed): a new inode
// would be a new, unheld lock.
class RunLock {
public:
    // Creates or opens `<runDir>/lock`, takes it, writes "host pid" into it and starts the
    // heartbeat. Throws RunError naming the holder when another live process trains the run.
    explicit RunLock(const std::string& runDir);
    ~RunLock();  // stops the heartbeat and releases the lock
    RunLock(const RunLock&) = delete;
    RunLock& operator=(const RunLock&) = delete;

private:
    void beat();

    int m_fd = -1;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::thread m_heartbeat;
};

// True when a process is training `runDir`. On the host named in its lock file: whether a
// process holds the lock. Elsewhere, or where locks are unsupported, or for a run written
// before lock files existed: whether its lock (or state / history) file changed within
// `staleAfter`.
bool runIsAlive(const std::string& runDir, std::chrono::seconds staleAfter = kRunHeartbeatStale);

}  // namespace tpugraphs
