// `tpugraphs evaluate`: scores a trained run on a split with the competition metrics.
#include <CLI/CLI.hpp>

#include <iostream>
#include <optional>

#include "common/cli_options.h"
#include "common/command_registry.h"
#include "common/progress_bar.h"
#include "common/table_printer.h"
#include "common/train_report.h"
#include "train/predictor.h"

namespace {

using namespace tpugraphs;

struct EvaluateArgs {
    std::vector<std::string> runs;
    std::string dataset, device;  // --device: the option table's
    Split split = Split::Valid;
    std::optional<Collection> collection;
    int averages = kDefaultTestTimeAverages;
    int64_t maxConfigs = 0;
    uint64_t subsetSeed = 0;
    bool perGraph = false, last = false;
};

void runEvaluate(const EvaluateArgs& a) {
    PredictOptions options;
    options.device = a.device;
    options.testTimeAverages = a.averages;
    options.useBest = !a.last;
    options.collection = a.collection;
    options.maxConfigs = a.maxConfigs;
    options.subsetSeed = a.subsetSeed;
    // Counted in configs: one layout graph holds up to ~100k of them.
    cli::ProgressBar bar("evaluating");
    options.splitConfigProgress = [&](int64_t done, int64_t total) {
        bar.update(static_cast<size_t>(done), static_cast<size_t>(total), "configs");
    };
    const SplitPrediction result = predictSplit(a.runs, a.dataset, a.split, options);
    for (const std::string& note : result.notes) std::cerr << "note: " << note << "\n";
    bar.finish();
    if (a.perGraph) {
        std::vector<const MetricSpec*> metrics;
        std::vector<std::string> header{"graph", "configs"};
        for (const MetricSpec& spec : kMetricTable)
            if (spec.appliesTo(result.mean.kind)) {
                metrics.push_back(&spec);
                header.push_back(cli::metricReportName(spec));
            }
        std::vector<bool> rightAligned(header.size(), true);
        rightAligned[0] = false;
        cli::TablePrinter table(header, rightAligned);
        for (const auto& g : result.graphs) {
            if (!g.hasRuntimes) continue;
            std::vector<std::string> row{g.name, std::to_string(g.scores.size())};
            for (const MetricSpec* spec : metrics) {
                const double value = metricValue(g.metrics, *spec);
                row.push_back(value == value ? metricText(*spec, value) : std::string("-"));
            }
            table.addRow(row);
        }
        table.print(std::cout);
    }
    std::cout << (a.runs.size() > 1 ? "ensemble of " + std::to_string(a.runs.size()) + " runs"
                                    : a.runs.front())
              << " on " << splitName(a.split) << ": " << result.graphs.size() << " graphs"
              << (a.maxConfigs > 0 ? ", at most " + std::to_string(a.maxConfigs) +
                                         " configs each (seeded subsets)"
                                   : std::string())
              << "\n";
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
    cli::addCollectionOption(*cmd, &a->collection,
                             "default: the run's; another of the same kind is allowed");
    cli::addDatasetOption(*cmd, &a->dataset, "default: the run's");
    cli::addSplitOption(*cmd, &a->split);
    cmd->add_option("--tta", a->averages,
                    "Test-time averages over shuffled config orders (models that compare "
                    "configs)")
        ->capture_default_str();
    cmd->add_option("--max-configs", a->maxConfigs,
                    "Score a seeded subset of at most N configs of each graph, the same for "
                    "every run (0: all); ~1,000 estimates the test metric of a 100k-config graph "
                    "at 1/100 of the cost")
        ->check(cli::numberAbove(0, true))
        ->capture_default_str();
    cmd->add_option("--subset-seed", a->subsetSeed, "Seed of the --max-configs subsets")
        ->capture_default_str();
    cli::addDeviceOption(*cmd, &a->device);
    cmd->add_flag("--per-graph", a->perGraph, "Print one row per graph");
    cmd->add_flag("--last", a->last, "Use the last checkpoint instead of the best");
    cmd->callback([a] { runEvaluate(*a); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupEvaluate);
