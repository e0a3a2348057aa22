// The subcommand registry and the program around it.
#include "common/command_registry.h"

#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <new>

#include "base/blas_kernel_startup.h"
#include "base/build_info.h"
#include "base/error_text.h"
#include "base/legacy_user_data.h"
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

namespace {

// CLI11 reads "-1" into an unsigned option as 18446744073709551615 and accepts "nan" and "inf"
// for a floating-point one (its range checks then pass NaN): every such option of every command
// refuses them before they are converted.
void refuseWrappedAndNonFiniteNumbers(CLI::App& app) {
    for (CLI::Option* option : app.get_options()) {
        const std::string type = option->get_type_name();
        if (type == "UINT")
            option->check(CLI::Validator(
                [](std::string& text) {
                    return text.find('-') == std::string::npos
                               ? std::string()
                               : "'" + text + "' is not a whole number of 0 or more";
                },
                "", "unsigned"));
        if (type == "FLOAT")
            option->check(CLI::Validator(
                [](std::string& text) {
                    const double value = std::strtod(text.c_str(), nullptr);
                    return std::isfinite(value) ? std::string()
                                                : "'" + text + "' is not a finite number";
                },
                "", "finite"));
    }
    for (CLI::App* command : app.get_subcommands([](CLI::App*) { return true; }))
        refuseWrappedAndNonFiniteNumbers(*command);
}

}  // namespace

int runCommandLine(int argc, char** argv, const std::string& program,
                   const std::string& description) {
    selectBlasKernelAtStartup(argv);  // may re-execute: before anything else
    CLI::App app{program + ": " + description};
    app.require_subcommand(1);
    app.set_version_flag("--version", versionReport(program));
    int threads = 0;
    app.add_option("--threads", threads,
                   "LibTorch intra-op threads (default: the cores idle at start-up, at least 1; "
                   "at most " +
                       std::to_string(maxTorchThreads()) + ")")
        ->check(CLI::Range(0, maxTorchThreads()));
    for (const auto& setup : commandRegistry()) setup(app);
    refuseWrappedAndNonFiniteNumbers(app);
    app.parse_complete_callback([&] {
        initTorchThreads(threads);
        // Once: the user's data from where versions up to 0.1.0 kept it (docs/INSTALL.md).
        for (const auto& outcome :
             moveLegacyUserData(legacyUserDataMoves(xdgBaseDirsFromEnvironment())))
            if (outcome.kind == LegacyMoveOutcome::Moved)
                std::cerr << program << ": " << outcome.text() << "\n";
    });
    try {
        app.parse(argc, argv);
    } catch (const CLI::RuntimeError& e) {
        // A command's own exit status: `info` on an invalid file 2, an interrupted `generate`
        // 130 (docs/DATA_FORMAT.md, docs/GENERATOR.md).
        return e.get_exit_code();
    } catch (const CLI::Error& e) {
        // --help is a success; every usage error is status 1, like any other error.
        return app.exit(e) == 0 ? 0 : 1;
    } catch (const std::bad_alloc&) {
        // The readers name the file and array, the trainer the model's options; what is left
        // is a size no check foresaw.
        const std::vector<CLI::App*> parsed = app.get_subcommands();
        std::cerr << "error: out of memory: '"
                  << (parsed.empty() ? program : parsed.front()->get_name())
                  << "' needs more memory than could be allocated (smaller inputs or options)\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "error: " << errorWithoutBacktrace(e.what()) << "\n";
        return 1;
    }
    return 0;
}

}  // namespace tpugraphs::cli
