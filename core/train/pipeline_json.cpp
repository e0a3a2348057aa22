// The JSON of the pipeline's files.
#include "train/pipeline_json.h"

#include "base/atomic_file.h"

namespace tpugraphs {

namespace fs = std::filesystem;

nlohmann::json collectionPlanJson(const PipelineCollectionPlan& p) {
    return {{"collection", collectionName(p.collection)},
            {"fixed_seconds", p.fixedSeconds},
            {"seconds_per_step", p.secondsPerStep},
            {"seconds_per_validation", p.secondsPerValidation},
            {"probe_seconds", p.probeSeconds},
            {"steps_per_epoch", p.stepsPerEpoch},
            {"scoring_seconds", p.scoringSeconds},
            {"budget_minutes", p.budgetMinutes},
            {"steps", p.steps}};
}

PipelineCollectionPlan collectionPlanFromJson(const nlohmann::json& c) {
    PipelineCollectionPlan p;
    const std::string name = c.at("collection");
    if (!parseCollection(name, &p.collection))
        throw std::invalid_argument("unknown collection '" + name + "'");
    p.fixedSeconds = c.at("fixed_seconds");
    p.secondsPerStep = c.at("seconds_per_step");
    p.secondsPerValidation = c.at("seconds_per_validation");
    p.stepsPerEpoch = c.at("steps_per_epoch");
    p.probeSeconds = c.value("probe_seconds", 0.0);      // not in the first probes
    p.scoringSeconds = c.value("scoring_seconds", 0.0);  // not in the first plans
    p.budgetMinutes = c.value("budget_minutes", 0.0);
    p.steps = c.value("steps", int64_t{0});
    return p;
}

nlohmann::json collectionsJson(const std::vector<PipelineCollectionPlan>& plans) {
    nlohmann::json collections = nlohmann::json::array();
    for (const PipelineCollectionPlan& p : plans) collections.push_back(collectionPlanJson(p));
    return collections;
}

std::vector<PipelineCollectionPlan> collectionsOf(const nlohmann::json& j) {
    std::vector<PipelineCollectionPlan> plans;
    for (const auto& c : j.at("collections")) plans.push_back(collectionPlanFromJson(c));
    return plans;
}

void writeJson(const std::string& path, const nlohmann::json& j) {
    fs::create_directories(fs::path(path).parent_path());
    writeFileAtomically(path, j.dump(2) + "\n");
}

}  // namespace tpugraphs
