// Loading the prepared graphs of many files at once: one file per core, within a memory budget
// for the arrays being decoded, each file through the prepared-graph cache. Results, errors and
// notes come in the files' order, whatever order they finished in.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "data/dataset.h"
#include "prepare/prepared_graph.h"

namespace tpugraphs {

// How every note of the prepared-graph cache starts: routine information, not a warning.
extern const char* const kPreparedCacheNote;  // "prepared-graph cache:"

struct PreparedLoadOptions {
    GraphKind kind = GraphKind::Tile;
    PrepareOptions prepare;
    bool requireRuntimes = true;  // ReadOptions::requireRuntimes
    int threads = 0;              // files at once (0: one per core)
    // Bytes of arrays decoded at once (each file's estimated from its headers): files wait for
    // room, one at a time always goes.
    int64_t memoryBudgetBytes = int64_t(1) << 30;
};

struct PreparedLoadResult {
    std::vector<PreparedGraph> graphs;  // of the files loaded, in the entries' order
    // What the cache did: a summary, rebuilt entries, a failure; each starts kPreparedCacheNote.
    std::vector<std::string> notes;
};

// Loads every entry (a scanned file without header errors). `progress(done, total)` is called
// from the loading threads, one call at a time: (0, total) first, then once per file finished.
// When *cancel becomes true, files not started are left out. Throws the DataError of the first
// bad file in `entries` order.
PreparedLoadResult loadPreparedGraphs(const std::vector<const GraphEntry*>& entries,
                                      const PreparedLoadOptions& options,
                                      const std::function<void(size_t, size_t)>& progress,
                                      const std::atomic<bool>* cancel);

}  // namespace tpugraphs
