// Dataset scanner: lists collections, splits and graphs of a dataset root from npy headers only.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "data/collection.h"
#include "data/graph_io.h"

namespace tpugraphs {

enum class Split { Train, Valid, Test };
const char* splitName(Split split);  // "train", "valid", "test"
bool parseSplit(const std::string& text, Split* split);
// Read options for a file of `split`: runtimes are required (non-zero) in train and valid.
ReadOptions readOptionsFor(Split split);

// One .npz of a dataset, described from its npy headers (no array data read).
struct GraphEntry {
    std::string path;  // absolute or root-relative path to the .npz
    std::string name;  // file stem
    // From the file's folders; empty for a file outside the official layout.
    std::optional<Collection> collection;
    GraphKind kind = GraphKind::Tile;  // the collection's kind, else read from the file
    Split split = Split::Train;
    int64_t nodes = 0, edges = 0, configs = 0,
            configurableNodes = 0;  // configurableNodes: layout only
    int64_t compressedBytes = 0;    // file size
    int64_t uncompressedBytes = 0;  // sum of the arrays' data sizes
    std::string error;              // non-empty when the headers are invalid (file is skipped)
};

struct DatasetIndex {
    std::string root;
    std::vector<GraphEntry> graphs;  // sorted by collection, split, name

    std::vector<const GraphEntry*> select(Collection collection, Split split) const;
};

// What the UI groups an entry under: its collection's name, or for a file outside the official
// layout its kind ("tile", "layout").
std::string collectionLabel(const GraphEntry& entry);

// Where a file sits in its dataset: the folder that holds tile/ and layout/ (the npz folder) and
// the file's path below it without ".npz" ("layout/nlp/random/train/x"), for a file in the
// official layout; for any other file, its own folder and its stem.
struct DatasetPlace {
    std::string folder, relative;
};
DatasetPlace datasetPlaceOf(const std::string& path);
// The npz folder of a dataset root: root/npz, root/npz_all/npz or root itself; "" when none.
std::string datasetNpzFolder(const std::string& root);

// Reads one file's headers. Never throws for a bad file: the entry's error says what is wrong.
GraphEntry describeGraphFile(const std::string& path);

// Scans `root` (the official layout), files described in parallel. `progress(done, total)` may
// be empty; it is called from the scanning threads, one call at a time. Throws DataError
// when root is not a dataset root (no npz/tile or npz/layout folder).
DatasetIndex scanDataset(const std::string& root,
                         const std::function<void(size_t, size_t)>& progress = {});

}  // namespace tpugraphs
