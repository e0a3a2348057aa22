// `tpugraphs sweep`: a grid, named variants or a seeded random search over training options,
// per collection and seed, trained by local worker processes into one folder (resumable: the
// same command goes on where a stopped or killed one ended), then one results table (CSV and
// markdown) with the last-step metrics per seed, on the valid split and on held-out datasets.
#include <CLI/CLI.hpp>

#include <iostream>
#include <iterator>

#include "base/atomic_file.h"
#include "base/program_path.h"
#include "common/cli_options.h"
#include "common/command_registry.h"
#include "common/stop_signals.h"
#include "data/dataset.h"
#include "train/option_table.h"
#include "train/sweep_plan.h"
#include "train/sweep_report.h"
#include "train/torch_threads.h"

namespace {

using namespace tpugraphs;

struct SweepArgs {
    SweepSpec spec;
    SweepRunOptions run;
    std::vector<std::string> grid, variants, ranges, evaluations;
    bool reference = false;
    std::string noiseless;
};

SweepEvaluation parseEvaluation(const std::string& text) {
    SweepEvaluation e;
    e.datasetRoot = text;
    const size_t colon = text.rfind(':');
    if (colon != std::string::npos && parseSplit(text.substr(colon + 1), &e.split))
        e.datasetRoot = text.substr(0, colon);
    return e;
}

std::map<Collection, std::vector<ReferenceScore>> referencesOf(const SweepArgs& a) {
    std::map<Collection, std::vector<ReferenceScore>> references;
    if (!a.reference && a.noiseless.empty()) return references;
    const DatasetIndex index = scanDataset(a.spec.datasetRoot);
    for (Collection c : a.spec.collections)
        references[c] = referenceScores(index, c, Split::Valid, a.noiseless);
    return references;
}

void runSweepCommand(SweepArgs& a) {
    const std::atomic<bool>* stop = cli::installStopSignals();
    for (const std::string& text : a.grid) a.spec.grid.push_back(parseGridAxis(text));
    for (const std::string& text : a.variants) a.spec.variants.push_back(parseVariant(text));
    for (const std::string& text : a.ranges) a.spec.ranges.push_back(parseRange(text));
    for (const std::string& text : a.evaluations)
        a.run.evaluations.push_back(parseEvaluation(text));
    if (a.spec.randomTrials > 0 && a.spec.ranges.empty())
        throw std::invalid_argument("--random needs at least one --range KEY=LOW:HIGH[:log]");
    const std::vector<SweepTrial> trials = planSweep(a.spec);
    if (stop->load()) {  // a stop while planning ends the command before any trial starts
        std::cout << "sweep: stopped before training; the same command starts it" << std::endl;
        return;
    }
    a.run.program = thisProgram();  // the trials are trained by this CLI
    std::cout << "sweep: " << trials.size() << " trials into " << a.run.outDir << ", "
              << a.run.workers << " at a time (Ctrl-C stops them at a safe point; the same "
              << "command resumes)" << std::endl;
    const std::vector<TrialResult> results = runSweep(
        trials, a.run, [](const std::string& message) { std::cout << message << std::endl; }, stop);
    const SweepTables tables = sweepTables(results, a.run.evaluations, referencesOf(a));
    writeFileAtomically(a.run.outDir + "/results.csv", tables.csv);
    writeFileAtomically(a.run.outDir + "/results.md", tables.markdown);
    std::cout << "\n"
              << tables.markdown << "wrote " << a.run.outDir << "/results.csv and " << a.run.outDir
              << "/results.md\n";
}

// The training options of the table but those the sweep sets itself.
std::vector<std::string> baseOptionKeys() {
    std::vector<std::string> keys;
    for (const OptionSpec& spec : trainOptionTable())
        if (spec.key != "dataset" && spec.key != "collection" && spec.key != "run_dir")
            keys.push_back(spec.key);
    return keys;
}

void setupSweep(CLI::App& app) {
    auto a = std::make_shared<SweepArgs>();
    auto* cmd = app.add_subcommand(
        "sweep",
        "Train a grid, variants or a random search of training options per collection and "
        "seed, and tabulate the last-step metrics (resumable)");
    cli::addDatasetOption(*cmd, &a->spec.datasetRoot)->required();
    a->spec.collections.assign(std::begin(kCollections), std::end(kCollections));
    cli::addCollectionsOption(*cmd, &a->spec.collections);
    cmd->add_option("--out", a->run.outDir, "Folder of the sweep (runs, results)")->required();
    cmd->add_option("--seeds", a->spec.seeds, "Training seeds per point")
        ->capture_default_str()
        ->check(CLI::Range(1, kMaxSweepTrials));
    cli::addRenamedCountOption(*cmd, "--parallel", "--workers", &a->run.workers,
                               "Trials trained at once (independent runs)", 1, 256);
    cmd->add_option("--threads-per-trial", a->run.threadsPerTrial,
                    "LibTorch threads of each trial (0 = the cores / --parallel)")
        ->check(CLI::Range(0, maxTorchThreads()));
    cmd->add_option("--grid", a->grid, "KEY=V1,V2,...: every combination of the axes given");
    cmd->add_option("--variant", a->variants, "NAME:KEY=V[;KEY=V]: one point, named");
    cmd->add_option("--random", a->spec.randomTrials, "Random points, drawn from the --range's")
        ->check(CLI::Range(0, kMaxSweepTrials));
    cmd->add_option("--range", a->ranges, "KEY=LOW:HIGH[:log]: a dimension of --random");
    cmd->add_option("--search-seed", a->spec.searchSeed, "Seed of the random points");
    cmd->add_option("--evaluate", a->evaluations,
                    "ROOT[:SPLIT]: also score every trial's last checkpoint on this dataset's "
                    "split (default valid): graphs no trial saw");
    cmd->add_flag("--reference", a->reference,
                  "Add the ridge and heuristic rows of each collection's valid split");
    cmd->add_option("--noiseless", a->noiseless,
                    "The dataset generated again with --noise 0: adds the oracle row and "
                    "learned / oracle");
    cli::addTrainOptionFlags(*cmd, &a->spec.base, baseOptionKeys());
    cmd->callback([a] { runSweepCommand(*a); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupSweep);
