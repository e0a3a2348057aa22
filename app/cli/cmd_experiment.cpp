// `tpugraphs experiment holdout`: trains on one graph's configs with a seeded held-out fraction,
// over several seeds, and reports the held-out Kendall tau per seed and on average.
#include <CLI/CLI.hpp>

#include <cmath>
#include <filesystem>
#include <iostream>

#include "command_registry.h"
#include "split_option.h"
#include "table_printer.h"
#include "train/trainer.h"
#include "train_report.h"

namespace {

using namespace tpugraphs;

struct HoldoutArgs {
    TrainOptions options;
    std::string graph = "unet3d", loss = "pairwise-hinge", out, collection = "layout:xla:default";
    int seeds = 5;
    uint64_t firstSeed = 0;
};

void runHoldout(HoldoutArgs& a) {
    TrainOptions base = a.options;
    base.model = ModelType::LayoutSage;
    base.collection = cli::parseCollectionOption(a.collection);
    if (!parseLossType(a.loss, &base.loss))
        throw CLI::ValidationError("--loss", "unknown loss '" + a.loss + "'");
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
        std::filesystem::remove_all(options.runDir);
        const TrainResult result = train(options);
        sumFinal += result.last.kendall;
        sumBest += result.best.kendall;
        table.addRow({std::to_string(options.seed), cli::TablePrinter::number(result.last.kendall),
                      cli::TablePrinter::number(result.last.opa),
                      cli::TablePrinter::number(result.best.kendall),
                      std::to_string(result.bestStep), options.runDir});
        std::cout << "seed " << options.seed
                  << ": held-out at the last step: " << cli::formatMetrics(result.last) << " ("
                  << cli::formatDuration(result.seconds) << ")" << std::endl;
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
    TrainOptions& o = a->options;
    o.holdoutConfigs = 0.2;
    o.steps = 300;
    o.validationInterval = 50;
    o.configsPerGraph = 64;
    o.batchGraphs = 1;
    auto* cmd = experiment->add_subcommand("holdout",
                                           "Train on one graph's distinct configs, validate on a "
                                           "seeded held-out fraction, over seeds");
    cmd->add_option("--dataset", o.datasetRoot, "Dataset root")->required();
    cmd->add_option("--collection", a->collection, "Layout collection of the graph")
        ->capture_default_str();
    cmd->add_option("--graph", a->graph, "Graph name (file stem) in the train split")
        ->capture_default_str();
    cmd->add_option("--holdout", o.holdoutConfigs, "Held-out fraction of the distinct configs")
        ->capture_default_str();
    cmd->add_option("--seeds", a->seeds, "Number of seeds")->capture_default_str();
    cmd->add_option("--first-seed", a->firstSeed, "First seed")->capture_default_str();
    cmd->add_option("--steps", o.steps, "Steps per seed")->capture_default_str();
    cmd->add_option("--validate-every", o.validationInterval, "Steps between validations")
        ->capture_default_str();
    cmd->add_option("--configs-per-graph", o.configsPerGraph, "Configs per step")
        ->capture_default_str();
    cmd->add_option("--lr", o.learningRate, "Peak learning rate")->capture_default_str();
    cmd->add_option("--hidden", o.hiddenDim, "Hidden width")->capture_default_str();
    cmd->add_option("--layers", o.layers, "Message-passing layers")->capture_default_str();
    cmd->add_option("--loss", a->loss, "Loss")->capture_default_str();
    cmd->add_option("--out", a->out, "Parent directory of the runs (default: a temporary folder)");
    cmd->callback([a] { runHoldout(*a); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupExperiment);
