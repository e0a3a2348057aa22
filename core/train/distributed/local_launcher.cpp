// Local worker processes of one data-parallel run, started like torchrun starts them.
#include "train/distributed/local_launcher.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include "base/child_process.h"

#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace tpugraphs {

namespace {

volatile std::sig_atomic_t g_stopSignals = 0;
void onStopSignal(int) {
    g_stopSignals = g_stopSignals + 1;
}

// This process's arguments (without the program), less --ranks (or its deprecated alias
// --workers) and its value.
std::vector<std::string> workerArguments() {
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    std::vector<std::string> all;
    std::string argument;
    while (std::getline(in, argument, '\0')) all.push_back(argument);
    std::vector<std::string> kept;
    for (size_t i = 1; i < all.size(); ++i) {
        if (all[i] == "--ranks" || all[i] == "--workers") {
            ++i;
            continue;
        }
        if (all[i].rfind("--ranks=", 0) != 0 && all[i].rfind("--workers=", 0) != 0)
            kept.push_back(all[i]);
    }
    return kept;
}

// This process's environment with the launcher's variables of `rank` in place of any
// inherited ones.
std::vector<std::string> workerEnvironment(int rank, int workers, int port) {
    const std::vector<std::pair<std::string, std::string>> launch = {
        {"RANK", std::to_string(rank)},
        {"LOCAL_RANK", std::to_string(rank)},
        {"WORLD_SIZE", std::to_string(workers)},
        {"LOCAL_WORLD_SIZE", std::to_string(workers)},
        {"MASTER_ADDR", "127.0.0.1"},
        {"MASTER_PORT", std::to_string(port)},
        {"TORCHELASTIC_USE_AGENT_STORE", "True"},
        {"TORCHELASTIC_RESTART_COUNT", "0"}};
    std::vector<std::string> environment;
    for (char** entry = environ; *entry; ++entry) {
        const std::string text = *entry;
        const std::string name = text.substr(0, text.find('='));
        bool replaced = false;
        for (const auto& variable : launch) replaced = replaced || variable.first == name;
        if (!replaced) environment.push_back(text);
    }
    for (const auto& [name, value] : launch) environment.push_back(name + "=" + value);
    return environment;
}

// Installs onStopSignal for SIGINT and SIGTERM while alive; restores the previous handlers.
class StopSignals {
public:
    StopSignals() {
        g_stopSignals = 0;
        struct sigaction action = {};
        action.sa_handler = onStopSignal;
        sigemptyset(&action.sa_mask);
        sigaction(SIGINT, &action, &m_previousInt);
        sigaction(SIGTERM, &action, &m_previousTerm);
    }
    ~StopSignals() {
        sigaction(SIGINT, &m_previousInt, nullptr);
        sigaction(SIGTERM, &m_previousTerm, nullptr);
    }

private:
    struct sigaction m_previousInt = {}, m_previousTerm = {};
};

}  // namespace

LocalWorkersResult runLocalWorkers(const std::string& program, int workers, int timeoutSeconds) {
    using Clock = std::chrono::steady_clock;
    // The store this process hosts must survive a worker that dies while it answers it.
    std::signal(SIGPIPE, SIG_IGN);
    c10d::TCPStoreOptions storeOptions;
    storeOptions.port = 0;  // a free port, chosen by the system
    storeOptions.isServer = true;
    storeOptions.waitWorkers = false;
    storeOptions.timeout = std::chrono::seconds(timeoutSeconds);
    const auto store = c10::make_intrusive<c10d::TCPStore>("127.0.0.1", storeOptions);

    const std::vector<std::string> arguments = workerArguments();
    StopSignals signals;
    std::map<pid_t, int> running;  // pid -> rank
    for (int rank = 0; rank < workers; ++rank) {
        ChildOptions child;
        child.environment = workerEnvironment(rank, workers, store->getPort());
        const pid_t pid = startChild(program, arguments, child);
        if (pid < 0) {
            for (const auto& worker : running) kill(worker.first, SIGKILL);
            throw std::runtime_error("cannot start worker " + std::to_string(rank) + ": " +
                                     std::strerror(errno));
        }
        running[pid] = rank;
    }

    LocalWorkersResult result;
    int forwarded = 0;
    bool deadlineSet = false, killed = false;
    Clock::time_point deadline;
    while (!running.empty()) {
        int status = 0;
        const pid_t pid = waitpid(-1, &status, WNOHANG);
        if (pid > 0 && running.count(pid)) {
            const std::string worker =
                "rank " + std::to_string(running[pid]) + " (pid " + std::to_string(pid) + ")";
            running.erase(pid);
            if (killed) {
                result.failures.push_back(worker + " did not stop within " +
                                          std::to_string(timeoutSeconds + 30) +
                                          " s after another rank failed: killed");
            } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                result.failures.push_back(worker + " " + describeExit(status));
                if (!deadlineSet)
                    deadline = Clock::now() + std::chrono::seconds(timeoutSeconds + 30);
                deadlineSet = true;
            }
            continue;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (g_stopSignals > forwarded) {
            forwarded = g_stopSignals;
            result.stopped = true;
            for (const auto& worker : running) kill(worker.first, SIGINT);
        }
        if (deadlineSet && !killed && Clock::now() > deadline) {
            killed = true;
            for (const auto& worker : running) kill(worker.first, SIGKILL);
        }
    }
    return result;
}

}  // namespace tpugraphs
