// `tpugraphs reference-scores --dataset ROOT [--noiseless ROOT0]`: the non-learned rows of a
// quality table, per collection, with the competition metrics: ridge on one-hot config features
// (layout, fit on train), the heuristic baseline, and the oracle that ranks by the noiseless
// runtimes of the same dataset generated with noise 0 (what measurement noise allows).
#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>

#include "common/cli_options.h"
#include "common/command_registry.h"
#include "common/table_printer.h"
#include "data/dataset.h"
#include "export/baseline_submission.h"
#include "export/layout_ridge_baseline.h"
#include "export/submission_scoring.h"
#include "metrics/layout_metrics.h"
#include "metrics/tile_metrics.h"

namespace {

using namespace tpugraphs;
using tpugraphs::cli::TablePrinter;
namespace fs = std::filesystem;

struct ReferenceArgs {
    std::string dataset, noiseless;
    Split split = Split::Valid;
    std::vector<Collection> collections{std::begin(kCollections), std::end(kCollections)};
};

// Scores (lower = predicted faster) of one method for one graph of the split.
struct Method {
    std::string name;
    std::function<std::vector<float>(const std::string& path, const GraphEntry& graph)> scores;
};

std::vector<float> asScores(const std::vector<int64_t>& runtimes) {
    return std::vector<float>(runtimes.begin(), runtimes.end());
}

// The same file under another dataset root.
std::string twinPath(const DatasetIndex& index, const GraphEntry& graph, const std::string& root) {
    return (fs::path(root) / fs::relative(graphFilePath(index, graph), index.root)).string();
}

std::vector<Method> methodsFor(Collection c, const DatasetIndex& index, const ReferenceArgs& args) {
    const bool tile = collectionKind(c) == GraphKind::Tile;
    std::vector<Method> methods;
    if (!tile) {
        std::vector<LayoutGraph> train;
        for (const GraphEntry* g : index.select(c, Split::Train))
            if (g->error.empty()) train.push_back(readLayoutGraph(graphFilePath(index, *g)));
        std::vector<const LayoutGraph*> pointers;
        for (const LayoutGraph& g : train) pointers.push_back(&g);
        const auto model = std::make_shared<LayoutRidgeModel>(fitLayoutRidge(pointers));
        methods.push_back({"ridge on one-hot config features (fit on train)",
                           [model](const std::string& path, const GraphEntry&) {
                               return layoutRidgeScores(*model, readLayoutGraph(path));
                           }});
    }
    methods.push_back({tile ? "heuristic: larger output tiles first"
                            : "heuristic: fewer default (-1) layouts first",
                       [tile](const std::string& path, const GraphEntry&) {
                           return tile ? tileBaselineScores(readTileGraph(path))
                                       : layoutBaselineScores(readLayoutGraph(path));
                       }});
    if (!args.noiseless.empty())
        methods.push_back({"oracle: noiseless runtimes",
                           [&index, &args, tile](const std::string&, const GraphEntry& graph) {
                               const std::string twin = twinPath(index, graph, args.noiseless);
                               return asScores(tile ? readTileGraph(twin).configRuntime
                                                    : readLayoutGraph(twin).configRuntime);
                           }});
    return methods;
}

void runReference(const ReferenceArgs& args) {
    const Split split = args.split;
    const DatasetIndex index = scanDataset(args.dataset);
    TablePrinter table({"collection", "method", "graphs", "metric", "mean", "min", "OPA"},
                       {false, false, true, false, true, true, true});
    const std::vector<Collection>& collections = args.collections;
    for (Collection c : collections) {
        const bool tile = collectionKind(c) == GraphKind::Tile;
        const std::vector<const GraphEntry*> graphs = index.select(c, split);
        if (graphs.empty()) continue;
        for (const Method& method : methodsFor(c, index, args)) {
            double sum = 0.0, minimum = 1e300, opa = 0.0;
            for (const GraphEntry* g : graphs) {
                const std::string path = graphFilePath(index, *g);
                const std::vector<float> scores = method.scores(path, *g);
                double value = 0.0, pairs = 0.0;
                if (tile) {
                    const TileGraph t = readTileGraph(path);
                    const TileGraphMetrics m =
                        computeTileMetrics(scores, t.configRuntime, t.configRuntimeNormalizers);
                    value = m.score, pairs = m.opa;
                } else {
                    const LayoutGraphMetrics m =
                        computeLayoutMetrics(scores, readLayoutGraph(path).configRuntime);
                    value = m.kendallTau, pairs = m.opa;
                }
                sum += value, opa += pairs, minimum = std::min(minimum, value);
            }
            const double n = static_cast<double>(graphs.size());
            table.addRow({collectionName(c), method.name, std::to_string(graphs.size()),
                          tile ? "top-5 score" : "kendall", TablePrinter::number(sum / n),
                          TablePrinter::number(minimum), TablePrinter::number(opa / n)});
        }
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
