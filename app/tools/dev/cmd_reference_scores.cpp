// `tpugraphs reference-scores --dataset ROOT [--noiseless ROOT0]`: the non-learned rows of a
// quality table, per collection, with the competition metrics: ridge on one-hot config features
// (layout, fit on train), the heuristic baseline, and the oracle that ranks by the noiseless
// runtimes of the same dataset generated with noise 0 (what measurement noise allows).
#include <CLI/CLI.hpp>

#include <iostream>

#include "common/cli_options.h"
#include "common/command_registry.h"
#include "common/table_printer.h"
#include "data/dataset.h"
#include "export/reference_scores.h"

namespace {

using namespace tpugraphs;
using tpugraphs::cli::TablePrinter;

struct ReferenceArgs {
    std::string dataset, noiseless;
    Split split = Split::Valid;
    std::vector<Collection> collections{std::begin(kCollections), std::end(kCollections)};
};

void runReference(const ReferenceArgs& args) {
    const Split split = args.split;
    const DatasetIndex index = scanDataset(args.dataset);
    TablePrinter table({"collection", "method", "graphs", "metric", "mean", "min", "OPA"},
                       {false, false, true, false, true, true, true});
    for (Collection c : args.collections) {
        const bool tile = collectionKind(c) == GraphKind::Tile;
        for (const ReferenceScore& row : referenceScores(index, c, split, args.noiseless))
            table.addRow({collectionName(c), row.method, std::to_string(row.graphs),
                          tile ? "top-5 score" : "kendall", TablePrinter::number(row.mean),
                          TablePrinter::number(row.minimum), TablePrinter::number(row.opa)});
    }
    table.print(std::cout);
    std::cout << "\nmean and min over the graphs of the " << splitName(args.split) << " split\n";
}

void setupReferenceScores(CLI::App& app) {
    auto args = std::make_shared<ReferenceArgs>();
    auto* cmd = app.add_subcommand(
        "reference-scores",
        "Non-learned reference scores per collection: ridge on config features, the heuristic "
        "baseline, and the noise-limit oracle");
    cli::addDatasetOption(*cmd, &args->dataset, "with runtimes")->required();
    cmd->add_option("--noiseless", args->noiseless,
                    "The same dataset generated with --noise 0: adds the oracle row");
    cli::addSplitOption(*cmd, &args->split, "to score", {Split::Train, Split::Valid});
    cli::addCollectionsOption(*cmd, &args->collections);
    cmd->callback([args] { runReference(*args); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupReferenceScores);
