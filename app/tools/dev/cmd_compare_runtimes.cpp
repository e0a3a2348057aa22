// `tpugraphs compare-runtimes ROOT [ROOT...]`: per collection and split (or per file), how close
// the configs sit to the best (median/best, max/best, share within 1 %) and the distinct config
// share, for real and generated dataset roots alike (the generator's calibration table).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <map>

#include "analysis/runtime_spread.h"
#include "analysis/runtime_stats.h"
#include "common/cli_options.h"
#include "common/command_registry.h"
#include "common/table_printer.h"
#include "data/dataset.h"

namespace {

using namespace tpugraphs;
using tpugraphs::cli::TablePrinter;

struct CompareArgs {
    std::vector<std::string> roots;
    std::vector<Collection> collections{std::begin(kCollections), std::end(kCollections)};
    std::vector<Split> splits{Split::Train, Split::Valid};
    bool perFile = false;
};

RuntimeSpread spreadOf(const GraphEntry& entry) {
    if (entry.kind == GraphKind::Tile) return tileRuntimeSpread(readTileGraph(entry.path));
    return layoutRuntimeSpread(readLayoutGraph(entry.path));
}

std::vector<std::string> cells(const RuntimeSpread& s) {
    return {TablePrinter::number(s.medianOverBest), TablePrinter::number(s.maxOverBest, 2),
            TablePrinter::number(100.0 * s.withinOnePercent, 0) + " %",
            TablePrinter::number(100.0 * s.distinctShare, 0) + " %"};
}

// The median of each statistic over the graphs of one collection and split.
RuntimeSpread medianSpread(const std::vector<RuntimeSpread>& graphs) {
    auto of = [&](double RuntimeSpread::*field) {
        std::vector<double> v;
        for (const RuntimeSpread& g : graphs) v.push_back(g.*field);
        return medianOf(v);
    };
    RuntimeSpread s;
    s.medianOverBest = of(&RuntimeSpread::medianOverBest);
    s.maxOverBest = of(&RuntimeSpread::maxOverBest);
    s.withinOnePercent = of(&RuntimeSpread::withinOnePercent);
    s.distinctShare = of(&RuntimeSpread::distinctShare);
    return s;
}

void runCompare(const CompareArgs& args) {
    const std::vector<Split>& splits = args.splits;
    const std::vector<Collection>& collections = args.collections;
    TablePrinter table({"root", "collection", "split", args.perFile ? "file" : "files", "configs",
                        "median/best", "max/best", "within 1 %", "distinct"},
                       {false, false, false, !args.perFile, true, true, true, true, true});
    for (const std::string& root : args.roots) {
        const DatasetIndex index = scanDataset(root);
        for (Collection c : collections) {
            for (Split split : splits) {
                std::vector<RuntimeSpread> graphs;
                int64_t configs = 0;
                for (const GraphEntry* entry : index.select(c, split)) {
                    if (!entry->error.empty()) continue;
                    const RuntimeSpread s = spreadOf(*entry);
                    if (s.medianOverBest <= 0) continue;  // no runtimes (test split)
                    graphs.push_back(s);
                    configs += s.configs;
                    if (!args.perFile) continue;
                    std::vector<std::string> row{root, collectionName(c), splitName(split),
                                                 entry->name, std::to_string(s.configs)};
                    for (std::string& cell : cells(s)) row.push_back(std::move(cell));
                    table.addRow(std::move(row));
                }
                if (graphs.empty() || args.perFile) continue;
                std::vector<std::string> row{root, collectionName(c), splitName(split),
                                             std::to_string(graphs.size()),
                                             std::to_string(configs)};
                for (std::string& cell : cells(medianSpread(graphs)))
                    row.push_back(std::move(cell));
                table.addRow(std::move(row));
            }
        }
    }
    table.print(std::cout);
    if (!args.perFile)
        std::cout << "\nper collection and split: the median over its graphs of each per-graph "
                     "statistic; configs = their sum\n";
}

void setupCompareRuntimes(CLI::App& app) {
    auto args = std::make_shared<CompareArgs>();
    auto* cmd = app.add_subcommand(
        "compare-runtimes",
        "Runtime spread per collection (median/best, max/best, share within 1 % of the best, "
        "distinct configs) of real or generated dataset roots");
    cmd->add_option("roots", args->roots, "Dataset roots")->required();
    cli::addCollectionsOption(*cmd, &args->collections);
    cli::addSplitsOption(*cmd, &args->splits, "with runtimes; default train,valid");
    cmd->add_flag("--per-file", args->perFile, "One row per graph");
    cmd->callback([args] { runCompare(*args); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupCompareRuntimes);
