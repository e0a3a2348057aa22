// The shared `bench` parent subcommand, created once whatever the registration order.
#include "bench_registry.h"

#include <CLI/CLI.hpp>

#include <cstdio>

#include "base/blas_report.h"

namespace tpugraphs::cli {

CLI::App* benchCommand(CLI::App& app) {
    const auto existing =
        app.get_subcommands([](CLI::App* sub) { return sub->get_name() == "bench"; });
    if (!existing.empty()) return existing.front();
    auto* bench = app.add_subcommand("bench", "Benchmarks: bench load PATH, bench train ...");
    bench->require_subcommand(1);
    // Every benchmark's output starts with the machine it ran on: BLAS kernel and CPU.
    bench->parse_complete_callback(
        [] { std::printf("%s\n", blasReportText(blasReport()).c_str()); });
    return bench;
}

}  // namespace tpugraphs::cli
