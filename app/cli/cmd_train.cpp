// `tpugraphs train`: trains (or resumes) a cost model into a run directory, printing progress.
#include <CLI/CLI.hpp>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "command_registry.h"
#include "split_option.h"
#include "train/distributed/local_launcher.h"
#include "train/trainer.h"
#include "train_report.h"

namespace {

using namespace tpugraphs;

std::atomic<bool> g_stop{false};
void onInterrupt(int) {
    g_stop = true;
}

struct TrainArgs {
    TrainOptions options;
    std::string model = "late-join-sage", loss = "pairwise-hinge", optimizer = "adamw";
    std::string schedule = "cosine", readout = "node-sum", attention = "context", resume,
                collection = "tile:xla", optionsFile;
    bool keepDuplicates = false, noPrune = false, noCrossAttention = false,
         noChannelAttention = false;
    bool producersOnly = false, quiet = false, zeroLayoutPadding = false, noTileRelative = false;
    int workers = 1;  // > 1: run that many local worker processes (ranks)
    int distTimeout = DistributedLaunch().timeoutSeconds;
};

template <typename Enum>
Enum parsed(bool (*parse)(const std::string&, Enum*), const std::string& text, const char* option) {
    Enum value{};
    if (!parse(text, &value)) throw CLI::ValidationError(option, "unknown value '" + text + "'");
    return value;
}

void applyNames(const TrainArgs& a, TrainOptions& o) {
    o.collection = cli::parseCollectionOption(a.collection);
    o.model = parsed(parseModelType, a.model, "--model");
    o.loss = parsed(parseLossType, a.loss, "--loss");
    o.optimizer = parsed(parseOptimizerType, a.optimizer, "--optimizer");
    o.schedule = parsed(parseScheduleType, a.schedule, "--schedule");
    o.readout = parsed(parseLayoutReadout, a.readout, "--readout");
    o.attentionForm = parsed(parseAttentionForm, a.attention, "--attention");
    o.collapseDuplicates = !a.keepDuplicates;
    o.pruneLayout = !a.noPrune;
    o.crossConfigAttention = !a.noCrossAttention;
    o.selfChannelAttention = !a.noChannelAttention;
    o.bidirectional = !a.producersOnly;
    o.markLayoutPadding = !a.zeroLayoutPadding;
    o.tileRelativeFeatures = !a.noTileRelative;
}

TrainOptions resumedOptions(const TrainArgs& a, const CLI::App& cmd,
                            const DistributedLaunch& launch) {
    // Ranks other than 0 may not see the run directory: they take rank 0's options.
    TrainOptions o = launch.owner() ? loadRunInfo(a.resume).options : TrainOptions();
    if (cmd.count("--steps")) o.steps = a.options.steps;
    if (cmd.count("--epochs")) o.epochs = a.options.epochs;
    if (cmd.count("--device")) o.device = a.options.device;
    if (cmd.count("--dataset")) o.datasetRoot = a.options.datasetRoot;
    if (cmd.count("--patience")) o.earlyStoppingPatience = a.options.earlyStoppingPatience;
    if (cmd.count("--max-step-mb")) o.maxStepMb = a.options.maxStepMb;
    o.runDir = a.resume;
    o.resume = true;
    return o;
}

// --options FILE: every option from an options.json; --out and --dataset, when given, win.
TrainOptions optionsFromFile(const TrainArgs& a, const CLI::App& cmd) {
    std::ifstream in(a.optionsFile, std::ios::binary);
    if (!in) throw std::runtime_error(a.optionsFile + ": cannot open");
    std::ostringstream text;
    text << in.rdbuf();
    TrainOptions o = trainOptionsFromJson(text.str(), a.optionsFile);
    if (cmd.count("--out")) o.runDir = a.options.runDir;
    if (cmd.count("--dataset")) o.datasetRoot = a.options.datasetRoot;
    o.resume = false;
    return o;
}

void trainAs(TrainArgs& a, const CLI::App& cmd, const DistributedLaunch& launch) {
    TrainOptions options = a.options;
    if (!a.resume.empty()) {
        options = resumedOptions(a, cmd, launch);
    } else if (!a.optionsFile.empty()) {
        options = optionsFromFile(a, cmd);
    } else {
        if (options.datasetRoot.empty()) throw CLI::RequiredError("--dataset");
        if (options.runDir.empty()) throw CLI::RequiredError("--out");
        applyNames(a, options);
        if (!cmd.count("--model"))
            options.model = defaultModelFor(collectionKind(options.collection));
    }
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
    g_stop = false;
    // SIGTERM too: what torchrun passes on Ctrl-C, and Slurm sends before a job's time is up.
    auto previousInt = std::signal(SIGINT, onInterrupt);
    auto previousTerm = std::signal(SIGTERM, onInterrupt);
    const auto restore = [&] {
        std::signal(SIGINT, previousInt);
        std::signal(SIGTERM, previousTerm);
    };
    TrainResult result;
    try {
        result = train(
            options,
            [&](const TrainProgress& p) {
                if (!speaks || (a.quiet && p.phase == TrainPhase::Training)) return;
                std::cout << cli::formatProgress(p) << std::endl;
            },
            &g_stop, launch);
    } catch (...) {
        restore();
        throw;
    }
    restore();
    if (!speaks) return;
    std::cout << "run: " << result.runDir << "  status: " << runStatusName(result.status)
              << "  steps: " << result.steps << "\n";
    if (launch.distributed()) {
        char line[160];
        std::snprintf(line, sizeof line,
                      "collectives per step: %lld bytes per rank in %.2f ms (waiting for slower "
                      "ranks included)\n",
                      static_cast<long long>(result.collectiveBytesPerStep),
                      result.collectiveSecondsPerStep * 1e3);
        std::cout << line;
    }
    if (result.bestStep >= 0)
        std::cout << "best validation (step " << result.bestStep
                  << "): " << cli::formatMetrics(result.best) << "\n";
    if (result.status == RunStatus::Cancelled)
        std::cout << "stopped; continue with: tpugraphs train --resume " << result.runDir << "\n";
}

// `--workers N`: this process starts the ranks and waits for them.
void runWorkers(const TrainArgs& a) {
    if (distributedLaunchFromEnvironment().distributed())
        throw std::runtime_error(
            "--workers starts a process group of its own: do not use it under torchrun or "
            "another launcher");
    const LocalWorkersResult result = runLocalWorkers(a.workers, a.distTimeout);
    if (!result.failures.empty()) {
        std::string lines;
        for (const std::string& failure : result.failures) lines += "\n  " + failure;
        throw std::runtime_error(std::to_string(result.failures.size()) + " of " +
                                 std::to_string(a.workers) + " workers failed:" + lines);
    }
    if (result.stopped)
        std::cout << "stopped; continue with: tpugraphs train --resume "
                  << (a.resume.empty() ? a.options.runDir : a.resume) << " --workers " << a.workers
                  << "\n";
}

void runTrain(TrainArgs& a, const CLI::App& cmd) {
    if (a.workers > 1) return runWorkers(a);
    DistributedLaunch launch = distributedLaunchFromEnvironment();
    launch.timeoutSeconds = a.distTimeout;
    try {
        trainAs(a, cmd, launch);
    } catch (const std::exception& e) {
        if (!launch.distributed()) throw;
        throw std::runtime_error("rank " + std::to_string(launch.rank) + ": " + e.what());
    }
}

void setupTrain(CLI::App& app) {
    auto a = std::make_shared<TrainArgs>();
    TrainOptions& o = a->options;
    auto* cmd =
        app.add_subcommand("train", "Train a cost model (or resume a run) into a run directory");
    cmd->add_option("--dataset", o.datasetRoot, "Dataset root (official npz layout)");
    cmd->add_option("--collection", a->collection,
                    "Collection id, e.g. tile:xla, layout:xla:default")
        ->capture_default_str();
    cmd->add_option("--out", o.runDir, "Run directory to create (must be empty or absent)");
    cmd->add_option("--resume", a->resume,
                    "Continue the run in this directory from its last checkpoint");
    cmd->add_option("--options", a->optionsFile,
                    "Take every option from this options.json (a run's, or one the desktop app "
                    "writes); --out and --dataset override it");
    cmd->add_option("--model", a->model, "tile-mlp, late-join-sage, early-join-sage, layout-sage")
        ->capture_default_str();
    cmd->add_option("--loss", a->loss, "mse, pairwise-hinge, list-mle, margin-ranking")
        ->capture_default_str();
    cmd->add_option("--epochs", o.epochs, "Epochs (one epoch = every train graph once)")
        ->capture_default_str();
    cmd->add_option("--steps", o.steps, "Optimiser steps (overrides --epochs when > 0)");
    cmd->add_option("--batch-graphs", o.batchGraphs, "Graphs per step")->capture_default_str();
    cmd->add_option("--configs-per-graph", o.configsPerGraph,
                    "Configs sampled per graph and step (0 = 64, or 128 for random collections)");
    cmd->add_option("--max-step-mb", o.maxStepMb,
                    "Memory budget of one step in MiB (0 = none): the step's graphs are split "
                    "into micro-batches that fit, with gradients accumulated to the whole "
                    "batch's; a graph that does not fit alone trains on fewer configs (at least "
                    "2, with a note). Can be changed on --resume")
        ->capture_default_str();
    cmd->add_option("--segment-nodes", o.segmentNodes,
                    "Graph segment training (layout-sage, node-score-sum readout): layout graphs "
                    "of more pruned nodes are cut into segments of at most this many; a step "
                    "backpropagates through one segment and adds the others' last scores, "
                    "predictions sum all segments (0 = whole graphs)")
        ->capture_default_str();
    cmd->add_option("--lr", o.learningRate, "Peak learning rate")->capture_default_str();
    cmd->add_option("--weight-decay", o.weightDecay,
                    "Weight decay (weight matrices only, unless --decay-all-parameters)")
        ->capture_default_str();
    cmd->add_flag("--decay-all-parameters", o.decayAllParameters,
                  "Weight decay on biases, LayerNorm weights and embeddings too");
    cmd->add_option("--optimizer", a->optimizer, "adamw or adam")->capture_default_str();
    cmd->add_option("--schedule", a->schedule, "constant, cosine or one-cycle")
        ->capture_default_str();
    cmd->add_option("--warmup", o.warmupFraction, "Warm-up fraction of the steps")
        ->capture_default_str();
    cmd->add_option("--grad-clip", o.gradClip, "Max gradient norm (0 = off)")
        ->capture_default_str();
    cmd->add_option("--hidden", o.hiddenDim, "Hidden width")->capture_default_str();
    cmd->add_option("--layers", o.layers, "Message-passing layers")->capture_default_str();
    cmd->add_option("--opcode-embedding", o.opcodeEmbedding, "Opcode embedding width")
        ->capture_default_str();
    cmd->add_option("--dropout", o.dropout,
                    "Dropout (default: 0.1 for layout-sage, 0 for tile models)");
    cmd->add_option("--margin", o.margin, "Hinge / margin-ranking margin")->capture_default_str();
    cmd->add_option("--readout", a->readout, "Layout readout: node-sum or pooled")
        ->capture_default_str();
    cmd->add_option("--attention", a->attention,
                    "Cross-config attention form: context (merge with the weighted mean over "
                    "configs) or first-place (merge with the weighted state itself)")
        ->capture_default_str();
    cmd->add_flag("--no-cross-attention", a->noCrossAttention,
                  "Layout/early-join: no cross-config attention");
    cmd->add_flag("--no-channel-attention", a->noChannelAttention,
                  "No squeeze-excitation attention");
    cmd->add_flag("--producers-only", a->producersOnly,
                  "Aggregate over producers only (one edge direction)");
    cmd->add_flag("--keep-duplicates", a->keepDuplicates, "Do not collapse identical configs");
    cmd->add_flag("--no-prune", a->noPrune, "Layout: keep the whole graph");
    cmd->add_flag("--no-tile-relative-features", a->noTileRelative,
                  "Tile: do not append the config features relative to the output's shape "
                  "(tiles per dim, padding and vector-register waste)");
    cmd->add_flag("--zero-layout-padding", a->zeroLayoutPadding,
                  "Keep the files' 0 padding of layout_minor_to_major (default: -1, kept apart "
                  "from dimension 0)");
    cmd->add_option("--validate-every", o.validationInterval,
                    "Steps between validations (0 = each epoch)");
    cmd->add_option("--patience", o.earlyStoppingPatience,
                    "Stop after N validations without improvement");
    cmd->add_option("--max-valid-graphs", o.maxValidGraphs,
                    "Validate on at most N graphs (0 = all)");
    cmd->add_option("--valid-configs", o.validConfigs,
                    "Periodic validations score a fixed seeded subset of at most N configs per "
                    "graph (0 = all); the final validation scores all")
        ->capture_default_str();
    cmd->add_option("--train-splits", o.trainSplits,
                    "Splits to train on: train, or train,valid to refit a final model")
        ->delimiter(',')
        ->capture_default_str();
    cmd->add_option("--only", o.onlyGraphs,
                    "Train (and validate) only on these graph names (file stems)");
    cmd->add_option(
        "--holdout-configs", o.holdoutConfigs,
        "Validate on this fraction of each train graph's distinct configs (seeded), not on "
        "the valid split");
    cmd->add_option("--log-every", o.logInterval, "Steps between progress lines")
        ->capture_default_str();
    cmd->add_option("--seed", o.seed, "Random seed")->capture_default_str();
    cmd->add_option("--device", o.device, "cpu or cuda (a CUDA build of LibTorch)")
        ->capture_default_str();
    cmd->add_flag("--quiet", a->quiet, "Print validations and the summary only");
    cmd->add_option("--workers", a->workers,
                    "Data-parallel training with N local worker processes (ranks sharing each "
                    "step's --batch-graphs); see docs/DISTRIBUTED.md")
        ->capture_default_str();
    cmd->add_option("--dist-timeout", a->distTimeout,
                    "Seconds a rank waits for the others in a collective before the run stops "
                    "(a hung or unreachable rank; a dead one is noticed at once)")
        ->capture_default_str();
    cmd->callback([a, cmd] { runTrain(*a, *cmd); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupTrain);
