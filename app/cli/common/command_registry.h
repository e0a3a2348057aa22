// Registry of CLI subcommands: each cmd_*.cpp registers itself, main() wires them into CLI11.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace tpugraphs::cli {

// A setup function adds one subcommand (options and callback) to the top-level app.
using CommandSetup = std::function<void(CLI::App&)>;

std::vector<CommandSetup>& commandRegistry();
bool registerCommand(CommandSetup setup);

// The whole program `program`: "program: description", the global --version and --threads
// options, the registered subcommands; parses argv and runs the chosen one. Returns the exit
// status (errors printed on stderr).
int runCommandLine(int argc, char** argv, const std::string& program,
                   const std::string& description);

}  // namespace tpugraphs::cli

// Registers `setupFunction` (void(CLI::App&)) at static-initialisation time.
#define TPUGRAPHS_REGISTER_COMMAND(setupFunction) \
    static const bool setupFunction##_registered = ::tpugraphs::cli::registerCommand(setupFunction)
