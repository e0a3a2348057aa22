// Names of the cost model kinds.
#include "model/model_kinds.h"

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
const EnumName<LayoutReadout> kReadouts[] = {{LayoutReadout::NodeScoreSum, "node-sum"},
                                             {LayoutReadout::Pooled, "pooled"}};
const EnumName<AttentionForm> kAttentionForms[] = {{AttentionForm::Context, "context"},
                                                   {AttentionForm::FirstPlace, "first-place"}};

}  // namespace

const char* modelTypeName(ModelType type) {
    return enumName(kModels, type);
}
const char* lossTypeName(LossType type) {
    return enumName(kLosses, type);
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
bool parseLayoutReadout(const std::string& text, LayoutReadout* readout) {
    return parseEnumName(kReadouts, text, readout);
}
bool parseAttentionForm(const std::string& text, AttentionForm* form) {
    return parseEnumName(kAttentionForms, text, form);
}
std::vector<std::string> modelTypeNames() {
    return enumNames(kModels);
}
std::vector<std::string> lossTypeNames() {
    return enumNames(kLosses);
}
std::vector<std::string> layoutReadoutNames() {
    return enumNames(kReadouts);
}
std::vector<std::string> attentionFormNames() {
    return enumNames(kAttentionForms);
}

GraphKind modelGraphKind(ModelType type) {
    return type == ModelType::LayoutSage ? GraphKind::Layout : GraphKind::Tile;
}

std::vector<ModelType> modelTypesFor(GraphKind kind) {
    if (kind == GraphKind::Layout) return {ModelType::LayoutSage};
    return {ModelType::TileLateJoinSage, ModelType::TileEarlyJoinSage, ModelType::TileMlp};
}

}  // namespace tpugraphs
