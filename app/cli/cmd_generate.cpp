// `tpugraphs generate --preset demo|realistic|full-scale|custom --out DIR`: writes a synthetic
// dataset in the official format with a progress bar, then a per-collection summary.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>

#include "common/cli_options.h"
#include "common/command_registry.h"
#include "common/progress_bar.h"
#include "common/table_printer.h"
#include "data/dataset.h"
#include "synth/generator.h"
#include "train/torch_threads.h"

namespace {

using namespace tpugraphs;
using tpugraphs::cli::ProgressBar;
using tpugraphs::cli::TablePrinter;

std::atomic<bool> g_interrupted{false};
extern "C" void onInterrupt(int) {
    g_interrupted = true;
}

// The options as given: their defaults are the generator's (synth/generator.h).
struct GenerateArgs {
    GeneratorOptions options;  // all but the preset and the custom sizes
    std::string preset = presetName(options.preset), out;
    int files = kDefaultCustomSizes.files;
    std::vector<int64_t> nodes{kDefaultCustomSizes.minNodes, kDefaultCustomSizes.maxNodes},
        configs{kDefaultCustomSizes.minConfigs, kDefaultCustomSizes.maxConfigs};
};

std::string megabytes(int64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", static_cast<double>(bytes) / 1e6);
    return text;
}

GeneratorOptions toOptions(const GenerateArgs& args) {
    GeneratorOptions o = args.options;
    if (!parsePreset(args.preset, &o.preset))
        throw CLI::ValidationError("--preset", "unknown preset " + args.preset);
    if (args.nodes.size() != 2 || args.configs.size() != 2 || args.nodes[0] < 1 ||
        args.configs[0] < 1 || args.nodes[1] < args.nodes[0] || args.configs[1] < args.configs[0])
        throw CLI::ValidationError("--nodes/--configs", "give MIN MAX with 1 <= MIN <= MAX");
    for (auto& collection : o.custom.sizes)
        for (CollectionSizes& s : collection)
            s = {args.files, args.nodes[0], args.nodes[1], args.configs[0], args.configs[1]};
    return o;
}

void printSummary(const GenerationSummary& summary) {
    const DatasetIndex index = scanDataset(summary.root);
    struct Row {
        size_t files = 0;
        int64_t nodes = 0, maxNodes = 0, configs = 0, maxConfigs = 0, bytes = 0;
    };
    // Rows in the official order: collections as kCollections, then train, valid, test.
    std::map<std::pair<std::optional<Collection>, Split>, Row> rows;
    for (const GraphEntry& g : index.graphs) {
        Row& r = rows[{g.collection, g.split}];
        ++r.files;
        r.nodes += g.nodes;
        r.configs += g.configs;
        r.bytes += g.compressedBytes;
        r.maxNodes = std::max(r.maxNodes, g.nodes);
        r.maxConfigs = std::max(r.maxConfigs, g.configs);
    }
    TablePrinter table(
        {"collection", "split", "files", "nodes", "max nodes", "configs", "max configs", "MB"},
        {false, false, true, true, true, true, true, true});
    for (const auto& [key, r] : rows) {
        const std::string name = key.first ? collectionName(*key.first) : "?";
        table.addRow({name, splitName(key.second), std::to_string(r.files), std::to_string(r.nodes),
                      std::to_string(r.maxNodes), std::to_string(r.configs),
                      std::to_string(r.maxConfigs), megabytes(r.bytes)});
    }
    table.print(std::cout);
    std::printf("\n%zu files, %lld nodes, %lld edges, %lld configs, %s MB in %.2f s -> %s\n",
                summary.files, static_cast<long long>(summary.nodes),
                static_cast<long long>(summary.edges), static_cast<long long>(summary.configs),
                megabytes(summary.bytes).c_str(), summary.seconds, summary.root.c_str());
}

void runGenerate(const GenerateArgs& args) {
    const GeneratorOptions options = toOptions(args);
    std::cout << "generating the " << presetName(options.preset) << " dataset (seed "
              << options.seed << ") into " << args.out << "\n";
    ProgressBar bar("generate");
    g_interrupted = false;
    auto previous = std::signal(SIGINT, onInterrupt);
    const GenerationSummary summary = generateDataset(
        args.out, options,
        [&](size_t done, size_t total, const std::string& file) { bar.update(done, total, file); },
        &g_interrupted);
    std::signal(SIGINT, previous);
    bar.finish();
    if (summary.cancelled) {
        std::cerr << "interrupted after " << summary.files << " files: " << args.out
                  << " is incomplete (no completion marker); run the command again to redo it\n";
        throw CLI::RuntimeError(130);
    }
    printSummary(summary);
}

void setupGenerate(CLI::App& app) {
    auto args = std::make_shared<GenerateArgs>();
    auto* cmd = app.add_subcommand(
        "generate", "Write a synthetic TpuGraphs dataset (official format) to a folder");
    cmd->add_option("--preset", args->preset,
                    "demo (seconds; easy: wide layout runtime spreads, for the GUI), realistic "
                    "(demo graph sizes, 48 training graphs per layout collection, layout runtimes "
                    "calibrated to the real data), full-scale (the "
                    "real dataset's counts, calibrated), or custom (calibrated)")
        ->check(CLI::IsMember({"demo", "realistic", "full-scale", "custom"}))
        ->capture_default_str();
    cmd->add_option("--out", args->out, "Dataset root to write (created if needed)")->required();
    cmd->add_option("--seed", args->options.seed,
                    "Master seed: the same seed writes the same bytes");
    cli::addCollectionsOption(*cmd, &args->options.collections);
    cli::addSplitsOption(*cmd, &args->options.splits);
    char noiseHelp[160];
    std::snprintf(noiseHelp, sizeof noiseHelp,
                  "Multiplicative measurement noise, sigma of log runtime (default: 0.01, and "
                  "%g for the layout graphs of every preset but demo)",
                  kCalibratedLayoutNoise);
    cmd->add_option("--noise", args->options.noise, noiseHelp)->check(cli::numberIn(0, 1));
    cmd->add_option("--fraction", args->options.fraction,
                    "Write this fraction of each split's files (at least 1)")
        ->check(cli::numberIn(0, 1));
    cmd->add_option("--limit", args->options.limit,
                    "At most this many files per collection and split");
    cmd->add_option("-j,--jobs", args->options.threads, "Worker threads (default: all cores)")
        ->check(CLI::Range(0, maxTorchThreads()));
    cmd->add_option("--files", args->files, "custom: files per collection and split");
    cmd->add_option("--nodes", args->nodes, "custom: MIN MAX nodes per graph")->expected(2);
    cmd->add_option("--configs", args->configs, "custom: MIN MAX configs per graph")->expected(2);
    cmd->callback([args] { runGenerate(*args); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupGenerate);
