// `tpugraphs train`: trains (or resumes) a cost model into a run directory, printing progress.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "base/program_path.h"
#include "common/cli_options.h"
#include "common/command_registry.h"
#include "common/stop_signals.h"
#include "common/train_report.h"
#include "train/distributed/local_launcher.h"
#include "train/option_table.h"
#include "train/trainer.h"

namespace {

using namespace tpugraphs;

struct TrainArgs {
    std::map<std::string, std::string> given;  // option key -> text, as given on the command line
    std::string resume, optionsFile;
    bool quiet = false;
    int ranks = 1;  // > 1: run that many local worker processes (data-parallel ranks)
    int distTimeout = DistributedLaunch().timeoutSeconds;
};

TrainOptions resumedOptions(const TrainArgs& a, const DistributedLaunch& launch) {
    if (a.given.count("run_dir"))
        throw std::invalid_argument("--resume names the run directory: leave out --run-dir");
    TrainOptions o;
    if (launch.owner()) {
        const RunInfo run = loadRunInfo(a.resume);
        o = resumeOptions(run.options, run.step, run.totalSteps, a.given);
    } else {
        // Ranks other than 0 may not see the run directory: they take rank 0's options.
        cli::applyTrainOptions(a.given, &o);
    }
    o.runDir = a.resume;
    o.resume = true;
    return o;
}

// --options FILE: every option from an options.json; options given on the command line win.
TrainOptions optionsFromFile(const TrainArgs& a) {
    std::ifstream in(a.optionsFile, std::ios::binary);
    if (!in) throw std::runtime_error(a.optionsFile + ": cannot open");
    std::ostringstream text;
    text << in.rdbuf();
    TrainOptions o = trainOptionsFromJson(text.str(), a.optionsFile);
    cli::applyTrainOptions(a.given, &o);
    o.resume = false;
    return o;
}

// A fresh run: the collection's defaults, then the options given.
TrainOptions freshOptions(const TrainArgs& a) {
    Collection collection = Collection::TileXla;
    if (const auto it = a.given.find("collection"); it != a.given.end())
        parseCollection(it->second, &collection);
    TrainOptions o = defaultTrainOptions(collection);
    cli::applyTrainOptions(a.given, &o);
    if (o.datasetRoot.empty()) throw CLI::RequiredError("--dataset");
    if (o.runDir.empty()) throw CLI::RequiredError("--run-dir");
    return o;
}

void trainAs(TrainArgs& a, const DistributedLaunch& launch) {
    const std::atomic<bool>* stop = cli::installStopSignals();
    const TrainOptions options = !a.resume.empty()        ? resumedOptions(a, launch)
                                 : !a.optionsFile.empty() ? optionsFromFile(a)
                                                          : freshOptions(a);
    // Rank 0 speaks for a process group; the other ranks print their errors only.
    const bool speaks = launch.owner();
    if (speaks)
        std::cout << (options.resume ? "resuming " : "training ") << modelTypeName(options.model)
                  << " on " << collectionName(options.collection) << " with "
                  << lossTypeName(options.loss) << " loss into " << options.runDir << " (device "
                  << options.device
                  << (launch.distributed()
                          ? "; rank 0 of " + std::to_string(launch.worldSize) + " ranks"
                          : "")
                  << "; Ctrl-C stops and keeps the last checkpoint)" << std::endl;
    const TrainResult result = train(
        options,
        [&](const TrainProgress& p) {
            if (!speaks || (a.quiet && p.phase == TrainPhase::Training)) return;
            std::cout << cli::formatProgress(p) << std::endl;
        },
        stop, launch);
    if (!speaks) return;
    std::cout << "run: " << result.runDir << "  status: " << runStatusName(result.status)
              << "  steps: " << result.steps << "\n";
    if (launch.distributed()) {
        char line[320];
        std::snprintf(line, sizeof line,
                      "collectives per step: %lld bytes per rank in %.2f ms, %.2f ms of it "
                      "waiting for the slowest rank (its forward and backward took %.2fx the "
                      "ranks' mean)\n",
                      static_cast<long long>(result.collectiveBytesPerStep),
                      result.collectiveSecondsPerStep * 1e3,
                      result.collectiveWaitingSecondsPerStep * 1e3, result.slowestRankOverMean);
        std::cout << line;
    }
    if (result.bestStep >= 0)
        std::cout << "best validation (step " << result.bestStep
                  << "): " << cli::formatMetrics(result.best) << "\n";
    if (result.status == RunStatus::Cancelled)
        std::cout << "stopped; continue with: tpugraphs train --resume " << result.runDir << "\n";
}

// `--ranks N`: this process starts the ranks and waits for them.
void runRanks(const TrainArgs& a) {
    if (distributedLaunchFromEnvironment().distributed())
        throw std::runtime_error(
            "--ranks starts a process group of its own: do not use it under torchrun or "
            "another launcher");
    const LocalWorkersResult result = runLocalWorkers(thisProgram(), a.ranks, a.distTimeout);
    if (!result.failures.empty()) {
        std::string lines;
        for (const std::string& failure : result.failures) lines += "\n  " + failure;
        throw std::runtime_error(std::to_string(result.failures.size()) + " of " +
                                 std::to_string(a.ranks) + " ranks failed:" + lines);
    }
    if (!result.stopped) return;
    const std::string runDir = !a.resume.empty()        ? a.resume
                               : !a.optionsFile.empty() ? optionsFromFile(a).runDir
                                                        : freshOptions(a).runDir;
    std::cout << "stopped; continue with: tpugraphs train --resume " << runDir << " --ranks "
              << a.ranks << "\n";
}

void runTrain(TrainArgs& a) {
    if (a.ranks > 1) return runRanks(a);
    DistributedLaunch launch = distributedLaunchFromEnvironment();
    launch.timeoutSeconds = a.distTimeout;
    try {
        trainAs(a, launch);
    } catch (const std::exception& e) {
        if (!launch.distributed()) throw;
        throw std::runtime_error("rank " + std::to_string(launch.rank) + ": " + e.what());
    }
}

void setupTrain(CLI::App& app) {
    auto a = std::make_shared<TrainArgs>();
    auto* cmd =
        app.add_subcommand("train", "Train a cost model (or resume a run) into a run directory");
    cli::addTrainOptionFlags(*cmd, &a->given);
    cmd->add_option("--resume", a->resume,
                    "Continue the run in this directory from its last checkpoint (options marked "
                    "'fixed on --resume' keep the run's values)");
    cmd->add_option("--options", a->optionsFile,
                    "Take every option from this options.json (a run's, or one the desktop app "
                    "writes); options given here override it");
    cmd->add_flag("--quiet", a->quiet, "Print validations and the summary only");
    cli::addRenamedCountOption(*cmd, "--ranks", "--workers", &a->ranks,
                               "Data-parallel training with N local worker processes (ranks "
                               "sharing each step's --batch-graphs); see docs/DISTRIBUTED.md",
                               1, 256);
    cmd->add_option("--dist-timeout", a->distTimeout,
                    "Seconds a rank waits for the others in a collective before the run stops "
                    "(a hung or unreachable rank; a dead one is noticed at once)")
        ->capture_default_str();
    cmd->callback([a] { runTrain(*a); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupTrain);
