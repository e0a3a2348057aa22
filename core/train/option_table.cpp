// The training option table: every option's key, kind, range, help and defaults.
#include "train/option_table.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "base/number_text.h"

namespace tpugraphs {

namespace {

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> items;
    std::stringstream stream(text);
    std::string item;
    while (std::getline(stream, item, ','))
        if (!item.empty()) items.push_back(item);
    return items;
}

std::string joinList(const std::vector<std::string>& items) {
    std::string text;
    for (const std::string& item : items) text += (text.empty() ? "" : ",") + item;
    return text;
}

[[noreturn]] void badValue(const std::string& key, const std::string& text,
                           const std::string& expected) {
    std::string flag = key;
    std::replace(flag.begin(), flag.end(), '_', '-');
    throw std::invalid_argument("--" + flag + ": '" + text + "' is not " + expected);
}

double parseNumber(const std::string& key, const std::string& text, bool integer) {
    errno = 0;
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(value) ||
        (integer && value != std::floor(value)))
        badValue(key, text, integer ? "a whole number" : "a number");
    return value;
}

bool parseFlag(const std::string& key, const std::string& text) {
    if (text == "true" || text == "1") return true;
    if (text == "false" || text == "0") return false;
    badValue(key, text, "true or false");
}

// An option reading and writing one member of TrainOptions.
template <typename T>
OptionSpec member(const char* key, OptionKind kind, T TrainOptions::*field) {
    OptionSpec spec;
    spec.key = key;
    spec.kind = kind;
    if constexpr (std::is_same_v<T, bool>) {
        spec.get = [field](const TrainOptions& o) {
            return std::string(o.*field ? "true" : "false");
        };
        spec.assign = [field, key](TrainOptions& o, const std::string& text) {
            o.*field = parseFlag(key, text);
        };
    } else if constexpr (std::is_same_v<T, double>) {
        spec.get = [field](const TrainOptions& o) { return shortestText(o.*field); };
        spec.assign = [field, key](TrainOptions& o, const std::string& text) {
            o.*field = parseNumber(key, text, false);
        };
    } else if constexpr (std::is_integral_v<T>) {
        spec.get = [field](const TrainOptions& o) { return std::to_string(o.*field); };
        spec.assign = [field, key](TrainOptions& o, const std::string& text) {
            // Checked before the conversion: -1 must not become 18446744073709551615.
            const double value = parseNumber(key, text, true);
            using Limits = std::numeric_limits<T>;
            if (value < double(Limits::lowest()))
                badValue(key, text,
                         "a whole number of " + std::to_string(Limits::lowest()) + " or more");
            if (!(value < double(Limits::max()) + 1.0))
                badValue(key, text, "a whole number up to " + std::to_string(Limits::max()));
            o.*field = static_cast<T>(value);
        };
    } else if constexpr (std::is_same_v<T, std::string>) {
        spec.get = [field](const TrainOptions& o) { return o.*field; };
        spec.assign = [field](TrainOptions& o, const std::string& text) { o.*field = text; };
    } else {
        static_assert(std::is_same_v<T, std::vector<std::string>>);
        spec.get = [field](const TrainOptions& o) { return joinList(o.*field); };
        spec.assign = [field](TrainOptions& o, const std::string& text) {
            o.*field = splitList(text);
        };
    }
    return spec;
}

// A Choice option over an enum with a name table.
template <typename Enum>
OptionSpec choice(const char* key, Enum TrainOptions::*field, std::vector<std::string> names,
                  const char* (*name)(Enum), bool (*parse)(const std::string&, Enum*)) {
    OptionSpec spec;
    spec.key = key;
    spec.kind = OptionKind::Choice;
    spec.choices = std::move(names);
    spec.get = [field, name](const TrainOptions& o) { return std::string(name(o.*field)); };
    spec.assign = [field, parse, key, choices = spec.choices](TrainOptions& o,
                                                              const std::string& text) {
        if (!parse(text, &(o.*field))) badValue(key, text, "one of " + joinList(choices));
    };
    return spec;
}

