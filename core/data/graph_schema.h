// The arrays of tile and layout files (names, dtype kinds, shapes) and their header-level check.
#pragma once

#include <cstdint>

#include "data/graph_io.h"

namespace tpugraphs {

class NpzFile;

// Counts read from the npy headers of a tile or layout file.
struct GraphCounts {
    GraphKind kind = GraphKind::Tile;
    int64_t nodes = 0, edges = 0, configs = 0;
    int64_t configurableNodes = 0;  // layout only
    int64_t dataBytes = 0;          // sum of the arrays' data sizes
};

// Tile when the file has config_feat, layout when it has node_config_feat. Throws DataError.
GraphKind detectGraphKind(const NpzFile& npz);

// Checks, from the headers only, that exactly the expected arrays are present with a suitable
// dtype (float for features, integer for the rest), rank and mutually consistent shapes.
// Throws DataError naming the array.
GraphCounts checkGraphHeaders(NpzFile& npz, GraphKind kind);

}  // namespace tpugraphs
