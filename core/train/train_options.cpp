// Training options: defaults and checks from the option table, options.json and resumes.
#include "train/train_options.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <stdexcept>

#include "base/enum_names.h"
#include "base/number_text.h"
#include "train/option_table.h"

namespace tpugraphs {

namespace {

const EnumName<OptimizerType> kOptimizers[] = {{OptimizerType::AdamW, "adamw"},
                                               {OptimizerType::Adam, "adam"}};
const EnumName<ScheduleType> kSchedules[] = {{ScheduleType::Constant, "constant"},
                                             {ScheduleType::Cosine, "cosine"},
                                             {ScheduleType::OneCycle, "one-cycle"}};

void applyDefaults(TrainOptions& options, Collection collection) {
    for (const OptionSpec& spec : trainOptionTable()) {
        const std::string& value = spec.defaults[collectionIndex(collection)];
        if (spec.key != "collection" && !value.empty()) spec.assign(options, value);
    }
    options.collection = collection;
}

nlohmann::json jsonValue(const OptionSpec& spec, const TrainOptions& options) {
    const std::string text = spec.get(options);
    switch (spec.kind) {
        case OptionKind::Integer:
        case OptionKind::Real:
            return nlohmann::json::parse(text);
        case OptionKind::Flag:
            return text == "true";
        case OptionKind::ChoiceList:
        case OptionKind::TextList: {
            nlohmann::json list = nlohmann::json::array();
            std::string item;
            for (char c : text + ",") {
                if (c != ',') {
                    item += c;
                } else if (!item.empty()) {
                    list.push_back(item);
                    item.clear();
                }
            }
            return list;
        }
        default:
            return text;
    }
}

std::string textOf(const nlohmann::json& value) {
    if (value.is_string()) return value.get<std::string>();
    if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
    if (value.is_number_unsigned()) return std::to_string(value.get<uint64_t>());
    if (value.is_number_integer()) return std::to_string(value.get<int64_t>());
    if (value.is_number()) return shortestText(value.get<double>());
    if (value.is_array()) {
        std::string text;
        for (const auto& item : value) text += (text.empty() ? "" : ",") + textOf(item);
        return text;
    }
    throw std::runtime_error("not a value an option takes: " + value.dump());
}

// options.json files of earlier versions, brought to today's keys and meanings.
void upgradeLegacyKeys(nlohmann::json& j) {
    if (j.contains("dataset_root") && !j.contains("dataset")) j["dataset"] = j["dataset_root"];
    j.erase("dataset_root");
    // 0 configs per graph and a negative dropout meant "the collection's default".
    if (j.contains("configs_per_graph") && j["configs_per_graph"] == 0)
        j.erase("configs_per_graph");
    if (j.contains("dropout") && j["dropout"].is_number() && j["dropout"].get<double>() < 0)
        j.erase("dropout");
    // Runs written before these options existed decayed every parameter, padded with 0 and had
    // no relative tile features.
    if (!j.contains("decay_all_parameters")) j["decay_all_parameters"] = true;
    if (!j.contains("mark_layout_padding")) j["mark_layout_padding"] = false;
    if (!j.contains("tile_relative_features")) j["tile_relative_features"] = false;
}

}  // namespace

const char* optimizerTypeName(OptimizerType type) {
    return enumName(kOptimizers, type);
}
const char* scheduleTypeName(ScheduleType type) {
    return enumName(kSchedules, type);
}
bool parseOptimizerType(const std::string& text, OptimizerType* type) {
    return parseEnumName(kOptimizers, text, type);
}
bool parseScheduleType(const std::string& text, ScheduleType* type) {
    return parseEnumName(kSchedules, text, type);
}
std::vector<std::string> optimizerTypeNames() {
    return enumNames(kOptimizers);
}
std::vector<std::string> scheduleTypeNames() {
    return enumNames(kSchedules);
}

TrainOptions::TrainOptions() {
    applyDefaults(*this, Collection::TileXla);
}

TrainOptions defaultTrainOptions(Collection collection) {
    TrainOptions options;
    applyDefaults(options, collection);
    return options;
}

void checkTrainOptions(const TrainOptions& o) {
    auto fail = [](const std::string& message) { throw std::invalid_argument(message); };
    for (const OptionSpec& spec : trainOptionTable()) {
        const std::string problem = optionRangeProblem(spec, o);
        if (!problem.empty()) fail(problem);
    }
    if (modelGraphKind(o.model) != collectionKind(o.collection))
        fail(std::string("--model ") + modelTypeName(o.model) + " does not read the graphs of " +
             collectionName(o.collection));
    if (o.holdoutConfigs > 0 && !o.collapseDuplicates)
        fail(
            "--holdout-configs needs duplicate configs collapsed (drop --no-collapse-duplicates): "
            "identical configs would be trained on and validated on at once");
    if (o.holdoutConfigs > 0 && !o.validate)
        fail("--holdout-configs holds configs out for validation, which --no-validate turns off");
    if (o.segmentNodes > 0 && o.readout != LayoutReadout::NodeScoreSum)
        fail(
            "--segment-nodes needs the node-sum readout: segment scores add up to the "
            "graph's");
    if (o.trainSplits.empty()) fail("--train-splits: no split given");
    for (Split split : o.trainSplits)
        if (split == Split::Test)
            fail("--train-splits: the test split has no runtimes to train on (train, valid)");
}

std::string trainOptionsToJson(const TrainOptions& options) {
    nlohmann::json j = nlohmann::json::object();
    for (const OptionSpec& spec : trainOptionTable()) j[spec.key] = jsonValue(spec, options);
    return j.dump(2) + "\n";
}

TrainOptions trainOptionsFromJson(const std::string& text, const std::string& source) {
    try {
        auto j = nlohmann::json::parse(text);
        if (!j.is_object()) throw std::runtime_error("options are not a JSON object");
        upgradeLegacyKeys(j);
        Collection collection = Collection::TileXla;
        if (j.contains("collection")) {
            const std::string name = textOf(j.at("collection"));
            if (!parseCollection(name, &collection))
                throw std::runtime_error("unknown collection '" + name + "'");
        }
        TrainOptions o = defaultTrainOptions(collection);
        for (const OptionSpec& spec : trainOptionTable())
            if (j.contains(spec.key)) spec.assign(o, textOf(j.at(spec.key)));
        return o;
    } catch (const std::exception& e) {
        throw std::runtime_error(source + ": " + e.what());
    }
}

namespace {

// Options added while runs were written in format version 2: a version 2 run may lack them, and
// trains with their defaults, which is what it trained with (the options did not exist yet).
bool addedDuringVersion2(const std::string& key) {
    return key == "validate" || key == "balance_by_speed" || key == "time_limit_minutes";
}

}  // namespace

TrainOptions runOptionsFromJson(const std::string& text, const std::string& source,
                                int formatVersion) {
    std::string missing;
    try {
        const auto j = nlohmann::json::parse(text);
        if (j.is_object())
            for (const OptionSpec& spec : trainOptionTable())
                if (!j.contains(spec.key) &&
                    !(spec.key == "dataset" && j.contains("dataset_root")) &&
                    !(formatVersion <= 2 && addedDuringVersion2(spec.key)))
                    missing += (missing.empty() ? "" : ", ") + spec.key;
    } catch (const nlohmann::json::exception&) {
        // trainOptionsFromJson names the syntax error
    }
    if (!missing.empty())
        throw std::runtime_error(
            source + ": options missing (the file is damaged or was edited): " + missing);
    return trainOptionsFromJson(text, source);
}

TrainOptions resumeOptions(const TrainOptions& run, int64_t stepReached, int64_t plannedSteps,
                           const std::map<std::string, std::string>& changes) {
    TrainOptions o = run;
    for (const auto& [key, text] : changes) {
        const OptionSpec* spec = findTrainOption(key);
        if (!spec) throw std::invalid_argument("unknown option '" + key + "'");
        if (!spec->resumable && spec->get(run) != text) {
            TrainOptions changed = run;
            spec->assign(changed, text);
            if (spec->get(changed) != spec->get(run))
                throw std::invalid_argument(optionFlag(*spec) +
                                            " cannot change on a resume: the run trains with " +
                                            spec->get(run));
        }
        spec->assign(o, text);
    }
    o.resume = true;
    const bool longer =
        o.steps > 0 ? o.steps > stepReached : run.steps == 0 && o.epochs > run.epochs;
    if (stepReached >= plannedSteps && !longer)
        throw std::invalid_argument("the run is complete at step " + std::to_string(stepReached) +
                                    " of " + std::to_string(plannedSteps) +
                                    ": give a larger --steps (more than " +
                                    std::to_string(stepReached) + ") to train it further");
    if (o.steps > 0 && o.steps < stepReached)
        throw std::invalid_argument("--steps " + std::to_string(o.steps) +
                                    " is below the step the run reached (" +
                                    std::to_string(stepReached) + ")");
    return o;
}

}  // namespace tpugraphs
