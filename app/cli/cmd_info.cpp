// `tpugraphs info PATH`: one graph file (arrays, counts, runtimes, opcodes, distinct configs) or a
// dataset root (graphs, nodes, configs and sizes per collection and split, invalid files).
#include <CLI/CLI.hpp>

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>

#include "common/command_registry.h"
#include "common/progress_bar.h"
#include "common/table_printer.h"
#include "data/data_error.h"
#include "data/dataset.h"
#include "data/graph_summary.h"
#include "data/npy_header.h"
#include "data/opcodes.h"
#include "data/regular_file.h"

namespace {

using namespace tpugraphs;
using tpugraphs::cli::TablePrinter;

std::string runtimeText(int64_t ns) {
    char text[32];
    std::snprintf(text, sizeof text, ns >= 1000000 ? "%.4g" : "%.0f", double(ns));
    return text;
}

// The arrays of the file at `path`. A file that cannot be opened (missing, unreadable, a FIFO
// or a device) is an error (exit 1); one that opens but is no valid archive is INVALID (exit 2),
// as docs/DATA_FORMAT.md says.
std::vector<ArrayInfo> arraysOrInvalid(const std::string& path) {
    std::string unreadable = notRegularFileProblem(path);
    if (unreadable.empty() && ::access(path.c_str(), R_OK) != 0) unreadable = std::strerror(errno);
    if (!unreadable.empty()) throw DataError(path, "", "cannot open the file: " + unreadable);
    try {
        return listArrays(path);
    } catch (const DataError& e) {
        std::cout << "INVALID      " << e.what() << "\n";
        throw CLI::RuntimeError(2);
    }
}

void printFile(const std::string& path, int topOpcodes) {
    const GraphEntry where = describeGraphFile(path);  // collection and split from the folders
    const std::vector<ArrayInfo> arrays = arraysOrInvalid(path);
    std::cout << "file         " << path << "\n";
    if (where.collection)
        std::cout << "collection   " << collectionName(*where.collection) << ", split "
                  << splitName(where.split) << "\n";
    TablePrinter table({"array", "dtype", "shape", "order", "compressed", "size"},
                       {false, false, false, false, true, true});
    for (const ArrayInfo& a : arrays)
        table.addRow({a.name, a.descr, shapeToString(a.shape), a.fortranOrder ? "F" : "C",
                      TablePrinter::bytes(a.compressedBytes), TablePrinter::bytes(a.dataBytes)});
    table.print(std::cout);
    const ReadOptions options = where.collection ? readOptionsFor(where.split) : ReadOptions{};
    GraphSummary s;
    try {
        s = summarizeGraphFile(path, options);
    } catch (const DataError& e) {
        std::cout << "INVALID      " << e.what() << "\n";
        throw CLI::RuntimeError(2);
    }
    std::cout << "kind         " << graphKindName(s.kind) << "\n"
              << "size         " << TablePrinter::bytes(s.fileBytes) << " compressed, "
              << TablePrinter::bytes(s.dataBytes) << " of arrays\n"
              << "nodes        " << s.nodes << "\nedges        " << s.edges << "\n"
              << "configs      " << s.configs << " (" << s.distinctConfigs << " distinct)\n";
    if (s.kind == GraphKind::Layout)
        std::cout << "configurable " << s.configurableNodes << " nodes\n";
    if (s.zeroRuntimes == s.configs)
        std::cout << "runtimes     all 0 (test split: unknown)\n";
    else
        std::cout << "runtimes     " << runtimeText(s.runtimeMin) << " .. "
                  << runtimeText(s.runtimeMax)
                  << (s.zeroRuntimes ? " (" + std::to_string(s.zeroRuntimes) + " zero)" : "")
                  << "\n";
    std::cout << "opcodes      " << s.opcodeCounts.size() << " distinct"
              << (int(s.opcodeCounts.size()) > topOpcodes
                      ? ", the " + std::to_string(topOpcodes) + " most frequent:"
                      : ":")
              << "\n";
    TablePrinter ops({"id", "opcode", "nodes", "share"}, {true, false, true, true});
    for (int i = 0; i < int(s.opcodeCounts.size()) && i < topOpcodes; ++i) {
        const auto& [id, count] = s.opcodeCounts[size_t(i)];
        ops.addRow({std::to_string(id), opcodeName(id), std::to_string(count),
                    TablePrinter::number(100.0 * double(count) / double(s.nodes), 1) + " %"});
    }
    ops.print(std::cout);
}

struct Totals {
    int64_t graphs = 0, nodes = 0, edges = 0, configs = 0, bytes = 0, compressed = 0, invalid = 0;
};

void printDataset(const std::string& root) {
    cli::ProgressBar progress("scanning");
    const DatasetIndex index =
        scanDataset(root, [&](size_t done, size_t total) { progress.update(done, total); });
    progress.finish();
    std::map<std::pair<std::optional<Collection>, Split>, Totals> groups;
    Totals all;
    for (const GraphEntry& g : index.graphs) {
        for (Totals* t : {&groups[{g.collection, g.split}], &all}) {
            ++t->graphs;
            t->compressed += g.compressedBytes;
            if (!g.error.empty()) {
                ++t->invalid;
                continue;
            }
            t->nodes += g.nodes;
            t->edges += g.edges;
            t->configs += g.configs;
            t->bytes += g.uncompressedBytes;
        }
    }
    std::cout << "dataset " << root << ": " << all.graphs << " graphs, " << all.invalid
              << " invalid, " << TablePrinter::bytes(all.compressed) << " compressed, "
              << TablePrinter::bytes(all.bytes) << " of arrays\n";
    TablePrinter table({"collection", "split", "graphs", "nodes", "edges", "configs", "arrays",
                        "compressed", "invalid"},
                       {false, false, true, true, true, true, true, true, true});
    for (const Collection c : kCollections) {
        for (Split split : {Split::Train, Split::Valid, Split::Test}) {
            const auto it = groups.find({c, split});
            if (it == groups.end()) continue;
            const Totals& t = it->second;
            table.addRow({collectionName(c), splitName(split), std::to_string(t.graphs),
                          std::to_string(t.nodes), std::to_string(t.edges),
                          std::to_string(t.configs), TablePrinter::bytes(t.bytes),
                          TablePrinter::bytes(t.compressed), std::to_string(t.invalid)});
        }
    }
    table.print(std::cout);
    if (all.invalid) {
        std::cout << "invalid files (skipped):\n";
        for (const GraphEntry& g : index.graphs)
            if (!g.error.empty()) std::cout << "  " << g.error << "\n";
    }
}

void setupInfo(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "info", "Describe one .npz graph file, or a dataset root by collection and split");
    auto path = std::make_shared<std::string>();
    auto top = std::make_shared<int>(15);
    cmd->add_option("PATH", *path, "A .npz file, or a dataset root (holding npz/tile, npz/layout)")
        ->required();
    cmd->add_option("--top-opcodes", *top, "Opcodes listed for a file (most frequent first)")
        ->capture_default_str();
    cmd->callback([path, top] {
        if (std::filesystem::is_directory(*path))
            printDataset(*path);
        else
            printFile(*path, *top);
    });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupInfo);
