// Registry of CLI subcommands.
#include "command_registry.h"

namespace tpugraphs::cli {

std::vector<CommandSetup>& commandRegistry() {
    static std::vector<CommandSetup> registry;
    return registry;
}

bool registerCommand(CommandSetup setup) {
    commandRegistry().push_back(std::move(setup));
    return true;
}

}  // namespace tpugraphs::cli
