// `tpugraphs bench train`: training throughput (configs/s, graphs/s) and peak memory of each
// model on the demo dataset and on a full-scale layout slice, optionally against the Python
// reference loop (../shared/tools/reference_tile_train.py) on the same tile files.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <thread>

#include "bench_registry.h"
#include "command_registry.h"
#include "data/generator.h"
#include "table_printer.h"
#include "train/trainer.h"

namespace {

using namespace tpugraphs;
namespace fs = std::filesystem;

struct BenchArgs {
    std::string dataset, reference, python = "/usr/bin/python3", keep;
    int steps = 40;
    bool fullScale = false;
    int64_t fullScaleConfigs = 100000, fullScaleNodes = 20000;
};

// Resets the kernel's peak-RSS counter of this process (Linux >= 4.0); false when unsupported.
bool resetPeakMemory() {
    std::ofstream out("/proc/self/clear_refs");
    out << "5";
    return static_cast<bool>(out);
}

double peakMemoryMiB() {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
    return 0;
}

struct Case {
    std::string label, collection, root;
    ModelType model;
    LossType loss = LossType::PairwiseHinge;
    int batchGraphs = 8, configs = 64, hidden = 64, embedding = 32;
    double holdout = 0;
};

struct Measured {
    double configsPerSecond = 0, graphsPerSecond = 0, peakMiB = 0;
};

Measured measure(const Case& c, const std::string& runDir, int steps) {
    TrainOptions o;
    o.datasetRoot = c.root;
    o.collection = c.collection;
    o.model = c.model;
    o.loss = c.loss;
    o.batchGraphs = c.batchGraphs;
    o.configsPerGraph = c.configs;
    o.hiddenDim = c.hidden;
    o.opcodeEmbedding = c.embedding;
    o.steps = steps;
    o.logInterval = std::max(1, steps / 4);
    o.validationInterval = steps;
    o.maxValidGraphs = 1;
    o.holdoutConfigs = c.holdout;
    o.runDir = runDir;
    fs::remove_all(runDir);
    resetPeakMemory();
    Measured m;
    int windows = 0;
    train(o, [&](const TrainProgress& p) {
        if (p.phase != TrainPhase::Training || p.step <= o.logInterval)
            return;  // skip warm-up window
        m.configsPerSecond += p.configsPerSecond;
        m.graphsPerSecond += p.graphsPerSecond;
        ++windows;
    });
    if (windows) {
        m.configsPerSecond /= windows;
        m.graphsPerSecond /= windows;
    }
    m.peakMiB = peakMemoryMiB();
    return m;
}

std::string runReference(const BenchArgs& a, const std::string& root) {
    const std::string command = a.python + " " + a.reference + " --dataset " + root + " --steps " +
                                std::to_string(a.steps * 5) + " --threads " +
                                std::to_string(std::max(1u, std::thread::hardware_concurrency())) +
                                " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return "";
    std::string output;
    char buffer[512];
    while (fgets(buffer, sizeof buffer, pipe)) output += buffer;
    pclose(pipe);
    return output;
}

double field(const std::string& text, const std::string& key) {
    const auto at = text.find(key);
    return at == std::string::npos ? 0.0 : std::atof(text.c_str() + at + key.size());
}

std::string generate(const std::string& root, GeneratorOptions options) {
    std::cout << "generating " << root << " ..." << std::endl;
    generateDataset(root, options);
    return root;
}

void runBench(const BenchArgs& a) {
    const fs::path scratch = a.keep.empty()
                                 ? fs::temp_directory_path() /
                                       ("tpugraphs-bench-" + std::to_string(std::random_device{}()))
                                 : fs::path(a.keep);
    fs::create_directories(scratch);
    std::string demo = a.dataset;
    if (demo.empty()) {
        GeneratorOptions options;
        options.collections = {"tile:xla", "layout:xla:default"};
        options.splits = {Split::Train, Split::Valid};
        demo = generate((scratch / "demo").string(), options);
    }
    std::vector<Case> cases = {
        {"tile-mlp", "tile:xla", demo, ModelType::TileMlp},
        {"late-join-sage", "tile:xla", demo, ModelType::TileLateJoinSage},
        {"early-join-sage", "tile:xla", demo, ModelType::TileEarlyJoinSage},
        // The reference's model and step shape: one graph with all its configs, MSE, 128 wide.
        {"late-join-sage (reference shape)", "tile:xla", demo, ModelType::TileLateJoinSage,
         LossType::Mse, 1, 100000, 128, 128},
        {"late-join-sage (reference width, 8 graphs)", "tile:xla", demo,
         ModelType::TileLateJoinSage, LossType::Mse, 8, 100000, 128, 128},
        {"layout-sage", "layout:xla:default", demo, ModelType::LayoutSage, LossType::PairwiseHinge,
         2, 64}};
    if (a.fullScale) {
        GeneratorOptions options;
        options.preset = GeneratorPreset::Custom;
        options.collections = {"layout:nlp:default"};
        options.splits = {Split::Train};
        options.custom.sizes[3][0] = {2, a.fullScaleNodes / 2, a.fullScaleNodes, a.fullScaleConfigs,
                                      a.fullScaleConfigs};
        const std::string full = generate((scratch / "full-scale").string(), options);
        cases.push_back({"layout-sage (full-scale nlp slice)", "layout:nlp:default", full,
                         ModelType::LayoutSage, LossType::PairwiseHinge, 1, 64, 64, 32, 0.002});
    }
    cli::TablePrinter table(
        {"model", "collection", "graphs/step", "configs/s", "graphs/s", "peak MiB"},
        {false, false, true, true, true, true});
    double referenceShape = 0;
    for (const Case& c : cases) {
        std::cout << "bench: " << c.label << " on " << c.collection << std::endl;
        const Measured m = measure(c, (scratch / "run").string(), a.steps);
        if (c.label == "late-join-sage (reference shape)") referenceShape = m.configsPerSecond;
        table.addRow({c.label, c.collection, std::to_string(c.batchGraphs),
                      cli::TablePrinter::number(m.configsPerSecond, 0),
                      cli::TablePrinter::number(m.graphsPerSecond, 1),
                      cli::TablePrinter::number(m.peakMiB, 0)});
    }
    table.print(std::cout);
    if (!a.reference.empty()) {
        const std::string output = runReference(a, demo);
        const double configs = field(output, "configs/s=");
        std::cout << "python reference (" << a.reference << "): " << output;
        if (configs > 0)
            std::cout << "speed-up of late-join-sage (reference shape) over the Python loop: "
                      << cli::TablePrinter::number(referenceShape / configs, 2) << "x\n";
    }
    if (a.keep.empty()) fs::remove_all(scratch);
}

void setupBenchTrain(CLI::App& app) {
    auto a = std::make_shared<BenchArgs>();
    auto* cmd = cli::benchCommand(app)->add_subcommand(
        "train", "Training throughput (configs/s, graphs/s) and peak memory of each model");
    cmd->add_option("--dataset", a->dataset,
                    "Demo dataset root (default: generate one in a temp folder)");
    cmd->add_option("--steps", a->steps, "Training steps per model")->capture_default_str();
    cmd->add_flag("--full-scale", a->fullScale,
                  "Also a full-scale layout:nlp slice (2 graphs, 100k configs)");
    cmd->add_option("--full-scale-configs", a->fullScaleConfigs, "Configs per full-scale graph")
        ->capture_default_str();
    cmd->add_option("--full-scale-nodes", a->fullScaleNodes, "Max nodes per full-scale graph")
        ->capture_default_str();
    cmd->add_option("--reference", a->reference,
                    "Path of reference_tile_train.py: run it on the same tile files and compare");
    cmd->add_option("--python", a->python, "Python with torch for the reference")
        ->capture_default_str();
    cmd->add_option("--keep", a->keep, "Keep generated data and runs in this folder");
    cmd->callback([a] { runBench(*a); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupBenchTrain);