// Fluent set-up of the descriptive fields.
struct Describe {
    OptionSpec spec;
    Describe& label(const char* text) {
        spec.label = text;
        return *this;
    }
    Describe& help(const char* text) {
        spec.help = text;
        return *this;
    }
    Describe& group(OptionGroup group) {
        spec.group = group;
        return *this;
    }
    Describe& range(double min, double max, const char* zeroMeans = "") {
        spec.min = min;
        spec.max = max;
        spec.zeroMeans = zeroMeans;
        return *this;
    }
    Describe& alias(const char* flag) {
        spec.aliases.emplace_back(flag);
        return *this;
    }
    Describe& onlyFor(GraphKind kind) {
        spec.onlyFor = kind;
        return *this;
    }
    Describe& basic() {
        spec.basic = true;
        return *this;
    }
    Describe& resumable() {
        spec.resumable = true;
        return *this;
    }
    Describe& logScale() {
        spec.logScale = true;
        return *this;
    }
    Describe& defaults(const std::string& all) {
        spec.defaults.fill(all);
        return *this;
    }
    // Tile's default, then layout's.
    Describe& defaults(const std::string& tile, const std::string& layout) {
        for (Collection c : kCollections)
            spec.defaults[collectionIndex(c)] =
                collectionKind(c) == GraphKind::Tile ? tile : layout;
        return *this;
    }
    // In the order of kCollections.
    Describe& defaults(const std::array<std::string, kCollectionCount>& perCollection) {
        spec.defaults = perCollection;
        return *this;
    }
};

Describe describe(OptionSpec spec) {
    return Describe{std::move(spec)};
}

std::vector<std::string> collectionNames() {
    std::vector<std::string> names;
    for (Collection c : kCollections) names.emplace_back(collectionName(c));
    return names;
}

OptionSpec collectionOption() {
    OptionSpec spec;
    spec.key = "collection";
    spec.kind = OptionKind::Choice;
    spec.choices = collectionNames();
    spec.get = [](const TrainOptions& o) { return std::string(collectionName(o.collection)); };
    spec.assign = [choices = spec.choices](TrainOptions& o, const std::string& text) {
        if (!parseCollection(text, &o.collection))
            badValue("collection", text, "one of " + joinList(choices));
    };
    return spec;
}

OptionSpec trainSplitsOption() {
    OptionSpec spec;
    spec.key = "train_splits";
    spec.kind = OptionKind::ChoiceList;
    spec.choices = {splitName(Split::Train), splitName(Split::Valid)};
    spec.get = [](const TrainOptions& o) {
        std::vector<std::string> names;
        for (Split s : o.trainSplits) names.emplace_back(splitName(s));
        return joinList(names);
    };
    spec.assign = [](TrainOptions& o, const std::string& text) {
        o.trainSplits.clear();
        for (const std::string& name : splitList(text)) {
            Split split;
            if (!parseSplit(name, &split)) badValue("train_splits", name, "a split name");
            o.trainSplits.push_back(split);
        }
    };
    return spec;
}

using K = OptionKind;
using G = OptionGroup;
constexpr double kMany = 1e9;  // "no limit" of counts and sizes

