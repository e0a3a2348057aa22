// `tpugraphs bench metrics`: times Kendall tau-b on random pairs (default 10^6).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <iostream>
#include <random>

#include "bench_registry.h"
#include "common/command_registry.h"
#include "common/table_printer.h"
#include "metrics/kendall.h"

namespace {

using namespace tpugraphs;
using tpugraphs::cli::TablePrinter;

struct MetricsBenchArgs {
    size_t n = 1000000;
    int repeats = 5;
};

struct KendallTiming {
    double wallMs = 0, cpuMs = 0;  // medians; CPU time is what a loaded machine cannot inflate
};

// Times kendallTau(x, y) `repeats` times; `tau` gets the value.
KendallTiming timeKendall(const std::vector<double>& x, const std::vector<double>& y, int repeats,
                          double* tau) {
    std::vector<double> wall, cpu;
    for (int r = 0; r < repeats; ++r) {
        const auto start = std::chrono::steady_clock::now();
        const std::clock_t cpuStart = std::clock();
        *tau = kendallTau(x, y);
        cpu.push_back(1000.0 * double(std::clock() - cpuStart) / CLOCKS_PER_SEC);
        wall.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    return {wall[wall.size() / 2], cpu[cpu.size() / 2]};
}

void runMetricsBench(const MetricsBenchArgs& args) {
    std::mt19937_64 rng(42);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    std::uniform_int_distribution<int> levels(0, 999);
    std::vector<double> x(args.n), y(args.n), tiedX(args.n), tiedY(args.n);
    for (size_t i = 0; i < args.n; ++i) {
        x[i] = uniform(rng);
        y[i] = 0.5 * x[i] + uniform(rng);  // correlated, no ties
        tiedX[i] = levels(rng);
        tiedY[i] = levels(rng) + tiedX[i];  // 1000 levels each: heavy ties on both sides
    }
    TablePrinter table({"input", "n", "wall ms", "cpu ms", "tau-b"},
                       {false, true, true, true, true});
    const auto addRow = [&](const char* name, const std::vector<double>& a,
                            const std::vector<double>& b) {
        double tau = 0;
        const KendallTiming t = timeKendall(a, b, args.repeats, &tau);
        table.addRow({name, std::to_string(args.n), TablePrinter::number(t.wallMs, 1),
                      TablePrinter::number(t.cpuMs, 1), TablePrinter::number(tau)});
    };
    addRow("random reals", x, y);
    addRow("ties (1000 levels)", tiedX, tiedY);
    std::cout << "Kendall tau-b, O(n log n), medians of " << args.repeats
              << " runs; CPU of all threads (two from 65,536 values)\n";
    table.print(std::cout);
}

void setupBenchMetrics(CLI::App& app) {
    auto args = std::make_shared<MetricsBenchArgs>();
    auto* cmd = tpugraphs::cli::benchCommand(app)->add_subcommand(
        "metrics", "Time Kendall tau-b on random pairs");
    cmd->add_option("--n", args->n, "Number of pairs")
        ->check(CLI::Range(size_t(2), size_t(100000000)));
    cmd->add_option("--repeats", args->repeats, "Timed runs (the median is printed)")
        ->check(CLI::Range(1, 100));
    cmd->callback([args] { runMetricsBench(*args); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupBenchMetrics);
