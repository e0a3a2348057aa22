// `tpugraphs experiment holdout`: trains on one graph's configs with a seeded held-out fraction,
// over several seeds, and reports the held-out Kendall tau per seed and on average.
#include <CLI/CLI.hpp>

#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>

#include "base/file_tree.h"
#include "base/number_text.h"
#include "common/cli_options.h"
#include "common/command_registry.h"
#include "common/table_printer.h"
#include "common/train_report.h"
#include "train/trainer.h"

namespace {

using namespace tpugraphs;

struct HoldoutArgs {
    std::map<std::string, std::string> given;  // training options given, by key
    std::string dataset, graph = "unet3d", out;
    std::optional<Collection> collection;
    int seeds = 5;
    uint64_t firstSeed = 0;
};

// The collection's defaults, then the experiment's own (held-out configs of one graph), then
// the options given.
TrainOptions holdoutOptions(const HoldoutArgs& a) {
    TrainOptions o = defaultTrainOptions(a.collection.value_or(Collection::LayoutXlaDefault));
    o.datasetRoot = a.dataset;
    o.holdoutConfigs = 0.2;
    o.steps = 300;
    o.validationInterval = 50;
    o.batchGraphs = 1;
    cli::applyTrainOptions(a.given, &o);
    return o;
}

void runHoldout(HoldoutArgs& a) {
    TrainOptions base = holdoutOptions(a);
    base.onlyGraphs = {a.graph};
    base.collapseDuplicates = true;
    const std::string parent =
        a.out.empty() ? (std::filesystem::temp_directory_path() / "tpugraphs-holdout").string()
                      : a.out;
    std::filesystem::create_directories(parent);
    cli::TablePrinter table(
        {"seed", "final kendall", "final opa", "best kendall", "best step", "run"},
        {true, true, true, true, true, false});
    double sumFinal = 0, sumBest = 0;
    for (int i = 0; i < a.seeds; ++i) {
        TrainOptions options = base;
        options.seed = a.firstSeed + static_cast<uint64_t>(i);
        options.runDir = parent + "/" + a.graph + "-seed" + std::to_string(options.seed);
        removeTree(options.runDir);
        const TrainResult result = train(options);
        sumFinal += result.last.kendall;
        sumBest += result.best.kendall;
        table.addRow({std::to_string(options.seed), cli::TablePrinter::number(result.last.kendall),
                      cli::TablePrinter::number(result.last.opa),
                      cli::TablePrinter::number(result.best.kendall),
                      std::to_string(result.bestStep), options.runDir});
        std::cout << "seed " << options.seed
                  << ": held-out at the last step: " << cli::formatMetrics(result.last) << " ("
                  << durationText(result.seconds) << ")" << std::endl;
    }
    table.print(std::cout);
    std::cout << "mean held-out Kendall tau over " << a.seeds << " seeds (" << a.graph << ", "
              << base.holdoutConfigs * 100 << "% of the distinct configs held out): "
              << cli::TablePrinter::number(sumFinal / a.seeds) << " at the last step; "
              << cli::TablePrinter::number(sumBest / a.seeds)
              << " at the best validation step (chosen on the held-out configs themselves)\n";
}

void setupExperiment(CLI::App& app) {
    auto* experiment = app.add_subcommand("experiment", "Reproducible training experiments");
    experiment->require_subcommand(1);
    auto a = std::make_shared<HoldoutArgs>();
    auto* cmd = experiment->add_subcommand(
        "holdout",
        "Train on one graph's distinct configs, validate on a seeded held-out fraction, over "
        "seeds (defaults: the collection's, with 20 % held out, 300 steps, a validation every 50, "
        "one graph per step)");
    cli::addDatasetOption(*cmd, &a->dataset)->required();
    cli::addCollectionOption(*cmd, &a->collection, "of the graph; default layout:xla:default");
    cmd->add_option("--graph", a->graph, "Graph name (file stem) in the train split")
        ->capture_default_str();
    cmd->add_option("--seeds", a->seeds, "Number of seeds")->capture_default_str();
    cmd->add_option("--first-seed", a->firstSeed, "First seed")->capture_default_str();
    cli::addTrainOptionFlags(
        *cmd, &a->given,
        {"holdout_configs", "steps", "validation_interval", "configs_per_graph", "learning_rate",
         "hidden_dim", "layers", "loss", "dropout", "batch_graphs"});
    cmd->add_option("--out", a->out, "Parent directory of the runs (default: a temporary folder)");
    cmd->callback([a] { runHoldout(*a); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupExperiment);