void dataOptions(std::vector<Describe>& d) {
    d.push_back(describe(member("dataset", K::Folder, &TrainOptions::datasetRoot))
                    .label("Dataset")
                    .help("Dataset root (holds npz/ in the official layout)")
                    .group(G::Data)
                    .basic()
                    .resumable());
    d.push_back(describe(collectionOption())
                    .label("Collection")
                    .help("The collection to train on")
                    .group(G::Data)
                    .basic()
                    .defaults("tile:xla"));
    d.push_back(describe(trainSplitsOption())
                    .label("Train on")
                    .help("Splits to train on: train, or train,valid to refit a final model")
                    .group(G::Data)
                    .basic()
                    .defaults("train"));
    d.push_back(describe(member("only_graphs", K::TextList, &TrainOptions::onlyGraphs))
                    .label("Only graphs")
                    .help("Train (and validate) only on these graph names (file stems)")
                    .group(G::Data)
                    .alias("--only"));
    d.push_back(describe(member("collapse_duplicates", K::Flag, &TrainOptions::collapseDuplicates))
                    .label("Collapse duplicates")
                    .help("Identical configs collapsed to their minimum runtime")
                    .group(G::Data)
                    .alias("!--keep-duplicates")
                    .defaults("true"));
    d.push_back(describe(member("prune_layout", K::Flag, &TrainOptions::pruneLayout))
                    .label("Prune layout graphs")
                    .help("Layout graphs pruned to the configurable nodes and their direct "
                          "producers and consumers")
                    .group(G::Data)
                    .alias("!--no-prune")
                    .onlyFor(GraphKind::Layout)
                    .defaults("true"));
    d.push_back(describe(member("mark_layout_padding", K::Flag, &TrainOptions::markLayoutPadding))
                    .label("Mark layout padding")
                    .help("layout_minor_to_major padding read as -1, kept apart from dimension 0 "
                          "(off: the files' 0)")
                    .group(G::Data)
                    .alias("!--zero-layout-padding")
                    .onlyFor(GraphKind::Layout)
                    .defaults("true"));
    d.push_back(
        describe(member("tile_relative_features", K::Flag, &TrainOptions::tileRelativeFeatures))
            .label("Tile relative features")
            .help("Config features relative to the output's shape appended (tiles per "
                  "dim, padding and vector-register waste)")
            .group(G::Data)
            .onlyFor(GraphKind::Tile)
            .defaults("true"));
}

void modelOptions(std::vector<Describe>& d) {
    d.push_back(describe(choice("model", &TrainOptions::model, modelTypeNames(), modelTypeName,
                                parseModelType))
                    .label("Model")
                    .help("The cost model (docs/TRAINING.md)")
                    .group(G::Model)
                    .basic()
                    .defaults("late-join-sage", "layout-sage"));
    d.push_back(describe(member("hidden_dim", K::Integer, &TrainOptions::hiddenDim))
                    .label("Hidden width")
                    .help("Width of the node states")
                    .group(G::Model)
                    .basic()
                    .range(1, 4096)
                    .alias("--hidden")
                    .defaults("64"));
    d.push_back(describe(member("layers", K::Integer, &TrainOptions::layers))
                    .label("Layers")
                    .help("Message-passing layers")
                    .group(G::Model)
                    .basic()
                    .range(0, 64)
                    .defaults("3"));
    d.push_back(describe(member("opcode_embedding", K::Integer, &TrainOptions::opcodeEmbedding))
                    .label("Opcode embedding")
                    .help("Width of the opcode embedding")
                    .group(G::Model)
                    .range(0, 1024)
                    .defaults("32"));
    d.push_back(describe(member("dropout", K::Real, &TrainOptions::dropout))
                    .label("Dropout")
                    .help("Dropout after each block")
                    .group(G::Model)
                    .range(0, 0.9)
                    // 0.1 helps the random collections on held-out generated graphs; on the
                    // default ones the real unet3d guard (0.54 without, 0.24 with) and the
                    // realistic nlp:default (-0.09 with) say no (docs/TRAINING.md#recipes).
                    .defaults({"0", "0", "0.1", "0", "0.1"}));
    d.push_back(describe(member("bidirectional", K::Flag, &TrainOptions::bidirectional))
                    .label("Bidirectional")
                    .help("Aggregate over consumers as well as producers")
                    .group(G::Model)
                    .alias("!--producers-only")
                    .defaults("true"));
    d.push_back(
        describe(member("self_channel_attention", K::Flag, &TrainOptions::selfChannelAttention))
            .label("Channel attention")
            .help("Squeeze-excitation attention over channels in each block")
            .group(G::Model)
            .alias("!--no-channel-attention")
            .defaults("true"));
    d.push_back(
        describe(member("cross_config_attention", K::Flag, &TrainOptions::crossConfigAttention))
            .label("Cross-config attention")
            .help("Layout and early-join blocks attend over the configs of a node")
            .group(G::Model)
            .alias("!--no-cross-attention")
            .defaults("true"));
    d.push_back(describe(choice("readout", &TrainOptions::readout, layoutReadoutNames(),
                                layoutReadoutName, parseLayoutReadout))
                    .label("Readout")
                    .help("node-sum: per-node scores summed; pooled: mean pool + MLP")
                    .group(G::Model)
                    .onlyFor(GraphKind::Layout)
                    .defaults("node-sum"));
    d.push_back(describe(choice("attention_form", &TrainOptions::attentionForm,
                                attentionFormNames(), attentionFormName, parseAttentionForm))
                    .label("Attention form")
                    .help("context: merge each state with the weighted mean over configs; "
                          "first-place: with the weighted state itself")
                    .group(G::Model)
                    .alias("--attention")
                    .defaults("context"));
}

