// `tpugraphs cache info|clear [--dataset ROOT]`: what the prepared-graph cache holds for a dataset
// (or, without --dataset, for every dataset in the user's cache), and emptying it.
#include <CLI/CLI.hpp>

#include <iostream>

#include "common/cli_options.h"
#include "common/command_registry.h"
#include "common/progress_bar.h"
#include "common/table_printer.h"
#include "data/data_error.h"
#include "prepare/prepared_cache.h"
#include "prepare/prepared_cache_status.h"

namespace {

using namespace tpugraphs;
using tpugraphs::cli::TablePrinter;

void printDatasetStatus(const std::string& root) {
    cli::ProgressBar progress("scanning");
    const DatasetIndex index =
        scanDataset(root, [&](size_t done, size_t total) { progress.update(done, total); });
    progress.finish();
    const PreparedCacheStatus status = preparedCacheStatus(index);
    std::cout << "dataset      " << root << "\n";
    if (status.folders.empty())
        std::cout << "cache        none yet (training or predicting on it writes one)\n";
    for (const std::string& folder : status.folders) std::cout << "cache        " << folder << "\n";
    std::cout << "cached       " << status.cached << " of " << status.files << " files, "
              << TablePrinter::bytes(status.entryBytes) << " in " << status.entries
              << " entries (the files: " << TablePrinter::bytes(status.fileBytes) << ")\n";
    if (!preparedCacheEnabled())
        std::cout << "note         TPUGRAPHS_NO_CACHE is set: runs neither read nor write it\n";
    TablePrinter table({"collection", "split", "files", "cached", "file size"},
                       {false, false, true, true, true});
    for (const PreparedCacheStatus::Group& g : status.groups)
        table.addRow({g.collection ? collectionName(*g.collection) : "other", splitName(g.split),
                      std::to_string(g.files), std::to_string(g.cached),
                      TablePrinter::bytes(g.fileBytes)});
    table.print(std::cout);
}

void printUserCache() {
    const UserCacheStatus status = userCacheStatus();
    std::cout << "user cache   " << status.root << ": " << status.datasets.size() << " dataset(s), "
              << TablePrinter::bytes(status.bytes) << "\n"
              << "(datasets whose folder can be written keep their cache beside them: "
                 "see --dataset)\n";
    TablePrinter table({"dataset", "size"}, {false, true});
    for (const auto& [name, bytes] : status.datasets)
        table.addRow({name, TablePrinter::bytes(bytes)});
    if (!status.datasets.empty()) table.print(std::cout);
}

void setupCache(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "cache", "The prepared-graph cache (graphs as the models read them, kept between runs)");
    cmd->require_subcommand(1);
    auto root = std::make_shared<std::string>();
    auto* info = cmd->add_subcommand(
        "info", "What is cached: files of a dataset with a usable entry, sizes, folders");
    cli::addDatasetOption(*info, root.get(), "default: every dataset in the user's cache");
    info->callback([root] {
        if (root->empty())
            printUserCache();
        else
            printDatasetStatus(*root);
    });
    auto* clear = cmd->add_subcommand(
        "clear", "Remove the cache of a dataset (beside it and in the user's cache)");
    cli::addDatasetOption(*clear, root.get(), "default: the whole user cache");
    clear->callback([root] {
        if (!root->empty() && datasetNpzFolder(*root).empty())
            throw DataError(*root, "",
                            "is not a TpuGraphs dataset root (no npz/tile or npz/layout folder)");
        const CacheClearResult cleared = clearPreparedCache(*root);
        for (const std::string& note : cleared.notes) std::cout << "note: " << note << "\n";
        if (cleared.kept > cleared.notes.size())
            std::cout << "note: and " << cleared.kept - cleared.notes.size()
                      << " more files that are not cache entries, kept\n";
        std::cout << "removed " << cleared.entries << " entries, "
                  << TablePrinter::bytes(cleared.bytes) << " of prepared graphs"
                  << (root->empty() ? " from " + userPreparedCacheRoot() : " of " + *root) << "\n";
    });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupCache);
