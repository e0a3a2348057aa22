// Generator: plans a dataset, builds each graph with its runtime formula, writes files in parallel.
#include "synth/generator.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <sstream>

#include "base/atomic_file.h"
#include "base/enum_names.h"
#include "base/parallel_for.h"
#include "data/data_error.h"
#include "data/graph_io.h"
#include "synth/generator_presets.h"
#include "synth/generator_random.h"
#include "synth/layout_config_sampler.h"
#include "synth/layout_program_builder.h"
#include "synth/layout_runtime_formula.h"
#include "synth/tile_kernel_builder.h"

namespace fs = std::filesystem;

namespace tpugraphs {

const char* const kDatasetCompleteMarker = ".tpugraphs-generated";

namespace {
const EnumName<GeneratorPreset> kPresetNames[] = {{GeneratorPreset::Demo, "demo"},
                                                  {GeneratorPreset::Realistic, "realistic"},
                                                  {GeneratorPreset::FullScale, "full-scale"},
                                                  {GeneratorPreset::Custom, "custom"}};
}  // namespace

const char* presetName(GeneratorPreset preset) {
    return enumName(kPresetNames, preset);
}

bool parsePreset(const std::string& text, GeneratorPreset* preset) {
    return parseEnumName(kPresetNames, text, preset);
}

const double kCalibratedLayoutNoise = 1e-5;

double noiseOf(const GeneratorOptions& options, GraphKind kind) {
    if (options.noise) return *options.noise;
    return kind == GraphKind::Layout && options.preset != GeneratorPreset::Demo
               ? kCalibratedLayoutNoise
               : 0.01;
}

namespace {

// At most this many (config, configurable node) cells per layout file: 96 MB packed, 576 MB
// as the float32 node_config_feat the writer produces (the largest real file holds ~12.5M).
constexpr int64_t kMaxConfigCells = 8'000'000;

bool contains(const std::vector<Collection>& list, Collection item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

// Real training files are named after models, test files after a 128-bit hash.
std::string fileStem(Collection collection, Split split, size_t index, uint64_t graphSeed) {
    char buffer[64];
    if (split == Split::Test) {
        GeneratorRandom r(graphSeed);
        std::snprintf(buffer, sizeof buffer, "%016llx%016llx",
                      static_cast<unsigned long long>(r.next()),
                      static_cast<unsigned long long>(r.next()));
    } else {
        const char* family = collectionKind(collection) == GraphKind::Tile ? "kernel"
                             : isNlpCollection(collection)                 ? "nlp_model"
                                                                           : "xla_model";
        std::snprintf(buffer, sizeof buffer, "synthetic_%s_%04zu", family, index);
    }
    return buffer;
}

// The runtime a measurement reports: the model's cost times log-normal noise, at least 1.
int64_t measure(double cost, double noise, GeneratorRandom& random) {
    return std::max<int64_t>(1, std::llround(cost * std::exp(noise * random.normal())));
}

// Picks which tile configs repeat an earlier one (the real data has such duplicates).
bool isDuplicate(size_t index, double duplicateFraction, GeneratorRandom& random) {
    return index > 0 && random.chance(duplicateFraction);
}

LayoutSearch layoutSearchOf(const PlannedGraph& plan) {
    if (isRandomSearchCollection(plan.collection))
        return plan.calibrated ? LayoutSearch::Random : LayoutSearch::ScatteredRandom;
    return plan.calibrated ? LayoutSearch::Genetic : LayoutSearch::ScatteredNearDefault;
}

}  // namespace

std::vector<PlannedGraph> planDataset(const GeneratorOptions& options) {
    std::vector<PlannedGraph> plan;
    const std::vector<Split> splits =
        options.splits.empty() ? std::vector<Split>{Split::Train, Split::Valid, Split::Test}
                               : options.splits;
    for (size_t c = 0; c < kCollectionCount; ++c) {
        const Collection collection = kCollections[c];
        if (!options.collections.empty() && !contains(options.collections, collection)) continue;
        for (Split split : splits) {
            const CollectionSizes sizes = presetSizes(options, c, split);
            if (sizes.files <= 0) continue;
            int64_t count = std::max<int64_t>(
                1, std::llround(sizes.files * std::clamp(options.fraction, 0.0, 1.0)));
            if (options.limit >= 0) count = std::min<int64_t>(count, options.limit);
            // default and random collections of one family share their graphs, like the real ones.
            const uint64_t family = collectionKind(collection) == GraphKind::Tile ? 0
                                    : isNlpCollection(collection)                 ? 2
                                                                                  : 1;
            for (int64_t i = 0; i < count; ++i) {
                const uint64_t stream = (family * 4 + static_cast<uint64_t>(split)) * 1000003ULL +
                                        static_cast<uint64_t>(i);
                const uint64_t graphSeed = GeneratorRandom::deriveSeed(options.seed, stream);
                GeneratorRandom sizeRandom(graphSeed);
                PlannedGraph g;
                g.collection = collection;
                g.split = split;
                g.nodes = sizeRandom.logUniformInt(std::max<int64_t>(1, sizes.minNodes),
                                                   std::max(sizes.minNodes, sizes.maxNodes));
                g.configs = sizeRandom.logUniformInt(std::max<int64_t>(1, sizes.minConfigs),
                                                     std::max(sizes.minConfigs, sizes.maxConfigs));
                g.seed = graphSeed;
                g.calibrated = options.preset != GeneratorPreset::Demo;
                g.relativePath = collectionDirectory(collection) + "/" + splitName(split) + "/" +
                                 fileStem(collection, split, static_cast<size_t>(i), graphSeed) +
                                 ".npz";
                plan.push_back(std::move(g));
            }
        }
    }
    return plan;
}

TileGraph generateTileGraph(const PlannedGraph& plan, double noise,
                            std::vector<double>* noiselessCost) {
    GeneratorRandom random(plan.seed);
    TileKernel kernel = buildTileKernel(random, plan.nodes);
    TileGraph g;
    g.name = fs::path(plan.relativePath).stem().string();
    g.nodeFeat = kernel.graph.nodeFeatures();
    g.nodeOpcode = kernel.graph.opcodes();
    g.edgeIndex = kernel.graph.edgeIndex();

    GeneratorRandom configRandom(GeneratorRandom::deriveSeed(plan.seed, 1));
    const size_t count = static_cast<size_t>(std::max<int64_t>(1, plan.configs));
    const size_t defaultIndex =
        static_cast<size_t>(configRandom.uniformInt(0, static_cast<int64_t>(count) - 1));
    const double duplicates = configRandom.uniform(0.0, 0.1);
    std::vector<TileConfig> configs;
    for (size_t j = 0; j < count; ++j) {
        if (j == defaultIndex)
            configs.push_back(defaultTileConfig(kernel.problem));
        else if (isDuplicate(j, duplicates, configRandom))
            configs.push_back(configs[static_cast<size_t>(
                configRandom.uniformInt(0, static_cast<int64_t>(j) - 1))]);
        else
            configs.push_back(sampleTileConfig(kernel.problem, configRandom));
    }
    g.configFeat.assign(count * kTileConfigFeatureCount, 0.0f);
    if (noiselessCost) noiselessCost->assign(count, 0.0);
    const bool test = plan.split == Split::Test;
    for (size_t j = 0; j < count; ++j) {
        encodeTileConfig(configs[j], g.configFeat.data() + j * kTileConfigFeatureCount);
        const double cost = tileCost(kernel.problem, configs[j]);
        if (noiselessCost) (*noiselessCost)[j] = cost;
        g.configRuntime.push_back(test ? 0 : measure(cost, noise, configRandom));
    }
    // Normalizers: one more measurement of the default tiling, the same for every config.
    const int64_t normalizer =
        test ? 1 : measure(tileCost(kernel.problem, configs[defaultIndex]), noise, configRandom);
    g.configRuntimeNormalizers.assign(count, normalizer);
    return g;
}

LayoutGraph generateLayoutGraph(const PlannedGraph& plan, double noise,
                                std::vector<double>* noiselessCost) {
    const bool nlp = isNlpCollection(plan.collection);
    const bool randomSearch = isRandomSearchCollection(plan.collection);
    GeneratorRandom random(plan.seed);
    const SyntheticHloGraph program =
        buildLayoutProgram(random, plan.nodes, nlp ? ProgramFamily::Nlp : ProgramFamily::Xla);
    const std::vector<int64_t> configurable = configurableNodes(program, random);
    const LayoutRuntimeFormula model(program, configurable, random,
                                     plan.calibrated ? StreamDim::LaneFilling : StreamDim::Last);

    LayoutGraph g;
    g.name = fs::path(plan.relativePath).stem().string();
    g.nodeFeat = program.nodeFeatures();
    g.nodeOpcode = program.opcodes();
    g.edgeIndex = program.edgeIndex();
    g.nodeConfigIds = configurable;
    g.nodeSplits = program.nodeSplits();

    // Configs depend on the collection (default vs random search), the graph does not.
    GeneratorRandom configRandom(GeneratorRandom::deriveSeed(plan.seed, randomSearch ? 3 : 2));
    const int64_t nc = model.configurableCount();
    const int64_t count =
        std::max<int64_t>(1, std::min(plan.configs, kMaxConfigCells / std::max<int64_t>(1, nc)));
    PackedLayoutConfigsBuilder configs(nc, count);
    std::vector<uint32_t> groups(static_cast<size_t>(nc * kLayoutConfigGroups));
    g.configRuntime.reserve(static_cast<size_t>(count));
    if (noiselessCost) noiselessCost->assign(static_cast<size_t>(count), 0.0);
    const std::unique_ptr<LayoutConfigSampler> sampler =
        makeLayoutConfigSampler(layoutSearchOf(plan), model, configRandom);
    for (int64_t c = 0; c < count; ++c) {
        const std::vector<LayoutChoice>& choices = sampler->next();
        for (int64_t j = 0; j < nc; ++j)
            model.pack(j, choices[static_cast<size_t>(j)], groups.data() + j * kLayoutConfigGroups);
        configs.appendConfig(groups.data());
        const double cost = model.cost(choices.data());
        if (noiselessCost) (*noiselessCost)[static_cast<size_t>(c)] = cost;
        g.configRuntime.push_back(plan.split == Split::Test ? 0
                                                            : measure(cost, noise, configRandom));
    }
    g.configs = configs.finish();
    return g;
}

std::string defaultDemoDatasetPath(const std::string& cacheDir) {
    return (fs::path(cacheDir) / "demo-dataset-v1").string();
}

bool isGeneratedDatasetComplete(const std::string& root) {
    std::error_code ec;
    return fs::is_regular_file(fs::path(root) / kDatasetCompleteMarker, ec);
}

GenerationSummary generateDataset(
    const std::string& root, const GeneratorOptions& options,
    const std::function<void(size_t, size_t, const std::string&)>& progress,
    const std::atomic<bool>* cancel) {
    const auto start = std::chrono::steady_clock::now();
    const std::vector<PlannedGraph> plan = planDataset(options);
    GenerationSummary summary;
    summary.root = root;
    const fs::path rootPath(root);
    std::error_code ec;
    fs::remove(rootPath / kDatasetCompleteMarker, ec);  // an interrupted run must not look complete
    for (const PlannedGraph& g : plan) {
        fs::create_directories((rootPath / g.relativePath).parent_path(), ec);
        if (ec)
            throw DataError((rootPath / g.relativePath).parent_path().string(), "",
                            "cannot create directory: " + ec.message());
    }
    // Largest files first so that the threads finish together; the order changes no bytes.
    std::vector<size_t> order(plan.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return plan[a].nodes * 20 + plan[a].configs > plan[b].nodes * 20 + plan[b].configs;
    });