void lossOptions(std::vector<Describe>& d) {
    d.push_back(
        describe(choice("loss", &TrainOptions::loss, lossTypeNames(), lossTypeName, parseLossType))
            .label("Loss")
            .help("The ranking loss")
            .group(G::Loss)
            .basic()
            .defaults("pairwise-hinge"));
    d.push_back(describe(member("margin", K::Real, &TrainOptions::margin))
                    .label("Margin")
                    .help("Margin of the hinge and margin-ranking losses")
                    .group(G::Loss)
                    .range(0, 100)
                    .defaults("0.1"));
    d.push_back(describe(choice("optimizer", &TrainOptions::optimizer, optimizerTypeNames(),
                                optimizerTypeName, parseOptimizerType))
                    .label("Optimiser")
                    .help("adamw (decoupled weight decay) or adam")
                    .group(G::Loss)
                    .defaults("adamw"));
    d.push_back(describe(choice("schedule", &TrainOptions::schedule, scheduleTypeNames(),
                                scheduleTypeName, parseScheduleType))
                    .label("Schedule")
                    .help("Learning-rate schedule; cosine and one-cycle warm up first")
                    .group(G::Loss)
                    .basic()
                    .defaults("cosine"));
    d.push_back(describe(member("learning_rate", K::Real, &TrainOptions::learningRate))
                    .label("Learning rate")
                    .help("Peak learning rate")
                    .group(G::Loss)
                    .basic()
                    .range(0, 1, "no update (an untrained baseline)")
                    .logScale()
                    .alias("--lr")
                    .defaults("0.001"));
    d.push_back(describe(member("weight_decay", K::Real, &TrainOptions::weightDecay))
                    .label("Weight decay")
                    .help("Weight decay (weight matrices only, unless decay_all_parameters)")
                    .group(G::Loss)
                    .range(0, 1)
                    .logScale()
                    .defaults("0.0001"));
    d.push_back(describe(member("warmup_fraction", K::Real, &TrainOptions::warmupFraction))
                    .label("Warm-up")
                    .help("Warm-up fraction of the steps")
                    .group(G::Loss)
                    .range(0, 0.5)
                    .alias("--warmup")
                    .defaults("0.05"));
    d.push_back(describe(member("grad_clip", K::Real, &TrainOptions::gradClip))
                    .label("Gradient clip")
                    .help("Max gradient norm")
                    .group(G::Loss)
                    .range(0, 1e6, "off")
                    .defaults("1"));
    d.push_back(describe(member("decay_all_parameters", K::Flag, &TrainOptions::decayAllParameters))
                    .label("Decay all parameters")
                    .help("Weight decay on biases, LayerNorm weights and embeddings too")
                    .group(G::Loss)
                    .defaults("false"));
}

