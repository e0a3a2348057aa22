// Stop signals: a flag on the first, an immediate exit on the second.
#include "common/stop_signals.h"

#include <signal.h>
#include <unistd.h>

#include <cstring>

namespace tpugraphs::cli {

namespace {

std::atomic<bool> g_stop{false};
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction g_previous[3];

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

StopSignals::StopSignals() {
    g_stop = false;
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < 3; ++i) ::sigaction(kSignals[i], &action, &g_previous[i]);
}

StopSignals::~StopSignals() {
    for (int i = 0; i < 3; ++i) ::sigaction(kSignals[i], &g_previous[i], nullptr);
}

const std::atomic<bool>* StopSignals::flag() const {
    return &g_stop;
}

}  // namespace tpugraphs::cli
