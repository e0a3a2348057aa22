// `tpugraphs bench train --graph FILE ...`: layout training throughput on given real files.
#pragma once

#include <string>
#include <vector>

namespace tpugraphs::cli {

struct GraphBenchArgs {
    std::vector<std::string> graphs;  // layout .npz files
    int configs = 64;                 // K, configs per graph and step
    int steps = 20;                   // training steps (the first quarter is warm-up)
    int hidden = 64, layers = 3;
    int batchGraphs = 1;  // graphs per step
    // Step memory budgets (--max-step-mb) to train with, a line each; 0 = none.
    std::vector<int> maxStepMb{0};
    // Graph segment training's segment sizes (--segment-nodes), a line each; 0 = whole graphs.
    std::vector<int64_t> segmentNodes{0};
    std::vector<std::string> attention{"context"};  // cross-config attention forms, a line each
    bool reference = false;      // also each form with the reference modules (fused kernels off)
    std::string keep;            // keep the scratch dataset and runs here
    std::string device = "cpu";  // "cpu" or "cuda[:N]": where the model trains
    // Train each line a second time under the torch profiler and print where its measured steps
    // spend their time (GPU kernels, CPU operators); with `trace`, also a Chrome trace per line
    // (`trace` + "-N.json").
    bool profile = false;
    std::string trace;
};

// Copies the files into a scratch dataset (test files get synthetic runtimes), trains the
// layout model on them (batchGraphs per step, once per memory budget) and prints one line per
// model: configs/s, model GFLOP/s, the GEMM rate at the model's shape measured in the same run
// on the same device, utilisation, peak MiB (of the host: GPU memory is not counted).
void runGraphBench(const GraphBenchArgs& args);

}  // namespace tpugraphs::cli