void lengthOptions(std::vector<Describe>& d) {
    d.push_back(describe(member("steps", K::Integer, &TrainOptions::steps))
                    .label("Steps")
                    .help("Optimiser steps")
                    .group(G::Length)
                    .basic()
                    .resumable()
                    .range(0, kMany, "by epochs")
                    .defaults("0"));
    d.push_back(describe(member("epochs", K::Integer, &TrainOptions::epochs))
                    .label("Epochs")
                    .help("Epochs when steps is 0 (one epoch = every train graph once)")
                    .group(G::Length)
                    .basic()
                    .resumable()
                    .range(1, 1e6)
                    .defaults("10"));
    d.push_back(describe(member("time_limit_minutes", K::Real, &TrainOptions::timeLimitMinutes))
                    .label("Time limit (min)")
                    .help("Wall time this session may take from its start, loading included: "
                          "the run measures its steps as it goes and ends at the last step that "
                          "fits (the learning-rate schedule follows the shorter length) instead "
                          "of overrunning")
                    .group(G::Length)
                    .resumable()
                    .range(0, 1e6, "none")
                    .defaults("0"));
    d.push_back(describe(member("batch_graphs", K::Integer, &TrainOptions::batchGraphs))
                    .label("Graphs per step")
                    .help("Graphs per step (one block-diagonal batch)")
                    .group(G::Length)
                    .basic()
                    .range(1, 1024)
                    .defaults("4"));
    d.push_back(describe(member("configs_per_graph", K::Integer, &TrainOptions::configsPerGraph))
                    .label("Configs per graph")
                    .help("Configs sampled per graph and step (all when a graph has fewer)")
                    .group(G::Length)
                    .basic()
                    .range(2, 100000)
                    .defaults({"64", "64", "128", "64", "128"}));
}

void validationOptions(std::vector<Describe>& d) {
    d.push_back(
        describe(member("validation_interval", K::Integer, &TrainOptions::validationInterval))
            .label("Validate every")
            .help("Steps between validations")
            .group(G::Validation)
            .basic()
            .resumable()
            .range(0, kMany, "each epoch")
            .alias("--validate-every")
            .defaults("0"));
    d.push_back(describe(member("holdout_configs", K::Real, &TrainOptions::holdoutConfigs))
                    .label("Held-out configs")
                    .help("Validate on this fraction of each train graph's distinct configs "
                          "(seeded) instead of on the valid split")
                    .group(G::Validation)
                    .basic()
                    .range(0, 0.9, "the valid split")
                    .defaults("0"));
    d.push_back(describe(member("max_valid_graphs", K::Integer, &TrainOptions::maxValidGraphs))
                    .label("Max valid graphs")
                    .help("Validate on at most this many graphs")
                    .group(G::Validation)
                    .basic()
                    .resumable()
                    .range(0, kMany, "all")
                    .defaults("0"));
    d.push_back(describe(member("valid_configs", K::Integer, &TrainOptions::validConfigs))
                    .label("Valid configs per graph")
                    .help("Periodic validations score a fixed seeded subset of at most this many "
                          "configs per graph; the final validation scores all")
                    .group(G::Validation)
                    .basic()
                    .resumable()
                    .range(0, kMany, "all")
                    .defaults("0"));
    d.push_back(describe(member("validate", K::Flag, &TrainOptions::validate))
                    .label("Validate")
                    .help("Validate during the run (off: the valid split is not loaded; the run "
                          "is scored afterwards, e.g. by `evaluate`)")
                    .group(G::Validation)
                    .resumable()
                    .defaults("true"));
    d.push_back(
        describe(member("full_final_validation", K::Flag, &TrainOptions::fullFinalValidation))
            .label("Full final validation")
            .help("The last validation scores every config of every valid graph (off: "
                  "the same subset as the periodic ones, when valid_configs is set)")
            .group(G::Validation)
            .resumable()
            .defaults("true"));
    d.push_back(describe(member("early_stopping_patience", K::Integer,
                                &TrainOptions::earlyStoppingPatience))
                    .label("Patience")
                    .help("Stop after this many validations without improvement")
                    .group(G::Validation)
                    .resumable()
                    .range(0, 1e6, "off")
                    .alias("--patience")
                    .defaults("0"));
}

