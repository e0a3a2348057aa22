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
const EnumName<AttentionForm> kAttentionForms[] = {{AttentionForm::Context, "context"},
                                                   {AttentionForm::FirstPlace, "first-place"}};

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
const char* attentionFormName(AttentionForm form) {
    return enumName(kAttentionForms, form);
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
bool parseAttentionForm(const std::string& text, AttentionForm* form) {
    return parseEnumName(kAttentionForms, text, form);
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

int64_t configsPerStep(const TrainOptions& options) {
    return options.configsPerGraph > 0 ? options.configsPerGraph
                                       : defaultConfigsPerGraph(options.collection);
}

double dropoutOf(const TrainOptions& options) {
    if (options.dropout >= 0) return options.dropout;
    return options.model == ModelType::LayoutSage ? 0.1 : 0.0;
}

void checkTrainOptions(const TrainOptions& o) {
    auto fail = [](const std::string& message) { throw std::invalid_argument(message); };
    if (o.batchGraphs < 1) fail("batch graphs must be at least 1");
    if (o.holdoutConfigs < 0 || o.holdoutConfigs >= 1) fail("holdout fraction must be in [0, 1)");
    if (o.holdoutConfigs > 0 && !o.collapseDuplicates)
        fail(
            "--holdout-configs needs duplicate configs collapsed (drop --keep-duplicates): "
            "identical configs would be trained on and validated on at once");
    if (o.validConfigs < 0) fail("valid configs must be 0 (all) or more");
    if (o.maxStepMb < 0) fail("--max-step-mb must be 0 (no budget) or more");
    if (o.segmentNodes < 0) fail("--segment-nodes must be 0 (whole graphs) or more");
    if (o.segmentNodes > 0 && o.model != ModelType::LayoutSage)
        fail("--segment-nodes needs the layout-sage model (graph segment training)");
    if (o.segmentNodes > 0 && o.readout != LayoutReadout::NodeScoreSum)
        fail(
            "--segment-nodes needs the node-score-sum readout: segment scores add up to the "
            "graph's");
    if (o.trainSplits.empty()) fail("no train split given");
    for (const std::string& split : o.trainSplits)
        if (split != "train" && split != "valid")
            fail("train splits are 'train' and 'valid', not '" + split + "'");
    if (o.hiddenDim < 1 || o.layers < 0 || o.opcodeEmbedding < 0)
        fail("hidden width, layers and opcode embedding must be positive");
    if (o.dropout >= 1) fail("dropout must be below 1");
}

std::string trainOptionsToJson(const TrainOptions& o) {
    nlohmann::json j = {{"dataset_root", o.datasetRoot},
                        {"collection", collectionName(o.collection)},
                        {"only_graphs", o.onlyGraphs},
                        {"train_splits", o.trainSplits},
                        {"holdout_configs", o.holdoutConfigs},
                        {"max_valid_graphs", o.maxValidGraphs},
                        {"valid_configs", o.validConfigs},
                        {"model", modelTypeName(o.model)},
                        {"hidden_dim", o.hiddenDim},
                        {"layers", o.layers},
                        {"opcode_embedding", o.opcodeEmbedding},
                        {"dropout", dropoutOf(o)},
                        {"bidirectional", o.bidirectional},
                        {"self_channel_attention", o.selfChannelAttention},
                        {"cross_config_attention", o.crossConfigAttention},
                        {"readout", layoutReadoutName(o.readout)},
                        {"attention_form", attentionFormName(o.attentionForm)},
                        {"loss", lossTypeName(o.loss)},
                        {"margin", o.margin},
                        {"optimizer", optimizerTypeName(o.optimizer)},
                        {"schedule", scheduleTypeName(o.schedule)},
                        {"learning_rate", o.learningRate},
                        {"weight_decay", o.weightDecay},
                        {"warmup_fraction", o.warmupFraction},
                        {"grad_clip", o.gradClip},
                        {"decay_all_parameters", o.decayAllParameters},
                        {"steps", o.steps},
                        {"epochs", o.epochs},
                        {"batch_graphs", o.batchGraphs},
                        {"configs_per_graph", o.configsPerGraph},
                        {"max_step_mb", o.maxStepMb},
                        {"segment_nodes", o.segmentNodes},
                        {"validation_interval", o.validationInterval},
                        {"early_stopping_patience", o.earlyStoppingPatience},
                        {"log_interval", o.logInterval},
                        {"collapse_duplicates", o.collapseDuplicates},
                        {"prune_layout", o.pruneLayout},
                        {"mark_layout_padding", o.markLayoutPadding},
                        {"tile_relative_features", o.tileRelativeFeatures},
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
        field(j, "train_splits", &o.trainSplits);
        field(j, "holdout_configs", &o.holdoutConfigs);
        field(j, "max_valid_graphs", &o.maxValidGraphs);
        field(j, "valid_configs", &o.validConfigs);
        o.model = enumField(j, "model", kModels, o.model, source);
        field(j, "hidden_dim", &o.hiddenDim);
        field(j, "layers", &o.layers);
        field(j, "opcode_embedding", &o.opcodeEmbedding);
        field(j, "dropout", &o.dropout);
        field(j, "bidirectional", &o.bidirectional);
        field(j, "self_channel_attention", &o.selfChannelAttention);
        field(j, "cross_config_attention", &o.crossConfigAttention);
        o.readout = enumField(j, "readout", kReadouts, o.readout, source);
        o.attentionForm = enumField(j, "attention_form", kAttentionForms, o.attentionForm, source);
        o.loss = enumField(j, "loss", kLosses, o.loss, source);
        field(j, "margin", &o.margin);
        o.optimizer = enumField(j, "optimizer", kOptimizers, o.optimizer, source);
        o.schedule = enumField(j, "schedule", kSchedules, o.schedule, source);
        field(j, "learning_rate", &o.learningRate);
        field(j, "weight_decay", &o.weightDecay);
        field(j, "warmup_fraction", &o.warmupFraction);
        field(j, "grad_clip", &o.gradClip);
        // Runs written before these options existed decayed every parameter and padded with 0.
        o.decayAllParameters = true;
        field(j, "decay_all_parameters", &o.decayAllParameters);
        field(j, "steps", &o.steps);
        field(j, "epochs", &o.epochs);
        field(j, "batch_graphs", &o.batchGraphs);
        field(j, "configs_per_graph", &o.configsPerGraph);
        field(j, "max_step_mb", &o.maxStepMb);
        field(j, "segment_nodes", &o.segmentNodes);
        field(j, "validation_interval", &o.validationInterval);
        field(j, "early_stopping_patience", &o.earlyStoppingPatience);
        field(j, "log_interval", &o.logInterval);
        field(j, "collapse_duplicates", &o.collapseDuplicates);
        field(j, "prune_layout", &o.pruneLayout);
        o.markLayoutPadding = false;
        field(j, "mark_layout_padding", &o.markLayoutPadding);
        o.tileRelativeFeatures = false;
        field(j, "tile_relative_features", &o.tileRelativeFeatures);
        field(j, "seed", &o.seed);
        field(j, "device", &o.device);
        field(j, "run_dir", &o.runDir);
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error(source + ": " + e.what());
    }
    return o;
}

}  // namespace tpugraphs
