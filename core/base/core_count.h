// How many cores a piece of work takes, by named policy: the one place that asks the machine for
// its core count (std::thread::hardware_concurrency) and its idle cores (/proc/stat).
#pragma once

#include <chrono>

namespace tpugraphs {

enum class CorePolicy {
    AllCores,      // every core of the machine (at least 1)
    SharedEvenly,  // the machine's cores divided by the processes that share them (at least 1)
    IdleCores,     // the cores idle over 100 ms now, rounded (at least 1, at most all)
};

// The cores `policy` gives; `sharers` is the number of processes for SharedEvenly.
int coresFor(CorePolicy policy, int sharers = 1);

// Cores left idle by every process over `window` (from /proc/stat; all cores elsewhere).
double idleCores(std::chrono::milliseconds window);

}  // namespace tpugraphs
