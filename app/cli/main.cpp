// Entry point of `tpugraphs`, the headless CLI: wires the registered subcommands into CLI11.
#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>

#include "base/build_info.h"
#include "command_registry.h"
#include "train/torch_threads.h"

int main(int argc, char** argv) {
    CLI::App app{"tpugraphs: TpuGraphs dataset tools, cost-model training and Kaggle export"};
    app.require_subcommand(1);
    app.set_version_flag("--version", tpugraphs::versionLine("tpugraphs"));
    int threads = 0;
    app.add_option("--threads", threads,
                   "LibTorch intra-op threads (default: the cores idle at start-up, at least 1)");
    for (const auto& setup : tpugraphs::cli::commandRegistry()) setup(app);
    app.parse_complete_callback([&] { tpugraphs::initTorchThreads(threads); });
    try {
        app.parse(argc, argv);
    } catch (const CLI::Error& e) {
        return app.exit(e);
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
