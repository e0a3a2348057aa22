// The JSON of the pipeline's files (pipeline.json, probes.json, pipeline_state.json): a
// collection's plan as an object, and reading and writing a file of them (atomically; a damaged
// file is a RunError naming it). Shared by pipeline_plan.cpp and pipeline_probes.cpp. No torch.
#pragma once

#include <nlohmann/json.hpp>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "train/pipeline_budget.h"
#include "train/run_files.h"

namespace tpugraphs {

nlohmann::json collectionPlanJson(const PipelineCollectionPlan& plan);
// Throws std::invalid_argument (an unknown collection) or a nlohmann::json exception.
PipelineCollectionPlan collectionPlanFromJson(const nlohmann::json& j);

nlohmann::json collectionsJson(const std::vector<PipelineCollectionPlan>& plans);
std::vector<PipelineCollectionPlan> collectionsOf(const nlohmann::json& j);  // j["collections"]

// The file's JSON (null when absent), given to `read`; a damaged file is a RunError naming it.
template <typename Read>
auto readJson(const std::string& path, const char* what, Read read) -> decltype(read(nullptr)) {
    if (!std::filesystem::exists(path)) return read(nullptr);
    try {
        return read(nlohmann::json::parse(readTextFile(path)));
    } catch (const nlohmann::json::exception& e) {
        throw RunError(path + ": not " + what + " (" + e.what() + ")");
    } catch (const std::invalid_argument& e) {
        throw RunError(path + ": " + e.what());
    }
}
// Written atomically, its folder made when missing.
void writeJson(const std::string& path, const nlohmann::json& j);

}  // namespace tpugraphs
