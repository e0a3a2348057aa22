// Parses a split name given on the command line.
#include "split_option.h"

#include <CLI/CLI.hpp>

namespace tpugraphs::cli {

Split parseSplitOption(const std::string& text, const std::string& option) {
    Split split;
    if (!parseSplit(text, &split))
        throw CLI::ValidationError(option,
                                   "unknown split '" + text + "' (expected train, valid or test)");
    return split;
}

}  // namespace tpugraphs::cli
