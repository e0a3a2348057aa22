// Names of the training enums and options.json (de)serialisation.
#include "train/train_options.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

#include "base/enum_names.h"

namespace tpugraphs {

namespace {

const EnumName<ModelType> kModels[] = {{ModelType::TileMlp, "tile-mlp"},
                                       {ModelType::TileLateJoinSage, "late-join-sage"},
                                       {ModelType::TileEarlyJoinSage, "early-join-sage"},
                                       {ModelType::LayoutSage, "layout-sage"}};
const EnumName<LossType> kLosses[] = {{LossType::Mse, "mse"},
                                      {LossType::PairwiseHinge, "pairwise-hinge"},
                                      {LossType::ListMle, "list-mle"},
                                      {LossType::MarginRanking, "margin-ranking"}};
const EnumName<OptimizerType> kOptimizers[] = {{OptimizerType::AdamW, "adamw"},
                                               {OptimizerType::Adam, "adam"}};
const EnumName<ScheduleType> kSchedules[] = {{ScheduleType::Constant, "constant"},
                                             {ScheduleType::Cosine, "cosine"},
                                             {ScheduleType::OneCycle, "one-cycle"}};
const EnumName<LayoutReadout> kReadouts[] = {{LayoutReadout::NodeScoreSum, "node-sum"},
                                             {LayoutReadout::Pooled, "pooled"}};

template <typename Enum, size_t N>
Enum enumField(const nlohmann::json& j, const char* key, const EnumName<Enum> (&table)[N],
               Enum fallback, const std::string& source) {
    if (!j.contains(key)) return fallback;
    Enum value = fallback;
    if (!parseEnumName(table, j.at(key).get<std::string>(), &value))
        throw std::runtime_error(source + ": unknown " + key + " '" + j.at(key).get<std::string>() +
                                 "'");
    return value;
}

template <typename T>
void field(const nlohmann::json& j, const char* key, T* value) {
    if (j.contains(key)) *value = j.at(key).get<T>();
}

}  // namespace

const char* modelTypeName(ModelType type) {
    return enumName(kModels, type);
}
const char* lossTypeName(LossType type) {
    return enumName(kLosses, type);
}
const char* optimizerTypeName(OptimizerType type) {
    return enumName(kOptimizers, type);
}
const char* scheduleTypeName(ScheduleType type) {
    return enumName(kSchedules, type);
}
const char* layoutReadoutName(LayoutReadout readout) {
    return enumName(kReadouts, readout);
}
bool parseModelType(const std::string& text, ModelType* type) {
    return parseEnumName(kModels, text, type);
}
bool parseLossType(const std::string& text, LossType* type) {
    return parseEnumName(kLosses, text, type);
}
bool parseOptimizerType(const std::string& text, OptimizerType* type) {
    return parseEnumName(kOptimizers, text, type);
}
bool parseScheduleType(const std::string& text, ScheduleType* type) {
    return parseEnumName(kSchedules, text, type);
}
bool parseLayoutReadout(const std::string& text, LayoutReadout* readout) {
    return parseEnumName(kReadouts, text, readout);
}

GraphKind modelGraphKind(ModelType type) {
    return type == ModelType::LayoutSage ? GraphKind::Layout : GraphKind::Tile;
}

std::vector<ModelType> modelTypesFor(GraphKind kind) {
    if (kind == GraphKind::Layout) return {ModelType::LayoutSage};
    return {ModelType::TileLateJoinSage, ModelType::TileEarlyJoinSage, ModelType::TileMlp};
}

ModelType defaultModelFor(GraphKind kind) {
    return modelTypesFor(kind).front();
}

int defaultConfigsPerGraph(Collection collection) {
    return isRandomSearchCollection(collection) ? 128 : 64;
}

std::string trainOptionsToJson(const TrainOptions& o) {
    nlohmann::json j = {{"dataset_root", o.datasetRoot},
                        {"collection", collectionName(o.collection)},
                        {"only_graphs", o.onlyGraphs},
                        {"holdout_configs", o.holdoutConfigs},
                        {"max_valid_graphs", o.maxValidGraphs},
                        {"model", modelTypeName(o.model)},
                        {"hidden_dim", o.hiddenDim},
                        {"layers", o.layers},
                        {"opcode_embedding", o.opcodeEmbedding},
                        {"dropout", o.dropout},
                        {"bidirectional", o.bidirectional},
                        {"self_channel_attention", o.selfChannelAttention},
                        {"cross_config_attention", o.crossConfigAttention},
                        {"readout", layoutReadoutName(o.readout)},
                        {"loss", lossTypeName(o.loss)},
                        {"margin", o.margin},
                        {"optimizer", optimizerTypeName(o.optimizer)},
                        {"schedule", scheduleTypeName(o.schedule)},
                        {"learning_rate", o.learningRate},
                        {"weight_decay", o.weightDecay},
                        {"warmup_fraction", o.warmupFraction},
                        {"grad_clip", o.gradClip},
                        {"steps", o.steps},
                        {"epochs", o.epochs},
                        {"batch_graphs", o.batchGraphs},
                        {"configs_per_graph", o.configsPerGraph},
                        {"validation_interval", o.validationInterval},
                        {"early_stopping_patience", o.earlyStoppingPatience},
                        {"log_interval", o.logInterval},
                        {"collapse_duplicates", o.collapseDuplicates},
                        {"prune_layout", o.pruneLayout},
                        {"seed", o.seed},
                        {"device", o.device},
                        {"run_dir", o.runDir}};
    return j.dump(2) + "\n";
}

TrainOptions trainOptionsFromJson(const std::string& text, const std::string& source) {
    TrainOptions o;
    try {
        const auto j = nlohmann::json::parse(text);
        if (!j.is_object()) throw std::runtime_error(source + ": options are not a JSON object");
        field(j, "dataset_root", &o.datasetRoot);
        if (j.contains("collection")) {
            const std::string name = j.at("collection").get<std::string>();
            if (!parseCollection(name, &o.collection))
                throw std::runtime_error(source + ": unknown collection '" + name + "'");
        }
        field(j, "only_graphs", &o.onlyGraphs);
        field(j, "holdout_configs", &o.holdoutConfigs);
        field(j, "max_valid_graphs", &o.maxValidGraphs);
        o.model = enumField(j, "model", kModels, o.model, source);
        field(j, "hidden_dim", &o.hiddenDim);
        field(j, "layers", &o.layers);
        field(j, "opcode_embedding", &o.opcodeEmbedding);
        field(j, "dropout", &o.dropout);
        field(j, "bidirectional", &o.bidirectional);
        field(j, "self_channel_attention", &o.selfChannelAttention);
        field(j, "cross_config_attention", &o.crossConfigAttention);
        o.readout = enumField(j, "readout", kReadouts, o.readout, source);
        o.loss = enumField(j, "loss", kLosses, o.loss, source);
        field(j, "margin", &o.margin);
        o.optimizer = enumField(j, "optimizer", kOptimizers, o.optimizer, source);
        o.schedule = enumField(j, "schedule", kSchedules, o.schedule, source);
        field(j, "learning_rate", &o.learningRate);
        field(j, "weight_decay", &o.weightDecay);
        field(j, "warmup_fraction", &o.warmupFraction);
        field(j, "grad_clip", &o.gradClip);
        field(j, "steps", &o.steps);
        field(j, "epochs", &o.epochs);
        field(j, "batch_graphs", &o.batchGraphs);
        field(j, "configs_per_graph", &o.configsPerGraph);
        field(j, "validation_interval", &o.validationInterval);
        field(j, "early_stopping_patience", &o.earlyStoppingPatience);
        field(j, "log_interval", &o.logInterval);
        field(j, "collapse_duplicates", &o.collapseDuplicates);
        field(j, "prune_layout", &o.pruneLayout);
        field(j, "seed", &o.seed);
        field(j, "device", &o.device);
        field(j, "run_dir", &o.runDir);
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error(source + ": " + e.what());
    }
    return o;
}

}  // namespace tpugraphs
