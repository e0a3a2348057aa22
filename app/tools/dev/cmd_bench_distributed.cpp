// `tpugraphs bench distributed`: data-parallel training throughput on this machine. Trains the
// layout demo (or --dataset) with 1, 2, ... local workers (`train --ranks N`, every worker
// with the same intra-op threads), then 1 worker again, and prints configs/s and the efficiency
// X / (N x one worker's configs/s, the mean of the first and last runs), with what the
// collectives cost per step.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include "base/core_count.h"
#include "base/file_tree.h"
#include "base/program_path.h"
#include "bench_registry.h"
#include "common/cli_options.h"
#include "common/command_registry.h"
#include "common/table_printer.h"
#include "synth/generator.h"
#include "train/run_directory.h"

namespace {

using namespace tpugraphs;
namespace fs = std::filesystem;

struct DistributedBenchArgs {
    std::string dataset, keep;
    std::optional<Collection> collection = Collection::LayoutXlaDefault;
    std::vector<int> workers{1, 2};
    int threads = 0;  // per worker; 0 = cores / the largest worker count
    int steps = 60, batchGraphs = 8;
};

struct DistributedMeasured {
    double configsPerSecond = 0;
    std::string collectives;  // rank 0's "collectives per step" line, without its label
};

std::string loadAverage() {
    std::ifstream in("/proc/loadavg");
    std::string oneMinute;
    in >> oneMinute;
    return oneMinute;
}

// Runs `tpugraphs --threads T train [--ranks N] ...` into `runDir`; the mean configs/s of its
// history after the first report (warm-up).
DistributedMeasured measure(const DistributedBenchArgs& a, const std::string& root, int workers,
                            int threads, const std::string& runDir) {
    removeTree(runDir);
    const int logEvery = std::max(1, a.steps / 6);
    std::string command =
        programBeside("tpugraphs") + " --threads " + std::to_string(threads) +
        " train --dataset '" + root + "' --collection " + collectionName(*a.collection) +
        " --run-dir '" + runDir + "'" + " --steps " + std::to_string(a.steps) + " --batch-graphs " +
        std::to_string(a.batchGraphs) + " --log-every " + std::to_string(logEvery) +
        " --validate-every " + std::to_string(a.steps) + " --max-valid-graphs 1";
    if (workers > 1) command += " --ranks " + std::to_string(workers);
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    if (!pipe) throw std::runtime_error("cannot run: " + command);
    std::string output;
    char buffer[512];
    while (fgets(buffer, sizeof buffer, pipe)) output += buffer;
    if (pclose(pipe) != 0) throw std::runtime_error("training failed: " + command + "\n" + output);

    DistributedMeasured m;
    const std::string label = "collectives per step: ";
    const auto at = output.find(label);
    if (at != std::string::npos)
        m.collectives = output.substr(at + label.size(), output.find('\n', at) - at - label.size());
    int windows = 0;
    for (const TrainProgress& p : loadRunInfo(runDir).history) {
        if (p.isValidation || p.step <= logEvery) continue;
        m.configsPerSecond += p.configsPerSecond;
        ++windows;
    }
    if (windows) m.configsPerSecond /= windows;
    return m;
}

void runDistributedBench(const DistributedBenchArgs& a) {
    const Collection collection = *a.collection;
    const fs::path scratch =
        a.keep.empty() ? fs::temp_directory_path() / ("tpugraphs-bench-distributed-" +
                                                      std::to_string(std::random_device{}()))
                       : fs::path(a.keep);
    fs::create_directories(scratch);
    std::string root = a.dataset;
    if (root.empty()) {
        root = (scratch / "demo").string();
        std::cout << "generating " << root << " ..." << std::endl;
        GeneratorOptions options;
        options.collections = {collection};
        options.splits = {Split::Train, Split::Valid};
        generateDataset(root, options);
    }
    int most = 1;
    for (int n : a.workers) most = std::max(most, n);
    const int cores = coresFor(CorePolicy::AllCores);
    const int threads = a.threads > 0 ? a.threads : coresFor(CorePolicy::SharedEvenly, most);
    std::cout << collectionName(collection) << ", " << a.batchGraphs
              << " graphs per step over all workers, " << a.steps << " steps, " << threads
              << " intra-op thread(s) per worker, " << cores << " cores; load average "
              << loadAverage() << std::endl;
    // The one-worker baseline is measured first and again last, and its mean is the baseline:
    // the host's speed drifts over the minutes the runs take, and a baseline from one end alone
    // moved the efficiency by up to 0.2.
    std::vector<DistributedMeasured> measured;
    for (int workers : a.workers) {
        measured.push_back(measure(a, root, workers, threads, (scratch / "run").string()));
        std::cout << "  measured " << workers << " worker(s): "
                  << cli::TablePrinter::number(measured.back().configsPerSecond, 0) << " configs/s"
                  << std::endl;
    }
    double single = 0;
    std::string baseline;
    if (a.workers.front() == 1) {
        single = measured.front().configsPerSecond;
        if (a.workers.size() > 1) {
            const double again =
                measure(a, root, 1, threads, (scratch / "run").string()).configsPerSecond;
            baseline = "  (the mean of " + cli::TablePrinter::number(single, 0) + " first and " +
                       cli::TablePrinter::number(again, 0) + " last)";
            single = (single + again) / 2;
        }
    }
    for (size_t i = 0; i < a.workers.size(); ++i) {
        const int workers = a.workers[i];
        const DistributedMeasured& m = measured[i];
        const double rate = workers == 1 && single > 0 ? single : m.configsPerSecond;
        std::cout << "workers " << workers << "  configs/s " << cli::TablePrinter::number(rate, 0)
                  << "  efficiency "
                  << (single > 0 ? cli::TablePrinter::number(rate / (workers * single), 2)
                                 : std::string("-"))
                  << (workers == 1 ? baseline : "")
                  << (m.collectives.empty() ? "" : "  collectives/step " + m.collectives)
                  << std::endl;
    }
    std::cout << "load average " << loadAverage() << std::endl;
    if (a.keep.empty()) removeTree(scratch);
}

void setupBenchDistributed(CLI::App& app) {
    auto a = std::make_shared<DistributedBenchArgs>();
    auto* cmd = cli::benchCommand(app)->add_subcommand(
        "distributed", "Data-parallel training throughput with 1, 2, ... local workers");
    cmd->add_option("--ranks,--workers", a->workers,
                    "Rank counts to measure (1 first: the baseline; --workers: its old name)")
        ->delimiter(',')
        ->capture_default_str();
    cli::addDatasetOption(*cmd, &a->dataset, "default: generate the demo in a temp folder");
    cli::addCollectionOption(*cmd, &a->collection, "to train on; default layout:xla:default");
    cmd->add_option("--steps", a->steps, "Training steps per measurement")->capture_default_str();
    cmd->add_option("--batch-graphs", a->batchGraphs, "Graphs per step over all workers")
        ->capture_default_str();
    cmd->add_option("--threads-per-worker", a->threads,
                    "Intra-op threads of every worker (0 = cores / the largest worker count)")
        ->capture_default_str();
    cmd->add_option("--keep", a->keep, "Keep the generated data and runs in this folder");
    cmd->callback([a] { runDistributedBench(*a); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupBenchDistributed);
