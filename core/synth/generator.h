// Synthetic TpuGraphs dataset generator: writes a complete dataset root in the official format.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "data/dataset.h"
#include "data/layout_graph.h"
#include "data/tile_graph.h"

namespace tpugraphs {

// Every preset but Demo calibrates the layout collections to the real ones (layout configs from
// the autotuner's search, small measurement noise); Demo keeps its wide, easy runtime spreads.
enum class GeneratorPreset {
    Demo,       // small: a few seconds on 2 cores, enough for a model to visibly learn in a minute
    Realistic,  // calibrated layout runtimes; 48/16/16 layout files of the demo's sizes
                //   (the real data's proportion of training graphs): as hard as the real data
    FullScale,  // the real dataset's file counts and size distributions (use fraction/limit)
    Custom      // sizes taken from GeneratorOptions::custom
};
const char* presetName(GeneratorPreset preset);  // "demo", "realistic", "full-scale", "custom"
bool parsePreset(const std::string& text, GeneratorPreset* preset);

// Size ranges (inclusive) of one collection in one split, for the Custom preset.
struct CollectionSizes {
    int files = 0;
    int64_t minNodes = 0, maxNodes = 0;      // graph size
    int64_t minConfigs = 0, maxConfigs = 0;  // configs per file
};

// The Custom preset's sizes of every collection and split when none are given (the CLI's
// --files, --nodes and --configs).
constexpr CollectionSizes kDefaultCustomSizes{10, 300, 2000, 100, 500};

struct CustomSizes {
    // Indexed [collection][split]: collection order = kCollections, split order
    // train/valid/test.
    CollectionSizes sizes[kCollectionCount][3];
};

struct GeneratorOptions {
    GeneratorPreset preset = GeneratorPreset::Demo;
    uint64_t seed = 1;
    std::vector<Collection> collections;  // empty = all
    std::vector<Split> splits;            // empty = train, valid, test
    std::optional<double> noise;  // sigma of the log-normal measurement noise; empty: the preset's
    double fraction = 1.0;        // keep this fraction of each split's files (>= 1 file)
    int limit = -1;               // at most this many files per collection and split (-1 = all)
    int threads = 0;              // worker threads; 0 = hardware concurrency
    CustomSizes custom;           // used only by GeneratorPreset::Custom
};

struct GenerationSummary {
    std::string root;
    size_t files = 0;
    int64_t nodes = 0, edges = 0, configs = 0;
    int64_t bytes = 0;  // total size of the written .npz files
    double seconds = 0.0;
    bool cancelled = false;  // true when `cancel` stopped it; the marker file is then not written
};

// The per-file plan of a dataset: what generateDataset writes, in a fixed order.
struct PlannedGraph {
    Collection collection = Collection::TileXla;
    Split split = Split::Train;
    std::string relativePath;  // e.g. "npz/tile/xla/train/gen_t_00012.npz"
    uint64_t seed = 0;         // per-file seed, derived from the master seed and the file index
    int64_t nodes = 0;         // target node count
    int64_t configs = 0;       // target config count (layout: capped at 8M config x node cells)
    bool calibrated = false;  // layout: configs calibrated to the real data (every preset but demo)
};
std::vector<PlannedGraph> planDataset(const GeneratorOptions& options);

// The measurement noise of a dataset's graphs of `kind`: options.noise when set, else 0.01,
// except kCalibratedLayoutNoise for layout graphs of every preset but Demo.
double noiseOf(const GeneratorOptions& options, GraphKind kind);
extern const double kCalibratedLayoutNoise;

// Generates one planned graph in memory. `noiselessCost` (may be null) receives the formula's
// runtime of every config before measurement noise (also filled for the test split, whose
// stored runtimes are 0).
TileGraph generateTileGraph(const PlannedGraph& plan, double noise,
                            std::vector<double>* noiselessCost = nullptr);
LayoutGraph generateLayoutGraph(const PlannedGraph& plan, double noise,
                                std::vector<double>* noiselessCost = nullptr);

// Writes the whole dataset under `root` (created if needed). Files are generated in parallel;
// the bytes depend only on the options (seed), never on thread timing. `progress(done, total,
// file)` is called from worker threads (serialised by a mutex) and may be empty. When `cancel`
// becomes true, stops after the files in flight and returns with cancelled = true. Writes
// kDatasetCompleteMarker last, on success only. Throws DataError on I/O failure.
GenerationSummary generateDataset(
    const std::string& root, const GeneratorOptions& options,
    const std::function<void(size_t done, size_t total, const std::string& file)>& progress = {},
    const std::atomic<bool>* cancel = nullptr);

// Name of the marker file written last in a generated root (its content names preset and seed).
extern const char* const kDatasetCompleteMarker;  // ".tpugraphs-generated"

// `<cacheDir>/demo-dataset-v1`: where the GUI keeps the embedded demo dataset.
std::string defaultDemoDatasetPath(const std::string& cacheDir);
// True when `root` holds a complete generated dataset (the marker exists), i.e. no need to redo it.
bool isGeneratedDatasetComplete(const std::string& root);

}  // namespace tpugraphs
