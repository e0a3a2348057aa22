// Core counts by policy, from the hardware count and /proc/stat.
#include "base/core_count.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <thread>

namespace tpugraphs {

namespace {

int machineCores() {
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

// Busy and total jiffies of all cores from the first line of /proc/stat; false off Linux.
bool cpuTimes(unsigned long long* busy, unsigned long long* total) {
    std::ifstream in("/proc/stat");
    std::string cpu;
    unsigned long long user, nice, system, idle, iowait, irq, softirq, steal;
    if (!(in >> cpu >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal) ||
        cpu != "cpu")
        return false;
    *busy = user + nice + system + irq + softirq + steal;
    *total = *busy + idle + iowait;
    return true;
}

}  // namespace

double idleCores(std::chrono::milliseconds window) {
    const int cores = machineCores();
    unsigned long long busy0, total0, busy1, total1;
    if (!cpuTimes(&busy0, &total0)) return cores;
    std::this_thread::sleep_for(window);
    if (!cpuTimes(&busy1, &total1) || total1 <= total0) return cores;
    const double busyShare = double(busy1 - busy0) / double(total1 - total0);
    return std::clamp(cores * (1.0 - busyShare), 0.0, double(cores));
}

int coresFor(CorePolicy policy, int sharers) {
    const int cores = machineCores();
    switch (policy) {
        case CorePolicy::AllCores:
            return cores;
        case CorePolicy::SharedEvenly:
            return std::max(1, cores / std::max(1, sharers));
        case CorePolicy::IdleCores:
            // 100 ms: /proc/stat counts in 10 ms ticks.
            return std::clamp(
                static_cast<int>(std::lround(idleCores(std::chrono::milliseconds(100)))), 1, cores);
    }
    return cores;
}

}  // namespace tpugraphs
