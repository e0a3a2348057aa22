// The pipeline's plan, probes and state files.
#include "train/pipeline_plan.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>

#include "base/atomic_file.h"
#include "base/enum_names.h"
#include "train/run_directory.h"
#include "train/run_files.h"

namespace tpugraphs {

namespace {

namespace fs = std::filesystem;

constexpr EnumName<PipelineStage> kStageNames[] = {
    {PipelineStage::Probing, "probing"},   {PipelineStage::Training, "training"},
    {PipelineStage::Scoring, "scoring"},   {PipelineStage::Predicting, "predicting"},
    {PipelineStage::Finished, "finished"}, {PipelineStage::Stopped, "stopped"},
    {PipelineStage::Failed, "failed"}};

nlohmann::json collectionsJson(const std::vector<PipelineCollectionPlan>& plans) {
    nlohmann::json collections = nlohmann::json::array();
    for (const PipelineCollectionPlan& p : plans)
        collections.push_back({{"collection", collectionName(p.collection)},
                               {"fixed_seconds", p.fixedSeconds},
                               {"seconds_per_step", p.secondsPerStep},
                               {"seconds_per_validation", p.secondsPerValidation},
                               {"probe_seconds", p.probeSeconds},
                               {"steps_per_epoch", p.stepsPerEpoch},
                               {"scoring_seconds", p.scoringSeconds},
                               {"budget_minutes", p.budgetMinutes},
                               {"steps", p.steps}});
    return collections;
}

std::vector<PipelineCollectionPlan> collectionsOf(const nlohmann::json& j) {
    std::vector<PipelineCollectionPlan> plans;
    for (const auto& c : j.at("collections")) {
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
        plans.push_back(p);
    }
    return plans;
}

// The file's JSON (null when absent), given to `read`; a damaged file is a RunError naming it.
template <typename Read>
auto readJson(const std::string& path, const char* what, Read read) -> decltype(read(nullptr)) {
    if (!fs::exists(path)) return read(nullptr);
    try {
        return read(nlohmann::json::parse(readTextFile(path)));
    } catch (const nlohmann::json::exception& e) {
        throw RunError(path + ": not " + what + " (" + e.what() + ")");
    } catch (const std::invalid_argument& e) {
        throw RunError(path + ": " + e.what());
    }
}

void writeJson(const std::string& path, const nlohmann::json& j) {
    fs::create_directories(fs::path(path).parent_path());
    writeFileAtomically(path, j.dump(2) + "\n");
}

}  // namespace

std::vector<PipelineCollectionPlan> readPipelinePlan(const std::string& outDir,
                                                     PipelineOptions* recorded) {
    return readJson(outDir + "/pipeline.json", "a pipeline plan", [&](const nlohmann::json& j) {
        if (j.is_null()) return std::vector<PipelineCollectionPlan>{};
        if (recorded) {
            recorded->datasetRoot = j.at("dataset");
            recorded->budgetMinutes = j.at("budget_minutes");
            recorded->seeds = j.at("seeds");
            recorded->workers = j.at("workers");
        }
        return collectionsOf(j);
    });
}

void writePipelinePlan(const PipelineOptions& o, const std::vector<PipelineCollectionPlan>& plans) {
    writeJson(o.outDir + "/pipeline.json", {{"dataset", o.datasetRoot},
                                            {"budget_minutes", o.budgetMinutes},
                                            {"seeds", o.seeds},
                                            {"workers", o.workers},
                                            {"collections", collectionsJson(plans)}});
}

std::vector<PipelineCollectionPlan> readPipelineProbes(const PipelineOptions& o) {
    return readJson(o.outDir + "/probes.json", "the pipeline's probes",
                    [&](const nlohmann::json& j) {
                        if (j.is_null() || j.at("dataset") != o.datasetRoot ||
                            j.at("seeds") != o.seeds || j.at("workers") != o.workers)
                            return std::vector<PipelineCollectionPlan>{};
                        return collectionsOf(j);
                    });
}

void writePipelineProbes(const PipelineOptions& o,
                         const std::vector<PipelineCollectionPlan>& probes) {
    writeJson(o.outDir + "/probes.json", {{"dataset", o.datasetRoot},
                                          {"seeds", o.seeds},
                                          {"workers", o.workers},
                                          {"collections", collectionsJson(probes)}});
}

const char* pipelineStageName(PipelineStage stage) {
    return enumName(kStageNames, stage);
}

std::optional<PipelineState> readPipelineState(const std::string& outDir) {
    return readJson(outDir + "/pipeline_state.json", "a pipeline state",
                    [&](const nlohmann::json& j) -> std::optional<PipelineState> {
                        if (j.is_null()) return std::nullopt;
                        PipelineState s;
                        const std::string stage = j.at("stage");
                        if (!parseEnumName(kStageNames, stage, &s.stage))
                            throw std::invalid_argument("unknown stage '" + stage + "'");
                        const std::string collection = j.value("collection", std::string());
                        Collection c{};
                        if (!collection.empty() && parseCollection(collection, &c))
                            s.collection = c;
                        s.startedAt = j.at("started_at");
                        s.budgetMinutes = j.at("budget_minutes");
                        s.trainingEnd = j.value("training_end", 0.0);
                        s.endedAt = j.value("ended_at", 0.0);
                        return s;
                    });
}

void writePipelineState(const std::string& outDir, const PipelineState& s) {
    writeJson(outDir + "/pipeline_state.json",
              {{"stage", pipelineStageName(s.stage)},
               {"collection", s.collection ? collectionName(*s.collection) : ""},
               {"started_at", s.startedAt},
               {"budget_minutes", s.budgetMinutes},
               {"training_end", s.trainingEnd},
               {"ended_at", s.endedAt}});
}

double unixSeconds() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace tpugraphs