    std::mutex mutex;
    parallelFor(
        order.size(), options.threads,
        [&](size_t k) {
            const PlannedGraph& item = plan[order[k]];
            const std::string path = (rootPath / item.relativePath).string();
            GenerationSummary one;
            if (collectionKind(item.collection) == GraphKind::Tile) {
                const TileGraph g = generateTileGraph(item, noiseOf(options, GraphKind::Tile));
                writeTileGraph(path, g);
                one.nodes = g.nodeCount(), one.edges = g.edgeCount(), one.configs = g.configCount();
            } else {
                const LayoutGraph g =
                    generateLayoutGraph(item, noiseOf(options, GraphKind::Layout));
                writeLayoutGraph(path, g);
                one.nodes = g.nodeCount(), one.edges = g.edgeCount(), one.configs = g.configCount();
            }
            std::error_code sizeError;
            const auto bytes = fs::file_size(path, sizeError);
            std::lock_guard<std::mutex> lock(mutex);
            ++summary.files;
            summary.nodes += one.nodes, summary.edges += one.edges, summary.configs += one.configs;
            summary.bytes += sizeError ? 0 : static_cast<int64_t>(bytes);
            if (progress) progress(summary.files, plan.size(), item.relativePath);
        },
        cancel);

    summary.cancelled = summary.files < plan.size();
    summary.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!summary.cancelled) {
        std::ostringstream marker;
        marker << "generator=tpugraphs preset=" << presetName(options.preset)
               << " seed=" << options.seed << " files=" << summary.files << "\n";
        const std::string markerPath = (rootPath / kDatasetCompleteMarker).string();
        try {
            writeFileAtomically(markerPath, marker.str());
        } catch (const FileWriteError&) {
            fs::remove(markerPath, ec);  // written but not flushed: not known to be complete
            throw;
        }
    }
    return summary;
}

}  // namespace tpugraphs
