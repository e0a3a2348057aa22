// Shared command-line options built from the enum-name tables and the training option table.
#include "common/cli_options.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <iostream>

#include "base/number_text.h"
#include "train/option_table.h"

namespace tpugraphs::cli {

namespace {

std::vector<std::string> collectionNames() {
    std::vector<std::string> names;
    for (Collection c : kCollections) names.emplace_back(collectionName(c));
    return names;
}

// Checks that a value is one of `names`: "unknown collection 'x' (expected tile:xla, ...)".
CLI::Validator oneOf(const std::string& what, const std::vector<std::string>& names) {
    std::string list;
    for (const std::string& name : names) list += (list.empty() ? "" : ", ") + name;
    return CLI::Validator(
        [what, names, list](std::string& value) -> std::string {
            if (std::find(names.begin(), names.end(), value) != names.end()) return "";
            return "unknown " + what + " '" + value + "' (expected " + list + ")";
        },
        "", what);
}

std::string withNote(std::string help, const std::string& note) {
    return note.empty() ? help : help + " (" + note + ")";
}

Collection collectionNamed(const std::string& name) {
    Collection collection = Collection::TileXla;
    parseCollection(name, &collection);  // checked by oneOf first
    return collection;
}

Split splitNamed(const std::string& name) {
    Split split = Split::Train;
    parseSplit(name, &split);  // checked by oneOf first
    return split;
}

std::vector<std::string> splitNames(const std::vector<Split>& splits) {
    std::vector<std::string> names;
    for (Split s : splits) names.emplace_back(splitName(s));
    return names;
}

// The flag names of one option: "--key-with-dashes" and its aliases; a Flag also gets
// "!--no-key-with-dashes", and its aliases keep their "!" when they negate it.
std::string flagNames(const OptionSpec& spec) {
    std::string names = optionFlag(spec);
    if (spec.kind == OptionKind::Flag) names += ",!--no-" + optionFlag(spec).substr(2);
    for (const std::string& alias : spec.aliases) names += "," + alias;
    return names;
}

// A check that the number given is finite and `accepts` it, else "must be <bound>".
CLI::Validator numberCheck(const std::string& bound, const std::function<bool(double)>& accepts) {
    return CLI::Validator(
        [bound, accepts](std::string& text) {
            const double value = std::strtod(text.c_str(), nullptr);
            if (!std::isfinite(value)) return "'" + text + "' is not a finite number";
            return accepts(value) ? std::string() : "must be " + bound;
        },
        bound);
}

}  // namespace

CLI::Option* addDatasetOption(CLI::App& command, std::string* root, const std::string& note) {
    return command.add_option("--dataset", *root,
                              withNote("Dataset root (holds npz/ in the official layout)", note));
}

CLI::Option* addCollectionOption(CLI::App& command, std::optional<Collection>* collection,
                                 const std::string& note) {
    return command
        .add_option_function<std::string>(
            "--collection",
            [collection](const std::string& name) { *collection = collectionNamed(name); },
            withNote("Collection: tile:xla or layout:{xla|nlp}:{default|random}", note))
        ->check(oneOf("collection", collectionNames()));
}

CLI::Option* addCollectionsOption(CLI::App& command, std::vector<Collection>* collections,
                                  const std::string& note) {
    return command
        .add_option_function<std::vector<std::string>>(
            "--collections",
            [collections](const std::vector<std::string>& names) {
                collections->clear();
                for (Collection c : kCollections)
                    if (std::find(names.begin(), names.end(), collectionName(c)) != names.end())
                        collections->push_back(c);
            },
            withNote("Only these collections, comma-separated (default: all five)", note))
        ->delimiter(',')
        ->check(oneOf("collection", collectionNames()));
}

CLI::Option* addSplitOption(CLI::App& command, Split* split, const std::string& note,
                            const std::vector<Split>& allowed) {
    return command
        .add_option_function<std::string>(
            "--split", [split](const std::string& name) { *split = splitNamed(name); },
            withNote("Split", note))
        ->check(oneOf("split", splitNames(allowed)))
        ->default_str(splitName(*split));
}

CLI::Option* addSplitsOption(CLI::App& command, std::vector<Split>* splits,
                             const std::string& note) {
    return command
        .add_option_function<std::vector<std::string>>(
            "--splits",
            [splits](const std::vector<std::string>& names) {
                splits->clear();
                for (const std::string& name : names) splits->push_back(splitNamed(name));
            },
            withNote("Only these splits, comma-separated", note))
        ->delimiter(',')
        ->check(oneOf("split", splitNames({Split::Train, Split::Valid, Split::Test})));
}

CLI::Option* addRenamedCountOption(CLI::App& command, const std::string& name,
                                   const std::string& oldName, int* value, const std::string& help,
                                   int low, int high) {
    CLI::Option* option =
        command.add_option(name, *value, help)->capture_default_str()->check(CLI::Range(low, high));
    const std::string note = "note: " + oldName + " is deprecated, use " + name + "\n";
    command.add_option(oldName, *value, "Its old name, " + name + " now")
        ->group("Deprecated")
        ->check(CLI::Range(low, high))
        ->each([note](const std::string&) { std::cerr << note; });
    return option;
}

CLI::Option* addDeviceOption(CLI::App& command, std::string* device) {
    const OptionSpec& spec = *findTrainOption("device");
    *device = optionDefault(spec.key);
    return command.add_option(optionFlag(spec), *device, optionHelp(spec));
}

void addTrainOptionFlags(CLI::App& command, std::map<std::string, std::string>* given,
                         const std::vector<std::string>& keys) {
    for (const OptionSpec& spec : trainOptionTable()) {
        const std::string key = spec.key;
        if (!keys.empty() && std::find(keys.begin(), keys.end(), key) == keys.end()) continue;
        if (spec.kind == OptionKind::Flag) {
            command.add_flag_function(
                flagNames(spec),
                [given, key](int64_t count) { (*given)[key] = count > 0 ? "true" : "false"; },
                optionHelp(spec));
            continue;
        }
        const bool list = spec.kind == OptionKind::ChoiceList || spec.kind == OptionKind::TextList;
        CLI::Option* option =
            list ? command.add_option_function<std::vector<std::string>>(
                       flagNames(spec),
                       [given, key](const std::vector<std::string>& items) {
                           std::string text;
                           for (const std::string& item : items)
                               text += (text.empty() ? "" : ",") + item;
                           (*given)[key] = text;
                       },
                       optionHelp(spec))
                 : command.add_option_function<std::string>(
                       flagNames(spec),
                       [given, key](const std::string& text) { (*given)[key] = text; },
                       optionHelp(spec));
        if (list) option->delimiter(',');
        std::string what = key;
        std::replace(what.begin(), what.end(), '_', ' ');
        if (!spec.choices.empty()) option->check(oneOf(what, spec.choices));
    }
}

void applyTrainOptions(const std::map<std::string, std::string>& given, TrainOptions* options) {
    for (const auto& [key, text] : given) setTrainOption(*options, *findTrainOption(key), text);
}

CLI::Validator numberAbove(double low, bool orEqual) {
    return numberCheck(
        (orEqual ? "at least " : "above ") + shortestText(low),
        [low, orEqual](double value) { return value > low || (orEqual && value == low); });
}

CLI::Validator numberIn(double low, double high) {
    return numberCheck(shortestText(low) + " to " + shortestText(high),
                       [low, high](double value) { return value >= low && value <= high; });
}

}  // namespace tpugraphs::cli