void memoryOptions(std::vector<Describe>& d) {
    d.push_back(describe(member("max_step_mb", K::Integer, &TrainOptions::maxStepMb))
                    .label("Step memory budget (MiB)")
                    .help("Memory budget of one step: the step's graphs run in micro-batches "
                          "that fit, gradients accumulated to the whole batch's; a graph that "
                          "does not fit alone trains on fewer configs (at least 2, with a note)")
                    .group(G::Memory)
                    .basic()
                    .resumable()
                    .range(0, 1e7, "no budget")
                    .defaults(std::to_string(kDefaultMaxStepMb)));
    d.push_back(describe(member("segment_nodes", K::Integer, &TrainOptions::segmentNodes))
                    .label("Segments (nodes)")
                    .help("Graph segment training: graphs of more pruned nodes are cut into "
                          "segments of at most this many; a step backpropagates through one and "
                          "adds the others' last scores (needs the node-sum readout)")
                    .group(G::Memory)
                    .basic()
                    .onlyFor(GraphKind::Layout)
                    .range(0, kMany, "whole graphs")
                    .defaults("0"));
}

void runOptions(std::vector<Describe>& d) {
    d.push_back(describe(member("log_interval", K::Integer, &TrainOptions::logInterval))
                    .label("Report every")
                    .help("Steps between progress reports (and history rows)")
                    .group(G::Run)
                    .resumable()
                    .range(1, kMany)
                    .alias("--log-every")
                    .defaults("10"));
    d.push_back(describe(member("seed", K::Integer, &TrainOptions::seed))
                    .label("Seed")
                    .help("Random seed (graph order, config sampling, dropout, held-out configs)")
                    .group(G::Run)
                    .range(0, 9007199254740992.0)
                    .defaults("0"));
    d.push_back(describe(member("balance_by_speed", K::Flag, &TrainOptions::balanceBySpeed))
                    .label("Balance workers by speed")
                    .help("Data-parallel runs: share each step's graphs by each worker's measured "
                          "speed as well as by size (off: by size alone, so a run with dropout "
                          "repeats exactly)")
                    .group(G::Run)
                    .resumable()
                    .defaults("true"));
    d.push_back(describe(member("device", K::Text, &TrainOptions::device))
                    .label("Device")
                    .help("cpu, or cuda / cuda:N (a CUDA build of LibTorch)")
                    .group(G::Run)
                    .resumable()
                    .defaults("cpu"));
    d.push_back(describe(member("run_dir", K::Folder, &TrainOptions::runDir))
                    .label("Run directory")
                    .help("Run directory to create (empty or absent)")
                    .group(G::Run)
                    .basic()
                    .alias("--out"));
}

std::vector<OptionSpec> buildTable() {
    std::vector<Describe> d;
    dataOptions(d);
    modelOptions(d);
    lossOptions(d);
    lengthOptions(d);
    validationOptions(d);
    memoryOptions(d);
    runOptions(d);
    std::vector<OptionSpec> table;
    for (Describe& entry : d) table.push_back(std::move(entry.spec));
    return table;
}

}  // namespace

