// `tpugraphs evaluate`: scores a trained run on a split with the competition metrics.
#include <CLI/CLI.hpp>

#include <iostream>

#include "command_registry.h"
#include "progress_bar.h"
#include "split_option.h"
#include "table_printer.h"
#include "train/predictor.h"
#include "train_report.h"

namespace {

using namespace tpugraphs;

struct EvaluateArgs {
    std::vector<std::string> runs;
    std::string dataset, split = "valid", device = "cpu", collection;
    int averages = kDefaultTestTimeAverages;
    bool perGraph = false, last = false;
};

void runEvaluate(const EvaluateArgs& a) {
    const Split split = cli::parseSplitOption(a.split);
    PredictOptions options;
    options.device = a.device;
    options.testTimeAverages = a.averages;
    options.useBest = !a.last;
    if (!a.collection.empty()) options.collection = cli::parseCollectionOption(a.collection);
    // Counted in configs: one layout graph holds up to ~100k of them.
    cli::ProgressBar bar("evaluating");
    options.splitConfigProgress = [&](int64_t done, int64_t total) {
        bar.update(static_cast<size_t>(done), static_cast<size_t>(total), "configs");
    };
    const SplitPrediction result = predictSplit(a.runs, a.dataset, split, options);
    bar.finish();
    if (a.perGraph) {
        cli::TablePrinter table({"graph", "configs", "kendall", "top5-score", "opa", "top1-err"},
                                {false, true, true, true, true, true});
        for (const auto& g : result.graphs) {
            if (!g.hasRuntimes) continue;
            auto cell = [](double v) {
                return v == v ? cli::TablePrinter::number(v) : std::string("-");
            };
            table.addRow({g.name, std::to_string(g.scores.size()), cell(g.metrics.kendall),
                          cell(g.metrics.topKScore), cell(g.metrics.opa),
                          cell(g.metrics.top1Error)});
        }
        table.print(std::cout);
    }
    std::cout << (a.runs.size() > 1 ? "ensemble of " + std::to_string(a.runs.size()) + " runs"
                                    : a.runs.front())
              << " on " << a.split << ": " << result.graphs.size() << " graphs\n";
    if (result.mean.graphs == 0) {
        std::cout << "no graph of this split has runtimes (test split?): nothing to score\n";
        return;
    }
    std::cout << "mean: " << cli::formatMetrics(result.mean) << "\n";
}

void setupEvaluate(CLI::App& app) {
    auto a = std::make_shared<EvaluateArgs>();
    auto* cmd =
        app.add_subcommand("evaluate", "Score a trained run on a split (Kendall tau, top-K, OPA)");
    cmd->add_option("--run", a->runs,
                    "Run directory; repeat for an ensemble (per-graph normalised ranks averaged)")
        ->required();
    cmd->add_option("--collection", a->collection,
                    "Collection to score (default: the run's; another of the same kind is "
                    "allowed)");
    cmd->add_option("--dataset", a->dataset, "Dataset root (default: the run's)");
    cmd->add_option("--split", a->split, "train, valid or test")->capture_default_str();
    cmd->add_option("--tta", a->averages,
                    "Test-time averages over shuffled config orders (models that compare "
                    "configs)")
        ->capture_default_str();
    cmd->add_option("--device", a->device, "cpu or cuda")->capture_default_str();
    cmd->add_flag("--per-graph", a->perGraph, "Print one row per graph");
    cmd->add_flag("--last", a->last, "Use the last checkpoint instead of the best");
    cmd->callback([a] { runEvaluate(*a); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupEvaluate);
