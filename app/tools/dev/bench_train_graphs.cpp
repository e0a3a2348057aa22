// Layout training throughput on real files: scratch dataset, FLOP count, GEMM reference rate.
#include "bench_train_graphs.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <random>
#include <stdexcept>

#include "base/file_tree.h"
#include "bench_train_support.h"
#include "data/collection.h"
#include "data/graph_io.h"
#include "model/caching_cpu_allocator.h"
#include "model/cpu_kernels.h"
#include "model/gemm_rate.h"
#include "model/layout_flops.h"
#include "model/op_profile.h"
#include "prepare/prepared_graph.h"
#include "train/component_options.h"
#include "train/torch_threads.h"

namespace tpugraphs::cli {

namespace {

namespace fs = std::filesystem;

// layout:nlp:default from .../layout/nlp/default/<split>/x.npz; layout:xla:default otherwise.
Collection collectionOf(const std::string& path) {
    const fs::path collection = fs::path(path).parent_path().parent_path();
    const std::string name = "layout:" + collection.parent_path().filename().string() + ":" +
                             collection.filename().string();
    Collection parsed = Collection::LayoutXlaDefault;
    return parseCollection(name, &parsed) ? parsed : Collection::LayoutXlaDefault;
}

// Runtimes of a file without them (test split): 1e6 x (1 + a seeded random non-negative linear
// function of the config values, scaled into [0, 1]), so the ranking loss has a signal to fit.
void synthesiseRuntimes(LayoutGraph& graph, uint64_t seed) {
    const int64_t cells = graph.configurableCount() * kLayoutConfigFeatureCount;
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> weight(0.0, 1.0);
    std::vector<double> w(static_cast<size_t>(cells));
    for (auto& x : w) x = weight(rng);
    for (int64_t c = 0; c < graph.configCount(); ++c) {
        const std::vector<float> values = graph.configs.unpackConfig(c);
        double sum = 0;
        for (int64_t i = 0; i < cells; ++i) sum += w[i] * (values[i] + 1.0);
        graph.configRuntime[c] =
            static_cast<int64_t>(1e6 * (1.0 + sum / (6.0 * static_cast<double>(cells))));
    }
}

struct GraphShape {
    std::string name;
    int64_t nodes = 0, configurable = 0, edges = 0, configs = 0;  // pruned; distinct configs
};

// Writes `path` into root's train split (runtimes synthesised when missing); returns its
// shape after pruning; its pruned node features go into `nodes` (to count the normalised width).
GraphShape stage(const std::string& path, const std::string& root, Collection collection,
                 uint64_t seed, FeatureNormalizer* nodes) {
    if (detectGraphKind(path) != GraphKind::Layout)
        throw std::invalid_argument(path +
                                    ": not a layout graph (bench train --graph trains "
                                    "the layout model)");
    LayoutGraph graph = readLayoutGraph(path);
    const bool synthetic = std::any_of(graph.configRuntime.begin(), graph.configRuntime.end(),
                                       [](int64_t r) { return r <= 0; });
    if (synthetic) synthesiseRuntimes(graph, seed);
    const fs::path target = fs::path(root) / collectionDirectory(collection) / "train";
    fs::create_directories(target);
    writeLayoutGraph((target / (graph.name + ".npz")).string(), graph);
    PreparedGraph prepared = prepareLayoutGraph(std::move(graph), path, PrepareOptions{});
    nodes->observe(prepared.nodeFeat.data(), prepared.nodes, prepared.featureColumns);
    GraphShape s;
    s.name = prepared.name + (synthetic ? " (synthetic runtimes)" : "");
    s.nodes = prepared.nodes;
    s.configurable = static_cast<int64_t>(prepared.configNodeRows.size());
    s.edges = static_cast<int64_t>(prepared.src.size());
    s.configs = static_cast<int64_t>(distinctConfigs(prepared).configs.size());
    return s;
}

std::string describeEnv(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "default";
}

// Trains `o` again under the torch profiler and prints where its measured steps went (a second
// run, so the profiler's own cost stays out of the rates).
void profileTraining(const TrainOptions& o, const std::string& runDir, const std::string& label,
                     const std::string& trace, int line) {
    OpProfiler profiler(o.device != "cpu");
    const TrainThroughput t = measureTraining(
        o, runDir, &profiler, trace.empty() ? "" : trace + "-" + std::to_string(line) + ".json");
    std::cout << label << ", " << formatOpProfile(t.profile, static_cast<int>(t.profiledSteps))
              << std::flush;
}

std::string fixed(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

// One measured training configuration: its label, throughput and model FLOPs per config.
struct Line {
    std::string label;
    TrainThroughput t;
    double flopsPerConfig = 0;  // 0: not counted (segment training's work varies by step)
};

// Copies the graphs into a dataset under `root` (runtimes synthesised), printing each one's
// size, and fits the node features' normaliser over them.
std::vector<GraphShape> stageGraphs(const GraphBenchArgs& a, const std::string& root,
                                    Collection collection, FeatureNormalizer* nodes) {
    std::vector<GraphShape> shapes;
    for (size_t i = 0; i < a.graphs.size(); ++i) {
        shapes.push_back(stage(a.graphs[i], root, collection, 1234 + i, nodes));
        const GraphShape& s = shapes.back();
        std::cout << "graph " << s.name << ": " << s.nodes << " nodes after pruning, "
                  << s.configurable << " configurable, " << s.edges << " edges, " << s.configs
                  << " distinct configs" << std::endl;
    }
    nodes->fit();
    return shapes;
}

// The model's FLOPs per config of one training pass over the graphs.
double flopsPerConfig(const std::vector<GraphShape>& shapes, const FeatureNormalizer& nodes,
                      const TrainOptions& o, int64_t configsPerGraph, bool fusedOnCpu) {
    double flops = 0, configs = 0;
    for (const GraphShape& s : shapes) {
        LayoutStepShape step;
        step.nodes = s.nodes;
        step.configurable = s.configurable;
        step.configs = std::min<int64_t>(configsPerGraph, s.configs);
        step.nodeFeatures = nodes.outputColumns();
        flops += layoutSageTrainFlops(costModelOptions(o, 0, 0), step, fusedOnCpu);
        configs += static_cast<double>(step.configs);
    }
    return flops / configs;
}

// Each line's configs/s, model GFLOP/s and its share of the machine's GEMM rate at the largest
// graph's shape.
void printLines(const std::vector<Line>& lines, const GraphBenchArgs& a,
                const std::vector<GraphShape>& shapes) {
    int64_t largest = 0;
    for (const GraphShape& s : shapes) largest = std::max(largest, s.nodes);
    // The host's speed swings within seconds and a few rounds read 0.6-0.95 of the rate at
    // times (then the utilisation read high): the best of 10 rounds over 3 s.
    const double gemm =
        measureGemmGflops(largest * a.configs, a.hidden, a.hidden, 0.3, a.device, 10);
    std::cout << "hidden " << a.hidden << ", " << a.layers << " blocks, " << a.batchGraphs
              << " graphs x " << a.configs << " configs per step, " << a.steps << " steps, "
              << torchThreads() << " threads, OpenMP wait " << describeEnv("OMP_WAIT_POLICY")
              << " / spin count " << describeEnv("GOMP_SPINCOUNT") << std::endl;
    for (const Line& l : lines) {
        const double model = l.t.configsPerSecond * l.flopsPerConfig / 1e9;
        const bool counted = l.flopsPerConfig > 0;
        std::cout << l.label << ": configs/s " << fixed(l.t.configsPerSecond, 1)
                  << "  model GFLOP/s " << (counted ? fixed(model, 1) : "-")
                  << "  peak GEMM GFLOP/s " << fixed(gemm, 1) << "  utilisation "
                  << (counted ? fixed(100.0 * model / gemm, 1) + "%" : "-") << "  peak MiB "
                  << fixed(l.t.peakMiB, 0) << std::endl;
    }
}

}  // namespace

void runGraphBench(const GraphBenchArgs& a) {
    if (a.graphs.empty()) throw std::invalid_argument("bench train: no --graph given");
    const fs::path scratch =
        a.keep.empty() ? fs::temp_directory_path() /
                             ("tpugraphs-bench-graphs-" + std::to_string(std::random_device{}()))
                       : fs::path(a.keep);
    const std::string root = (scratch / "dataset").string();
    const Collection collection = collectionOf(a.graphs.front());
    FeatureNormalizer nodes;
    const std::vector<GraphShape> shapes = stageGraphs(a, root, collection, &nodes);

    TrainOptions o = defaultTrainOptions(collection);
    o.datasetRoot = root;
    o.hiddenDim = a.hidden;
    o.layers = a.layers;
    o.batchGraphs = a.batchGraphs;
    o.configsPerGraph = a.configs;
    o.steps = a.steps;
    o.device = a.device;
    // LibTorch's fused CPU kernels switch themselves off for CUDA tensors: count the module path.
    const bool onCpu = a.device == "cpu";

    std::vector<Line> lines;
    for (const std::string& name : a.attention) {
        if (!parseAttentionForm(name, &o.attentionForm))
            throw std::invalid_argument("unknown attention form '" + name + "'");
        for (const bool fused : {true, false}) {
            if (!fused && !a.reference) continue;
            setFusedCpuKernels(fused);
            const double flops = flopsPerConfig(shapes, nodes, o, a.configs, fused && onCpu);
            for (const int budget : a.maxStepMb) {
                for (const int64_t segment : a.segmentNodes) {
                    o.maxStepMb = budget;
                    o.segmentNodes = segment;
                    const std::string label =
                        "layout-sage " + name + (onCpu ? "" : ", " + a.device) +
                        (fused ? "" : ", reference modules") +
                        (budget > 0 ? ", max-step-mb " + std::to_string(budget) : "") +
                        (segment > 0 ? ", segment-nodes " + std::to_string(segment) : "");
                    releaseCachedCpuMemory();
                    std::cout << "training " << label << " ..." << std::endl;
                    lines.push_back({label, measureTraining(o, (scratch / "run").string()),
                                     segment > 0 ? 0.0 : flops});
                    if (a.profile)
                        profileTraining(o, (scratch / "run").string(), label, a.trace,
                                        static_cast<int>(lines.size()));
                }
            }
        }
    }
    setFusedCpuKernels(true);
    printLines(lines, a, shapes);
    if (a.keep.empty()) removeTree(scratch);
}

}  // namespace tpugraphs::cli
