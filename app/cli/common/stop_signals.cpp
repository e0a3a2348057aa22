// Stop signals: a flag on the first, an immediate exit on the second, for the process's life.
#include "common/stop_signals.h"

#include <signal.h>
#include <unistd.h>

#include <cstring>

namespace tpugraphs::cli {

namespace {

std::atomic<bool> g_stop{false};
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

void onStopSignal(int signal) {
    if (g_stop.exchange(true)) {
        const char message[] = "\nsecond signal: exiting now (the last checkpoint is kept)\n";
        [[maybe_unused]] const ssize_t written =
            ::write(STDERR_FILENO, message, sizeof message - 1);
        ::_exit(128 + signal);
    }
    const char message[] = "\nstopping at the next safe point (again to exit at once)\n";
    [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, message, sizeof message - 1);
}

}  // namespace

const std::atomic<bool>* installStopSignals() {
    g_stop = false;
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    for (const int signal : kSignals) ::sigaction(signal, &action, nullptr);
    return &g_stop;
}

}  // namespace tpugraphs::cli
