// `tpugraphs score --predictions FILE --dataset ROOT --split valid`: scores a submission CSV
// against the ground-truth runtimes of a split, per collection and overall, with the worst graphs.
#include <CLI/CLI.hpp>

#include <iostream>
#include <stdexcept>

#include "common/cli_options.h"
#include "common/command_registry.h"
#include "common/table_printer.h"
#include "export/submission_io.h"
#include "export/submission_scoring.h"
#include "export/submission_validator.h"

namespace {

using namespace tpugraphs;
using tpugraphs::cli::TablePrinter;

struct ScoreArgs {
    std::string predictions, dataset;
    Split split = Split::Valid;
    size_t worst = 10;
};

void printScores(const ScoreArgs& args, const SubmissionScore& score) {
    TablePrinter table({"collection", "graphs", "score"}, {false, true, true});
    for (const CollectionScore& c : score.summary.collections)
        table.addRow(
            {collectionName(c.collection), std::to_string(c.graphs), TablePrinter::number(c.mean)});
    table.print(std::cout);
    std::cout << "overall: " << TablePrinter::number(score.summary.overall) << "  (plain mean of "
              << score.summary.presentCollections << " of 5 collection scores"
              << (score.summary.complete ? ")" : "; collections without rows are left out)")
              << "\n";
    std::cout << "tile: 2 - min(runtime of the listed configs) / min(runtime of all); "
                 "layout: Kendall tau-b of rank position vs runtime\n";
    if (score.graphsWithoutRow > 0) {
        std::cout << score.graphsWithoutRow << " graph(s) of the " << splitName(args.split)
                  << " split have no row and are not scored, e.g.";
        for (const std::string& id : score.missingIds) std::cout << " " << id;
        std::cout << "\n";
    }
    if (score.unreadableGraphs > 0)
        std::cout << score.unreadableGraphs << " graph file(s) of the " << splitName(args.split)
                  << " split have invalid headers and are not scored\n";
    if (score.rowsWithoutGraph > 0)
        std::cout << score.rowsWithoutGraph << " row(s) are not graphs of the "
                  << splitName(args.split) << " split and were ignored\n";
    if (args.worst == 0) return;
    std::cout << "\nworst graphs:\n";
    TablePrinter worst({"collection", "graph", "score"}, {false, false, true});
    for (const GraphScore& g : worstGraphs(score.graphs, args.worst))
        worst.addRow({collectionName(g.collection), g.graph, TablePrinter::number(g.score)});
    worst.print(std::cout);
}

void runScore(const ScoreArgs& args) {
    const Split split = args.split;
    if (split == Split::Test)
        throw std::runtime_error(
            "the test split has no runtimes (all 0): score against train or valid");
    const DatasetIndex index = scanDataset(args.dataset);
    // Refuse what Kaggle would refuse (e.g. a tile row of 6 indices would score too well).
    const auto counts = configCountsOf(index, split);
    SubmissionValidationOptions validation;
    validation.configCounts = &counts;
    validation.allowUnknownGraphs = true;  // rows of other splits are reported, not errors
    validation.full = FullCheck::Never;
    const SubmissionReport report = validateSubmissionFile(args.predictions, validation);
    if (!report.ok()) {
        for (const SubmissionIssue& issue : report.errors)
            std::cerr << args.predictions
                      << (issue.line > 0 ? ":" + std::to_string(issue.line) : "") << ": "
                      << issue.message << "\n";
        std::cerr << "not scored: " << report.errorCount << " error(s) in the submission\n";
        throw CLI::RuntimeError(1);
    }
    const std::vector<SubmissionRow> rows = readSubmission(args.predictions);
    SubmissionScore score;
    try {
        score = scoreSubmission(rows, index, split);
    } catch (const std::invalid_argument& e) {  // "LINE: ID: problem"
        throw std::runtime_error(args.predictions + ":" + e.what());
    }
    if (score.graphs.empty())
        throw std::runtime_error("no row of " + args.predictions + " matches a graph of the " +
                                 splitName(args.split) + std::string(" split of ") + args.dataset);
    std::cout << "scored " << score.graphs.size() << " graph(s) of the " << splitName(args.split)
              << " split of " << args.dataset << " from " << args.predictions << "\n\n";
    printScores(args, score);
}

void setupScore(CLI::App& app) {
    auto args = std::make_shared<ScoreArgs>();
    auto* cmd =
        app.add_subcommand("score", "Score a submission CSV against a split's true runtimes");
    cmd->add_option("--predictions", args->predictions, "Submission CSV (ID,TopConfigs)")
        ->required();
    cli::addDatasetOption(*cmd, &args->dataset)->required();
    cli::addSplitOption(*cmd, &args->split, "with runtimes: train or valid");
    cmd->add_option("--worst", args->worst, "How many worst graphs to list (0: none)");
    cmd->callback([args] { runScore(*args); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupScore);
