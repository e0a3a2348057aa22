// A layout-collection graph (a whole XLA program) with per-node layout configs and runtimes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "data/layout_configs.h"

namespace tpugraphs {

// Arrays are row-major (C order), native endianness; edge (u, v): node u consumes node v.
struct LayoutGraph {
    std::string name;                    // file stem
    std::vector<float> nodeFeat;         // N x 140
    std::vector<uint8_t> nodeOpcode;     // N
    std::vector<int64_t> edgeIndex;      // E x 2 (stored Fortran-order in real files; C order here)
    std::vector<int64_t> nodeConfigIds;  // nc, ids of the configurable nodes
    PackedLayoutConfigs configs;         // node_config_feat, C x nc x 18, held as layout codes
    std::vector<int64_t> configRuntime;  // C (0 in the test split)
    std::vector<int64_t> nodeSplits;     // computation boundaries (node_splits, shape 1 x k)

    int64_t nodeCount() const { return static_cast<int64_t>(nodeOpcode.size()); }
    int64_t edgeCount() const { return static_cast<int64_t>(edgeIndex.size() / 2); }
    int64_t configCount() const { return static_cast<int64_t>(configRuntime.size()); }
    int64_t configurableCount() const { return static_cast<int64_t>(nodeConfigIds.size()); }
};

}  // namespace tpugraphs
