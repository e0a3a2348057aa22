// Reading only the runtimes of a graph file (the ground truth for scoring), not its features.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tpugraphs {

struct GraphRuntimes {
    bool tile = false;                   // tile files also carry normalizers
    std::vector<int64_t> configRuntime;  // C
    std::vector<int64_t> normalizers;    // C for tile files, empty for layout files
};

// Reads config_runtime (and config_runtime_normalizers when present) of an .npz. Throws DataError
// naming the file and array when they are missing, not int64 vectors, differ in length, or hold
// a runtime <= 0 (test-split files carry zeros: they cannot be scored).
GraphRuntimes readGraphRuntimes(const std::string& path);

}  // namespace tpugraphs
