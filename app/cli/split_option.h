// Parses split and collection names given on the command line, with one error message each for
// every subcommand.
#pragma once

#include <string>
#include <vector>

#include "data/dataset.h"

namespace tpugraphs::cli {

// "train", "valid" or "test"; anything else throws CLI::ValidationError naming `option`.
Split parseSplitOption(const std::string& text, const std::string& option = "--split");

// "tile:xla", "layout:xla:default", ...; anything else throws std::invalid_argument
// "unknown collection '<text>'" (the command then fails with exit status 1).
Collection parseCollectionOption(const std::string& text);
// The collections named in `texts` (each parsed as above) in the official order; all five when
// `texts` is empty.
std::vector<Collection> parseCollectionsOption(const std::vector<std::string>& texts);

}  // namespace tpugraphs::cli
