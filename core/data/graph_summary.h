// What `tpugraphs info FILE` (and the GUI) shows about one graph file: arrays, counts,
// runtime range, opcode histogram and distinct configs, after a full validated load.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "data/graph_io.h"

namespace tpugraphs {

struct ArrayInfo {
    std::string name;
    std::string descr;  // as stored, e.g. "<f4"
    std::vector<int64_t> shape;
    bool fortranOrder = false;
    int64_t compressedBytes = 0;
    int64_t bytes = 0;      // the member's inflated size (header + data)
    int64_t dataBytes = 0;  // the array data alone
};

struct GraphSummary {
    std::string path, name;
    GraphKind kind = GraphKind::Tile;
    std::vector<ArrayInfo> arrays;  // in archive order
    int64_t nodes = 0, edges = 0, configs = 0, configurableNodes = 0;
    int64_t distinctConfigs = 0;
    int64_t runtimeMin = 0, runtimeMax = 0, zeroRuntimes = 0;
    std::vector<std::pair<int, int64_t>> opcodeCounts;  // (opcode id, nodes), most frequent first
    int64_t fileBytes = 0, dataBytes = 0;
};

// Lists the arrays from the headers only (no validation beyond the npy headers).
std::vector<ArrayInfo> listArrays(const std::string& path);

// Loads and validates the whole file (runtimes required when `options` says so). Throws
// DataError.
GraphSummary summarizeGraphFile(const std::string& path, const ReadOptions& options = {});

}  // namespace tpugraphs
