// `tpugraphs config-diff FILE A B [--run RUN]`: the configurable nodes of a layout graph whose
// layout differs between configs A and B, with opcode, shape and sensitivity (measured, or the
// run's predicted one), most sensitive first: the text form of the explorer's comparison.
#include <CLI/CLI.hpp>

#include <cmath>
#include <iostream>
#include <optional>

#include "analysis/config_diff.h"
#include "analysis/loaded_graph.h"
#include "analysis/node_shape.h"
#include "common/command_registry.h"
#include "common/table_printer.h"
#include "data/dataset.h"
#include "data/opcodes.h"
#include "train/predictor.h"

namespace {

using namespace tpugraphs;
using tpugraphs::cli::TablePrinter;

struct ConfigDiffArgs {
    std::string file, a, b, run;
};

// "best", "default" or a config index.
int64_t configOf(const LoadedGraph& graph, const std::string& text) {
    int64_t config = -1;
    if (text == "best")
        config = graph.bestConfig();
    else if (text == "default")
        config = graph.defaultConfig();
    else
        try {
            size_t used = 0;
            config = std::stoll(text, &used);
            if (used != text.size()) config = -2;
        } catch (const std::exception&) {
            config = -2;
        }
    const std::string range = "0.." + std::to_string(graph.configCount() - 1);
    if (config == -1 && text == "best")
        throw CLI::ValidationError("config", graph.entry.path +
                                                 " has no measured runtimes (test split), so it "
                                                 "has no best config: give an index " +
                                                 range);
    if (config == -1)
        throw CLI::ValidationError("config", graph.entry.path +
                                                 " comes from a random-search collection, which "
                                                 "has no default config: give an index " +
                                                 range + " or best");
    if (config < 0 || config >= graph.configCount())
        throw CLI::ValidationError("config", "'" + text + "' is not a config of " +
                                                 graph.entry.path + ": give an index " + range +
                                                 ", best or default");
    return config;
}

// Per config: the run's predicted score, or the measured log runtime; empty when neither.
std::vector<double> perConfigValue(const LoadedGraph& graph, const std::string& run,
                                   std::string& source) {
    std::vector<double> value;
    if (!run.empty()) {
        const Predictor predictor(run);
        for (const float s : predictor.predict(*graph.layout)) value.push_back(s);
        source = "predicted by " + run;
    } else if (graph.measured) {
        for (const double r : graph.runtimes) value.push_back(std::log(std::max(r, 1e-30)));
        source = "measured (log runtime)";
    }
    return value;
}

void runConfigDiff(const ConfigDiffArgs& args) {
    GraphEntry entry = describeGraphFile(args.file);
    entry.path = args.file;
    const LoadedGraph graph = loadGraph(entry, false);
    if (!graph.layout)
        throw CLI::ValidationError("FILE", args.file +
                                               " is a tile graph: configs of a tile "
                                               "graph hold no per-node layouts");
    const int64_t a = configOf(graph, args.a), b = configOf(graph, args.b);
    std::string source;
    const std::vector<double> value = perConfigValue(graph, args.run, source);
    const std::vector<NodeLayoutDifference> diffs = layoutDifferences(*graph.layout, a, b, value);
    auto runtime = [&graph](int64_t c) {
        // The files' layout runtimes are nanoseconds.
        return graph.measured
                   ? " (runtime " + TablePrinter::number(graph.runtimes[size_t(c)], 0) + " ns)"
                   : " (no measured runtime)";
    };
    std::cout << "graph        " << args.file << "\nconfig A     " << a << runtime(a)
              << "\nconfig B     " << b << runtime(b) << "\ndiffering    " << diffs.size() << " of "
              << graph.layout->configurableCount() << " configurable nodes\n"
              << "sensitivity  " << (source.empty() ? "none (no runtimes, no --run)" : source)
              << "\n";
    TablePrinter table({"node", "opcode", "shape", "sensitivity", "layout A", "layout B"},
                       {true, false, false, true, false, false});
    for (const NodeLayoutDifference& d : diffs)
        table.addRow({std::to_string(d.node), opcodeName(graph.nodeOpcode()[size_t(d.node)]),
                      nodeShapeText(graph, d.node),
                      std::isnan(d.sensitivity) ? "-" : TablePrinter::number(d.sensitivity),
                      layoutTupleText(d.a), layoutTupleText(d.b)});
    table.print(std::cout);
}

void setupConfigDiff(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "config-diff",
        "List the configurable nodes of a layout graph whose layout differs between two configs, "
        "most sensitive first");
    auto args = std::make_shared<ConfigDiffArgs>();
    cmd->add_option("FILE", args->file, "A layout .npz file")->required()->check(CLI::ExistingFile);
    cmd->add_option("A", args->a, "Config A: an index, best or default")->required();
    cmd->add_option("B", args->b, "Config B: an index, best or default")->required();
    cmd->add_option("--run", args->run,
                    "A trained layout run: rank by the model's predicted sensitivity instead of "
                    "the measured one")
        ->check(CLI::ExistingDirectory);
    cmd->callback([args] { runConfigDiff(*args); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupConfigDiff);
