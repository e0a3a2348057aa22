// Run directories: format, options, state and history files (JSON and CSV, written atomically).
#include "train/run_directory.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/atomic_file.h"
#include "base/build_info.h"
#include "base/enum_names.h"
#include "train/run_files.h"
#include "train/run_lock.h"

namespace tpugraphs {

namespace fs = std::filesystem;

namespace {

const EnumName<RunStatus> kStatuses[] = {{RunStatus::Running, "running"},
                                         {RunStatus::Completed, "completed"},
                                         {RunStatus::Cancelled, "cancelled"},
                                         {RunStatus::EarlyStopped, "early-stopped"},
                                         {RunStatus::Failed, "failed"}};

nlohmann::json metricsJson(const EvalMetrics& m) {
    auto number = [](double v) { return std::isnan(v) ? nlohmann::json() : nlohmann::json(v); };
    return {{"graphs", m.graphs},
            {"kendall", number(m.kendall)},
            {"opa", number(m.opa)},
            {"topk_score", number(m.topKScore)},
            {"top1_error", number(m.top1Error)},
            {"top5_error", number(m.top5Error)},
            {"top10_error", number(m.top10Error)},
            {"loss", number(m.loss)}};
}

EvalMetrics metricsFromJson(const nlohmann::json& j) {
    EvalMetrics m;
    auto number = [&](const char* key, double* out) {
        if (j.contains(key) && !j.at(key).is_null()) *out = j.at(key).get<double>();
    };
    if (j.contains("graphs")) m.graphs = j.at("graphs").get<int>();
    number("kendall", &m.kendall);
    number("opa", &m.opa);
    number("topk_score", &m.topKScore);
    number("top1_error", &m.top1Error);
    number("top5_error", &m.top5Error);
    number("top10_error", &m.top10Error);
    number("loss", &m.loss);
    return m;
}

const char* const kHistoryHeader =
    "step,total_steps,epoch,loss,lr,configs_per_s,graphs_per_s,elapsed_s,eta_s,is_validation,"
    "best,val_graphs,kendall,opa,topk_score,top1_error,top5_error,top10_error,val_loss";

}  // namespace

const char* runStatusName(RunStatus status) {
    return enumName(kStatuses, status);
}

std::string readTextFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw RunError(path + ": cannot open");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void writeRunHeader(const std::string& runDir, const TrainOptions& options) {
    const nlohmann::json format = {
        {"format", "tpugraphs-run"}, {"version", kRunFormatVersion}, {"written_by", versionText()}};
    writeFileAtomically(runDir + "/format.json", format.dump(2) + "\n");
    // The dataset as an absolute path: the run resumes and predicts from any folder.
    TrainOptions stored = options;
    std::error_code error;
    if (!stored.datasetRoot.empty())
        stored.datasetRoot = fs::absolute(stored.datasetRoot, error).lexically_normal().string();
    if (error) stored.datasetRoot = options.datasetRoot;
    writeFileAtomically(runDir + "/options.json", trainOptionsToJson(stored));
}

void writeRunState(const RunInfo& info) {
    const nlohmann::json state = {{"step", info.step},
                                  {"total_steps", info.totalSteps},
                                  {"best_step", info.bestStep},
                                  {"best", metricsJson(info.best)},
                                  {"status", runStatusName(info.status)},
                                  {"failure", info.failure}};
    writeRunHistory(info);
    writeFileAtomically(info.runDir + "/state.json", state.dump(2) + "\n");
}

void writeRunHistory(const RunInfo& info) {
    writeFileAtomically(info.runDir + "/history.csv", historyToCsv(info.history));
}

bool isRunDirectory(const std::string& dir) {
    std::error_code error;
    return fs::is_regular_file(fs::path(dir) / "format.json", error);
}

namespace {

nlohmann::json readJsonFile(const std::string& path) {
    try {
        return nlohmann::json::parse(readTextFile(path));
    } catch (const nlohmann::json::exception& e) {
        throw RunError(path + ": malformed run file: " + e.what());
    }
}

// Reads `what` of a JSON run file, naming the file when a value has the wrong type.
template <typename Read>
void readFields(const std::string& path, const nlohmann::json& j, Read read) {
    try {
        read(j);
    } catch (const nlohmann::json::exception& e) {
        throw RunError(path + ": malformed run file: " + e.what());
    }
}

void readFormat(const std::string& runDir, RunInfo* info) {
    const std::string path = runDir + "/format.json";
    readFields(path, readJsonFile(path), [&](const nlohmann::json& format) {
        info->formatVersion = format.at("version").get<int>();
        info->writtenBy = format.value("written_by", std::string());
        if (format.value("format", std::string()) != "tpugraphs-run")
            throw RunError(path + ": not a tpugraphs run");
    });
    if (info->formatVersion > kRunFormatVersion) {
        const std::string writer = info->writtenBy.empty() ? "" : " (" + info->writtenBy + ")";
        throw RunError(runDir + ": written by a newer version of TpuGraphs Studio" + writer +
                       ", run format version " + std::to_string(info->formatVersion) +
                       "; this build (" + versionText() + ") reads version " +
                       std::to_string(kRunFormatVersion) + ": open it with that version");
    }
    if (info->formatVersion != kRunFormatVersion)
        throw RunError(runDir + ": run format version " + std::to_string(info->formatVersion) +
                       ", this build reads version " + std::to_string(kRunFormatVersion));
}

void readState(const std::string& path, RunInfo* info) {
    readFields(path, readJsonFile(path), [&](const nlohmann::json& state) {
        info->step = state.value("step", int64_t{0});
        info->totalSteps = state.value("total_steps", int64_t{0});
        info->bestStep = state.value("best_step", int64_t{-1});
        if (state.contains("best")) info->best = metricsFromJson(state.at("best"));
        const auto status = state.value("status", std::string("running"));
        if (!parseEnumName(kStatuses, status, &info->status))
            throw RunError(path + ": malformed run file: unknown status '" + status + "'");
        info->failure = state.value("failure", std::string());
    });
}

}  // namespace

RunInfo loadRunInfo(const std::string& runDir) {
    if (!isRunDirectory(runDir))
        throw RunError(runDir + ": not a training run directory (no format.json)");
    RunInfo info;
    info.runDir = runDir;
    readFormat(runDir, &info);
    const std::string optionsPath = runDir + "/options.json";
    try {
        info.options = runOptionsFromJson(readTextFile(optionsPath), optionsPath);
    } catch (const std::runtime_error& e) {
        if (dynamic_cast<const RunError*>(&e)) throw;
        throw RunError(std::string(e.what()));
    }
    const std::string statePath = runDir + "/state.json";
    if (fs::exists(statePath)) readState(statePath, &info);
    const std::string historyPath = runDir + "/history.csv";
    if (fs::exists(historyPath))
        info.history = historyFromCsv(readTextFile(historyPath), historyPath);
    info.hasCheckpoint = fs::exists(runDir + "/last.pt");
    info.hasBestCheckpoint = fs::exists(runDir + "/best.pt");
    info.label = readRunLabel(runDir);
    info.scoreAfterTraining = readRunScore(runDir);
    info.interrupted = info.status == RunStatus::Running && !runIsAlive(runDir);
    return info;
}

RunInfo readRunForListing(const std::string& runDir) {
    try {
        return loadRunInfo(runDir);
    } catch (const std::exception& e) {
        RunInfo info;
        info.runDir = runDir;
        info.unreadable = e.what();
        return info;
    }
}

std::string historyToCsv(const std::vector<TrainProgress>& history) {
    std::string out = std::string(kHistoryHeader) + "\n";
    char line[512];
    for (const auto& p : history) {
        const auto& v = p.validation;
        std::snprintf(line, sizeof line,
                      "%lld,%lld,%d,%.9g,%.9g,%.6g,%.6g,%.3f,%.3f,%d,%d,%d,%.9g,%.9g,%.9g,%.9g,%."
                      "9g,%.9g,%.9g\n",
                      static_cast<long long>(p.step), static_cast<long long>(p.totalSteps), p.epoch,
                      p.loss, p.lr, p.configsPerSecond, p.graphsPerSecond, p.elapsedSeconds,
                      p.etaSeconds, p.isValidation ? 1 : 0, p.bestSoFar ? 1 : 0, v.graphs,
                      v.kendall, v.opa, v.topKScore, v.top1Error, v.top5Error, v.top10Error,
                      v.loss);
        out += line;
    }
    return out;
}

std::vector<TrainProgress> historyFromCsv(const std::string& csv, const std::string& source) {
    std::vector<TrainProgress> history;
    std::istringstream in(csv);
    std::string line;
    if (!std::getline(in, line) || line != kHistoryHeader)
        throw RunError(source + ": not a run history (unexpected header)");
    int row = 1;
    while (std::getline(in, line)) {
        ++row;
        if (line.empty()) continue;
        std::vector<std::string> cells;
        std::stringstream cellStream(line);
        std::string cell;
        while (std::getline(cellStream, cell, ',')) cells.push_back(cell);
        if (cells.size() != 19)
            throw RunError(source + ": row " + std::to_string(row) + " has " +
                           std::to_string(cells.size()) + " columns, expected 19");
        auto num = [&](size_t i) { return std::strtod(cells[i].c_str(), nullptr); };
        TrainProgress p;
        p.step = std::strtoll(cells[0].c_str(), nullptr, 10);
        p.totalSteps = std::strtoll(cells[1].c_str(), nullptr, 10);
        p.epoch = std::atoi(cells[2].c_str());
        p.loss = num(3);
        p.lr = num(4);
        p.configsPerSecond = num(5);
        p.graphsPerSecond = num(6);
        p.elapsedSeconds = num(7);
        p.etaSeconds = num(8);
        p.isValidation = cells[9] == "1";
        p.phase = p.isValidation ? TrainPhase::Validation : TrainPhase::Training;
        p.bestSoFar = cells[10] == "1";
        p.validation.graphs = std::atoi(cells[11].c_str());
        p.validation.kendall = num(12);
        p.validation.opa = num(13);
        p.validation.topKScore = num(14);
        p.validation.top1Error = num(15);
        p.validation.top5Error = num(16);
        p.validation.top10Error = num(17);
        p.validation.loss = num(18);
        history.push_back(p);
    }
    return history;
}

}  // namespace tpugraphs
