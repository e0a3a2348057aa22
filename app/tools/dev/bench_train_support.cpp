// Peak-memory probes and the timed training run of `tpugraphs bench train`.
#include "bench_train_support.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "base/file_tree.h"
#include "train/trainer.h"

namespace tpugraphs::cli {

bool resetPeakMemory() {
    std::ofstream out("/proc/self/clear_refs");
    out << "5";
    return static_cast<bool>(out);
}

double peakMemoryMiB() {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
    return 0;
}

TrainThroughput measureTraining(TrainOptions o, const std::string& runDir, OpProfiler* profiler,
                                const std::string& tracePath) {
    o.logInterval = static_cast<int>(std::max<int64_t>(1, o.steps / 4));
    o.validationInterval = static_cast<int>(o.steps);
    o.maxValidGraphs = 1;
    o.runDir = runDir;
    removeTree(runDir);
    resetPeakMemory();
    TrainThroughput m;
    int windows = 0;
    train(o, [&](const TrainProgress& p) {
        if (p.phase != TrainPhase::Training) return;
        if (profiler && p.step == o.logInterval) profiler->start();
        if (profiler && profiler->running() && p.step == o.steps) {
            m.profile = profiler->stop(tracePath);
            m.profiledSteps = o.steps - o.logInterval;
        }
        if (p.step <= o.logInterval) return;  // skip warm-up window
        m.configsPerSecond += p.configsPerSecond;
        m.graphsPerSecond += p.graphsPerSecond;
        ++windows;
    });
    if (windows) {
        m.configsPerSecond /= windows;
        m.graphsPerSecond /= windows;
    }
    if (profiler && profiler->running()) profiler->stop();  // the run ended early
    m.peakMiB = peakMemoryMiB();
    return m;
}

}  // namespace tpugraphs::cli
