// Reading and writing typed TpuGraphs records (.npz files) with validation.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "data/layout_graph.h"
#include "data/tile_graph.h"
#include "data/tpugraphs_format.h"

namespace tpugraphs {

class NpyArray;
class NpzFile;

struct ReadOptions {
    // True for train/valid files: all-zero (or any zero) runtimes are an error there.
    bool requireRuntimes = false;
    int threads = 0;  // members inflated in parallel on up to this many threads (0: all cores)
    // A layout node_config_feat larger than this is inflated in pieces and packed on the fly,
    // so its float view (6x the packed size) is never held whole.
    int64_t streamLayoutConfigsAbove = int64_t(256) << 20;
};

// Tells a tile file from a layout file by its member names (headers only). Throws DataError.
GraphKind detectGraphKind(const std::string& path);

// Full load + validation (shapes, dtypes, ranges, NaN/Inf, ids). Throws DataError naming the
// file, the array and the problem. The graph's name is the file stem.
TileGraph readTileGraph(const std::string& path, const ReadOptions& options = {});
LayoutGraph readLayoutGraph(const std::string& path, const ReadOptions& options = {});
// The same from an opened archive (e.g. an in-memory image).
TileGraph readTileGraph(NpzFile& npz, const ReadOptions& options = {});
LayoutGraph readLayoutGraph(NpzFile& npz, const ReadOptions& options = {});
// readLayoutGraph without the packing, for callers that want the floats (the Python module):
// a float32 node_config_feat that is not streamed is kept as read in *configFeat (C x nc x 18,
// every value checked to be an integer in -1..5) and graph.configs stays empty until
// packLayoutConfigs(*configFeat) is asked for. Other arrays (float64, streamed) are packed as
// readLayoutGraph does, *configFeat left empty.
LayoutGraph readLayoutGraph(const std::string& path, const ReadOptions& options,
                            std::optional<NpyArray>* configFeat);
// The packed form of a node_config_feat array (C x nc x 18, float32 or float64). Throws
// DataError naming the value that is not an integer in -1..5.
PackedLayoutConfigs packLayoutConfigs(const NpyArray& nodeConfigFeat);
// The graph name of a path: its file name without directory and ".npz".
std::string graphNameFromPath(const std::string& path);

// Validation alone, for graphs built in memory (e.g. by the generator). `path` names the source.
void validateTileGraph(const TileGraph& graph, const std::string& path,
                       const ReadOptions& options = {});
void validateLayoutGraph(const LayoutGraph& graph, const std::string& path,
                         const ReadOptions& options = {});
// The same except graph.configs (left to whoever holds node_config_feat in another form).
void validateLayoutGraphExceptConfigs(const LayoutGraph& graph, const std::string& path,
                                      const ReadOptions& options = {});
// The runtimes' part of it: none negative, none zero when options.requireRuntimes.
void validateRuntimes(const std::vector<int64_t>& runtimes, const std::string& path,
                      const ReadOptions& options);

// Writes the official format (numpy savez_compressed: deflate, npy v1; layout edge_index in
// Fortran order like the real files) to a temporary file, then renames it into place.
void writeTileGraph(const std::string& path, const TileGraph& graph);
void writeLayoutGraph(const std::string& path, const LayoutGraph& graph);

}  // namespace tpugraphs
