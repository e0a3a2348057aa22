// Parses a split name given on the command line, with one error message for every subcommand.
#pragma once

#include <string>

#include "data/dataset.h"

namespace tpugraphs::cli {

// "train", "valid" or "test"; anything else throws CLI::ValidationError naming `option`.
Split parseSplitOption(const std::string& text, const std::string& option = "--split");

}  // namespace tpugraphs::cli
