// The one table of training options: for each, its key (the options.json key; the CLI flag is
// "--" + key with '-' for '_'; the app's form names its widget after it), kind, range or
// choices, help, default per collection, and whether a resume may change it. The CLI, the JSON
// reader and writer, the form and the range checks are all built from it. No torch.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "train/train_options.h"

namespace tpugraphs {

enum class OptionKind {
    Integer,
    Real,
    Flag,        // true/false; on the command line --key and --no-key
    Choice,      // one name of `choices`
    ChoiceList,  // names of `choices`, comma-separated on the command line
    Text,
    TextList,  // comma-separated on the command line
    Folder,    // a path to a folder
};

// Sections of the app's form, in their order.
enum class OptionGroup { Data, Model, Loss, Length, Validation, Memory, Run };
const char* optionGroupTitle(OptionGroup group);

struct OptionSpec {
    std::string key;    // options.json key, e.g. "learning_rate"
    std::string label;  // the form's label, e.g. "Learning rate"
    std::string help;   // one or two sentences, without the default or range
    OptionKind kind = OptionKind::Integer;
    OptionGroup group = OptionGroup::Run;
    double min = 0, max = 0;           // Integer and Real: allowed range, both ends included
    std::string zeroMeans;             // Integer and Real: what 0 stands for ("all", "off")
    std::vector<std::string> choices;  // Choice and ChoiceList: the allowed names
    // Earlier command-line spellings kept as aliases for one release, e.g. "--lr"; a Flag's
    // alias starting with '!' sets it false (e.g. "!--keep-duplicates").
    std::vector<std::string> aliases;
    std::optional<GraphKind> onlyFor;  // an option of tile or of layout runs alone
    bool basic = false;                // in the form's first sections (the rest: "More options")
    bool resumable = false;            // a resume may change it
    bool logScale = false;             // Real: stepped by factors (1, 2, 5, 10, ...) in the app
    std::array<std::string, kCollectionCount> defaults;   // as text, per collection (kCollections)
    std::function<std::string(const TrainOptions&)> get;  // the value as text
    std::function<void(TrainOptions&, const std::string&)> assign;  // parsed (kind checked)
};

// Every training option, in the form's order.
const std::vector<OptionSpec>& trainOptionTable();
// The option of `key` (an options.json key); nullptr when there is none.
const OptionSpec* findTrainOption(const std::string& key);

// The table's default of `key` (an options.json key) for `collection`, as text, e.g. "cpu" for
// "device"; std::invalid_argument for a key the table lacks.
const std::string& optionDefault(const std::string& key,
                                 Collection collection = Collection::TileXla);

// "--learning-rate" for "learning_rate".
std::string optionFlag(const OptionSpec& spec);
// The choices of an option as a run of `collection` offers them (model: the models of its kind).
std::vector<std::string> optionChoices(const OptionSpec& spec, Collection collection);
// Help with the default and the range, e.g. "Peak learning rate (default 0.001; 1e-07 to 1)".
std::string optionHelp(const OptionSpec& spec);

// Sets `key` from text: parses it as the option's kind (std::invalid_argument naming the flag,
// the text and what was expected). Ranges are checked by checkTrainOptions.
void setTrainOption(TrainOptions& options, const OptionSpec& spec, const std::string& text);
// The option's range problem ("" when in range): "--learning-rate 1000 is out of range: 1e-07
// to 1".
std::string optionRangeProblem(const OptionSpec& spec, const TrainOptions& options);

// Keys whose value differs from the collection's default (what makes a run different), in
// table order; runDir, dataset and collection are left out.
std::vector<std::string> changedOptionKeys(const TrainOptions& options);

}  // namespace tpugraphs
