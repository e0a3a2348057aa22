// The run directory's lock and heartbeat (POSIX flock and modification times).
#include "train/run_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "train/run_directory.h"

namespace tpugraphs {

namespace fs = std::filesystem;

namespace {

// Probes hold a shared lock for microseconds: a trainer taking the lock retries this long.
constexpr auto kTakeRetry = std::chrono::milliseconds(1000);

std::string lockPath(const std::string& runDir) {
    return runDir + "/lock";
}

std::string hostName() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0) return "unknown-host";
    return name;
}

struct LockOwner {
    std::string host;
    long pid = 0;
};

LockOwner readOwner(const std::string& path) {
    LockOwner owner;
    std::ifstream in(path);
    in >> owner.host >> owner.pid;
    return owner;
}

// The lock cannot be asked on this file system (e.g. some network mounts): heartbeat only.
bool locksUnsupported(int error) {
    return error == ENOLCK || error == EOPNOTSUPP || error == ENOSYS || error == EINVAL;
}

// Whether `path` was modified within `staleAfter` of now.
bool recentlyModified(const std::string& path, std::chrono::seconds staleAfter) {
    std::error_code error;
    const auto modified = fs::last_write_time(path, error);
    return !error && fs::file_time_type::clock::now() - modified <= staleAfter;
}

}  // namespace

RunLock::RunLock(const std::string& runDir) {
    const std::string path = lockPath(runDir);
    m_fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (m_fd < 0) throw RunError(path + ": cannot open the run's lock: " + std::strerror(errno));
    const auto deadline = std::chrono::steady_clock::now() + kTakeRetry;
    while (::flock(m_fd, LOCK_EX | LOCK_NB) != 0) {
        const int error = errno;
        if (locksUnsupported(error)) break;  // the heartbeat alone tells liveness
        if (error == EWOULDBLOCK && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
            continue;
        }
        ::close(m_fd);
        const LockOwner owner = readOwner(path);
        throw RunError(runDir + ": the run is being trained by process " +
                       std::to_string(owner.pid) + " on " + owner.host +
                       " (stop it before resuming)");
    }
    const std::string text = hostName() + " " + std::to_string(::getpid()) + "\n";
    if (::ftruncate(m_fd, 0) != 0 ||
        ::pwrite(m_fd, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size())) {
        const int error = errno;
        ::close(m_fd);
        throw RunError(path + ": cannot write the run's lock: " + std::strerror(error));
    }
    m_heartbeat = std::thread([this] { beat(); });
}

RunLock::~RunLock() {
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_heartbeat.join();
    ::close(m_fd);  // releases the flock
}

void RunLock::beat() {
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_wake.wait_for(lock, kRunHeartbeatInterval, [this] { return m_stop; }))
        ::futimens(m_fd, nullptr);  // modification time = now
}

bool runIsAlive(const std::string& runDir, std::chrono::seconds staleAfter) {
    const std::string path = lockPath(runDir);
    std::error_code error;
    if (!fs::exists(path, error))  // a run of an earlier build: its files are the heartbeat
        return recentlyModified(runDir + "/state.json", staleAfter) ||
               recentlyModified(runDir + "/history.csv", staleAfter);
    if (readOwner(path).host == hostName()) {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd >= 0) {
            const bool taken = ::flock(fd, LOCK_SH | LOCK_NB) == 0;
            const int lockError = errno;
            ::close(fd);  // releases the probe's shared lock
            if (taken) return false;
            if (lockError == EWOULDBLOCK) return true;
        }
    }
    return recentlyModified(path, staleAfter);
}

}  // namespace tpugraphs
