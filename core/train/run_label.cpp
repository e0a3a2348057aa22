// Reading and writing a run's label and its score after training.
#include "train/run_label.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>

#include "base/atomic_file.h"
#include "train/run_directory.h"
#include "train/run_files.h"

namespace tpugraphs {

namespace {

namespace fs = std::filesystem;

constexpr const char* kSeparator = " \u00b7 ";

std::string labelPath(const std::string& runDir) {
    return runDir + "/label.json";
}
std::string scorePath(const std::string& runDir) {
    return runDir + "/score.json";
}

// The file's JSON, or null when it is absent; RunError naming it when it does not parse.
nlohmann::json optionalJsonFile(const std::string& path) {
    if (!fs::exists(path)) return nullptr;
    try {
        return nlohmann::json::parse(readTextFile(path));
    } catch (const nlohmann::json::exception& e) {
        throw RunError(path + ": not a JSON object (" + e.what() + ")");
    }
}

nlohmann::json number(double value) {
    return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json();
}
double numberOf(const nlohmann::json& j, const char* key) {
    return j.contains(key) && j[key].is_number() ? j[key].get<double>() : EvalMetrics::kNaN;
}

}  // namespace

std::string runName(Collection collection, const std::string& point, uint64_t seed) {
    return std::string(collectionName(collection)) + kSeparator + point + kSeparator + "seed " +
           std::to_string(seed);
}

std::string defaultRunName(const TrainOptions& options, const std::string& runDir) {
    fs::path path = fs::path(runDir).lexically_normal();
    if (path.filename().empty()) path = path.parent_path();  // "runs/a/"
    const std::string folder = path.filename().string();
    return runName(options.collection, folder.empty() ? runDir : folder, options.seed);
}

RunLabel readRunLabel(const std::string& runDir) {
    const std::string path = labelPath(runDir);
    const nlohmann::json j = optionalJsonFile(path);
    RunLabel label;
    if (j.is_null()) return label;
    try {
        label.name = j.value("name", std::string());
        label.tags = j.value("tags", std::vector<std::string>());
    } catch (const nlohmann::json::exception& e) {
        throw RunError(path + ": not a run label (" + e.what() + ")");
    }
    return label;
}

void writeRunLabel(const std::string& runDir, const RunLabel& label) {
    const nlohmann::json j = {{"name", label.name}, {"tags", label.tags}};
    writeFileAtomically(labelPath(runDir), j.dump(2) + "\n");
}

RunScore readRunScore(const std::string& runDir) {
    const std::string path = scorePath(runDir);
    const nlohmann::json j = optionalJsonFile(path);
    RunScore score;
    if (j.is_null()) return score;
    try {
        score.split = j.at("split");
        score.step = j.at("step");
        score.scoredBy = j.value("scored_by", std::string());
        score.metrics.graphs = j.at("graphs");
        for (const MetricSpec& spec : kMetricTable)
            score.metrics.*spec.field = numberOf(j, spec.jsonKey);
        score.metrics.kind = j.at("kind") == "layout" ? GraphKind::Layout : GraphKind::Tile;
    } catch (const nlohmann::json::exception& e) {
        throw RunError(path + ": not a run score (" + e.what() + ")");
    }
    return score;
}

void writeRunScore(const std::string& runDir, const RunScore& score) {
    nlohmann::json j = {{"split", score.split},
                        {"step", score.step},
                        {"scored_by", score.scoredBy},
                        {"kind", score.metrics.kind == GraphKind::Layout ? "layout" : "tile"},
                        {"graphs", score.metrics.graphs}};
    for (const MetricSpec& spec : kMetricTable)
        j[spec.jsonKey] = number(metricValue(score.metrics, spec));
    writeFileAtomically(scorePath(runDir), j.dump(2) + "\n");
}

}  // namespace tpugraphs