const char* optionGroupTitle(OptionGroup group) {
    switch (group) {
        case OptionGroup::Data:
            return "Data";
        case OptionGroup::Model:
            return "Model";
        case OptionGroup::Loss:
            return "Loss and optimiser";
        case OptionGroup::Length:
            return "Length";
        case OptionGroup::Validation:
            return "Validation";
        case OptionGroup::Memory:
            return "Memory";
        case OptionGroup::Run:
            return "Run";
    }
    return "";
}

const std::vector<OptionSpec>& trainOptionTable() {
    static const std::vector<OptionSpec> table = buildTable();
    return table;
}

const OptionSpec* findTrainOption(const std::string& key) {
    for (const OptionSpec& spec : trainOptionTable())
        if (spec.key == key) return &spec;
    return nullptr;
}

const std::string& optionDefault(const std::string& key, Collection collection) {
    const OptionSpec* spec = findTrainOption(key);
    if (!spec) throw std::invalid_argument("no training option '" + key + "'");
    return spec->defaults[collectionIndex(collection)];
}

std::string optionFlag(const OptionSpec& spec) {
    std::string flag = "--" + spec.key;
    std::replace(flag.begin(), flag.end(), '_', '-');
    return flag;
}

std::vector<std::string> optionChoices(const OptionSpec& spec, Collection collection) {
    if (spec.key != "model") return spec.choices;
    std::vector<std::string> names;
    for (ModelType type : modelTypesFor(collectionKind(collection)))
        names.emplace_back(modelTypeName(type));
    return names;
}

std::string optionHelp(const OptionSpec& spec) {
    std::string text = spec.help;
    std::vector<std::string> parts;
    const auto& d = spec.defaults;
    if (std::all_of(d.begin(), d.end(), [&](const std::string& v) { return v == d[0]; })) {
        if (!d[0].empty()) parts.push_back("default " + d[0]);
    } else {
        std::string defaults = "default";
        for (Collection c : kCollections)
            defaults += std::string(c == kCollections[0] ? " " : ", ") + collectionName(c) + " " +
                        d[collectionIndex(c)];
        parts.push_back(defaults);
    }
    if (spec.kind == OptionKind::Integer || spec.kind == OptionKind::Real)
        parts.push_back(shortestText(spec.min) + " to " + shortestText(spec.max));
    if (!spec.zeroMeans.empty()) parts.push_back("0 = " + spec.zeroMeans);
    if (!spec.choices.empty()) {
        std::string names;
        for (const std::string& name : spec.choices) names += (names.empty() ? "" : ", ") + name;
        parts.push_back(names);
    }
    if (spec.onlyFor)
        parts.push_back(std::string(*spec.onlyFor == GraphKind::Layout ? "layout" : "tile") +
                        " runs only");
    if (!spec.resumable) parts.push_back("fixed on --resume");
    for (size_t i = 0; i < parts.size(); ++i) text += (i == 0 ? " (" : "; ") + parts[i];
    return parts.empty() ? text : text + ")";
}

void setTrainOption(TrainOptions& options, const OptionSpec& spec, const std::string& text) {
    spec.assign(options, text);
}

std::string optionRangeProblem(const OptionSpec& spec, const TrainOptions& options) {
    if (spec.kind != OptionKind::Integer && spec.kind != OptionKind::Real) return "";
    const std::string text = spec.get(options);
    const double value = std::strtod(text.c_str(), nullptr);
    if (value >= spec.min && value <= spec.max) return "";
    return optionFlag(spec) + " " + text + " is out of range: " + shortestText(spec.min) + " to " +
           shortestText(spec.max);
}

std::vector<std::string> changedOptionKeys(const TrainOptions& options) {
    const TrainOptions defaults = defaultTrainOptions(options.collection);
    std::vector<std::string> keys;
    for (const OptionSpec& spec : trainOptionTable()) {
        if (spec.key == "dataset" || spec.key == "run_dir" || spec.key == "collection") continue;
        if (spec.get(options) != spec.get(defaults)) keys.push_back(spec.key);
    }
    return keys;
}

}  // namespace tpugraphs
