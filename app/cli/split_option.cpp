// Parses split and collection names given on the command line.
#include "split_option.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <stdexcept>

namespace tpugraphs::cli {

Split parseSplitOption(const std::string& text, const std::string& option) {
    Split split;
    if (!parseSplit(text, &split))
        throw CLI::ValidationError(option,
                                   "unknown split '" + text + "' (expected train, valid or test)");
    return split;
}

Collection parseCollectionOption(const std::string& text) {
    Collection collection;
    if (!parseCollection(text, &collection))
        throw std::invalid_argument("unknown collection '" + text +
                                    "' (expected tile:xla or layout:{xla|nlp}:{default|random})");
    return collection;
}

std::vector<Collection> parseCollectionsOption(const std::vector<std::string>& texts) {
    std::vector<Collection> named;
    for (const std::string& text : texts) named.push_back(parseCollectionOption(text));
    std::vector<Collection> collections;
    for (Collection c : kCollections)
        if (texts.empty() || std::find(named.begin(), named.end(), c) != named.end())
            collections.push_back(c);
    return collections;
}

}  // namespace tpugraphs::cli
