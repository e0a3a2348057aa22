// The pipeline's plan, probes and state files.
#include "train/pipeline_plan.h"

#include <chrono>

#include "base/enum_names.h"
#include "train/pipeline_json.h"
#include "train/run_directory.h"
#include "train/run_files.h"

namespace tpugraphs {

namespace {

constexpr EnumName<PipelineStage> kStageNames[] = {
    {PipelineStage::Probing, "probing"},   {PipelineStage::Training, "training"},
    {PipelineStage::Scoring, "scoring"},   {PipelineStage::Predicting, "predicting"},
    {PipelineStage::Finished, "finished"}, {PipelineStage::Stopped, "stopped"},
    {PipelineStage::Failed, "failed"}};

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

bool resumesPipeline(const PipelineOptions& recorded, const PipelineOptions& options) {
    return recorded.datasetRoot == options.datasetRoot &&
           recorded.budgetMinutes == options.budgetMinutes && recorded.seeds == options.seeds &&
           recorded.workers == options.workers;
}

std::string folderForPipeline(PipelineOptions options) {
    const std::string base = options.outDir;
    for (int n = 2;; ++n) {
        PipelineOptions recorded;
        if (readPipelinePlan(options.outDir, &recorded).empty() ||
            resumesPipeline(recorded, options))
            return options.outDir;
        options.outDir = base + "-" + std::to_string(n);
    }
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
