// The options every command shares, declared once with one help text each and checked against
// the enum-name tables: --dataset, --collection(s), --split(s), and the training options of the
// option table (train/option_table.h) as flags.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "data/dataset.h"
#include "train/train_options.h"

namespace CLI {
class App;
class Option;
class Validator;
}  // namespace CLI

namespace tpugraphs::cli {

// --dataset ROOT. `note` is appended to the shared help, e.g. "default: the run's".
CLI::Option* addDatasetOption(CLI::App& command, std::string* root, const std::string& note = "");
// --collection NAME (one of the five); unset stays std::nullopt.
CLI::Option* addCollectionOption(CLI::App& command, std::optional<Collection>* collection,
                                 const std::string& note = "");
// --collections A,B,... (any of the five, in the official order; all five when not given).
CLI::Option* addCollectionsOption(CLI::App& command, std::vector<Collection>* collections,
                                  const std::string& note = "");
// --split NAME among `allowed` (default: all three); *split keeps its value when not given.
CLI::Option* addSplitOption(CLI::App& command, Split* split, const std::string& note = "",
                            const std::vector<Split>& allowed = {Split::Train, Split::Valid,
                                                                 Split::Test});
// --splits A,B among train, valid, test.
CLI::Option* addSplitsOption(CLI::App& command, std::vector<Split>* splits,
                             const std::string& note = "");

// A check that the number given is above `low` (or at least `low` when `orEqual`), with a
// readable message ("must be above 0"): CLI11's PositiveNumber and NonNegativeNumber print
// their upper bound, DBL_MAX, in all its 309 digits.
CLI::Validator numberAbove(double low, bool orEqual = false);
// A check that the number given is finite and within low..high (CLI::Range lets NaN through).
CLI::Validator numberIn(double low, double high);

// An integer option in low..high renamed from `oldName` (`--workers` became `--ranks` in train
// and `--parallel` in sweep and submission): `oldName` stays an alias for one release (listed under
// "Deprecated") that sets the same *value and prints a one-line deprecation note on stderr. Returns
// the option.
CLI::Option* addRenamedCountOption(CLI::App& command, const std::string& name,
                                   const std::string& oldName, int* value, const std::string& help,
                                   int low, int high);

// --device as the option table declares it (its help and default), for the commands that run a
// trained model: *device starts at the table's default.
CLI::Option* addDeviceOption(CLI::App& command, std::string* device);

// The training options of the table as flags (--key-with-dashes, its old aliases, --no-key for
// flags): all of them, or those of `keys`. The text of each one given lands in *given, keyed by
// its options.json key.
void addTrainOptionFlags(CLI::App& command, std::map<std::string, std::string>* given,
                         const std::vector<std::string>& keys = {});
// Sets every option of `given` (key -> text) in *options (std::invalid_argument naming the flag
// when a text does not parse).
void applyTrainOptions(const std::map<std::string, std::string>& given, TrainOptions* options);

}  // namespace tpugraphs::cli
