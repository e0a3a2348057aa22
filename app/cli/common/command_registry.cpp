// The subcommand registry and the program around it.
#include "common/command_registry.h"

#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>

#include "base/blas_kernel_startup.h"
#include "base/build_info.h"
#include "train/torch_threads.h"

namespace tpugraphs::cli {

std::vector<CommandSetup>& commandRegistry() {
    static std::vector<CommandSetup> registry;
    return registry;
}

bool registerCommand(CommandSetup setup) {
    commandRegistry().push_back(std::move(setup));
    return true;
}

int runCommandLine(int argc, char** argv, const std::string& program,
                   const std::string& description) {
    selectBlasKernelAtStartup(argv);  // may re-execute: before anything else
    CLI::App app{program + ": " + description};
    app.require_subcommand(1);
    app.set_version_flag("--version", versionReport(program));
    int threads = 0;
    app.add_option("--threads", threads,
                   "LibTorch intra-op threads (default: the cores idle at start-up, at least 1)");
    for (const auto& setup : commandRegistry()) setup(app);
    app.parse_complete_callback([&] { initTorchThreads(threads); });
    try {
        app.parse(argc, argv);
    } catch (const CLI::Error& e) {
        // --help is a success; every usage error is status 1, like any other error.
        return app.exit(e) == 0 ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

}  // namespace tpugraphs::cli
