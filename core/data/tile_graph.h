// A tile-collection graph (one fused kernel) with its tile-size configs and runtimes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "data/tpugraphs_format.h"

namespace tpugraphs {

// Arrays are row-major (C order), native endianness. An edge (u, v) = edgeIndex[2e], [2e+1]
// means node u consumes the output of node v (u > v in real files: topological order).
struct TileGraph {
    std::string name;                    // file stem, e.g. "retinanet.2x2.fp32_-342c949e14733d96"
    std::vector<float> nodeFeat;         // N x 140
    std::vector<uint8_t> nodeOpcode;     // N
    std::vector<int64_t> edgeIndex;      // E x 2
    std::vector<float> configFeat;       // C x 24
    std::vector<int64_t> configRuntime;  // C (0 in the test split)
    std::vector<int64_t> configRuntimeNormalizers;  // C (1 in the test split)

    int64_t nodeCount() const { return static_cast<int64_t>(nodeOpcode.size()); }
    int64_t edgeCount() const { return static_cast<int64_t>(edgeIndex.size() / 2); }
    int64_t configCount() const { return static_cast<int64_t>(configRuntime.size()); }
};

}  // namespace tpugraphs
