// Run directories: format, options, state and history files (JSON and CSV, written atomically).
#include "train/run_directory.h"

#include <nlohmann/json.hpp>

#include <algorithm>
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
    nlohmann::json j = {{"graphs", m.graphs}};
    for (const MetricSpec& spec : kMetricTable) {
        const double value = metricValue(m, spec);
        j[spec.jsonKey] = std::isnan(value) ? nlohmann::json() : nlohmann::json(value);
    }
    return j;
}

EvalMetrics metricsFromJson(const nlohmann::json& j, GraphKind kind) {
    EvalMetrics m;
    m.kind = kind;
    if (j.contains("graphs")) m.graphs = j.at("graphs").get<int>();
    for (const MetricSpec& spec : kMetricTable)
        if (j.contains(spec.jsonKey) && !j.at(spec.jsonKey).is_null())
            m.*spec.field = j.at(spec.jsonKey).get<double>();
    return m;
}

std::string integerText(int64_t value) {
    return std::to_string(value);
}

std::string numberText(double value, const char* format) {
    char text[48];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// A column of history.csv before the metric table's: its name, its text, and how it is read.
struct ProgressColumn {
    const char* name;
    std::string (*write)(const TrainProgress&);
    void (*read)(TrainProgress&, const std::string&);
};

double parseNumber(const std::string& cell) {
    return std::strtod(cell.c_str(), nullptr);
}

const ProgressColumn kProgressColumns[] = {
    {"step", [](const TrainProgress& p) { return integerText(p.step); },
     [](TrainProgress& p, const std::string& c) { p.step = std::strtoll(c.c_str(), nullptr, 10); }},
    {"total_steps", [](const TrainProgress& p) { return integerText(p.totalSteps); },
     [](TrainProgress& p, const std::string& c) {
         p.totalSteps = std::strtoll(c.c_str(), nullptr, 10);
     }},
    {"epoch", [](const TrainProgress& p) { return integerText(p.epoch); },
     [](TrainProgress& p, const std::string& c) { p.epoch = std::atoi(c.c_str()); }},
    {"loss", [](const TrainProgress& p) { return numberText(p.loss, "%.9g"); },
     [](TrainProgress& p, const std::string& c) { p.loss = parseNumber(c); }},
    {"lr", [](const TrainProgress& p) { return numberText(p.lr, "%.9g"); },
     [](TrainProgress& p, const std::string& c) { p.lr = parseNumber(c); }},
    {"configs_per_s", [](const TrainProgress& p) { return numberText(p.configsPerSecond, "%.6g"); },
     [](TrainProgress& p, const std::string& c) { p.configsPerSecond = parseNumber(c); }},
    {"graphs_per_s", [](const TrainProgress& p) { return numberText(p.graphsPerSecond, "%.6g"); },
     [](TrainProgress& p, const std::string& c) { p.graphsPerSecond = parseNumber(c); }},
    {"elapsed_s", [](const TrainProgress& p) { return numberText(p.elapsedSeconds, "%.3f"); },
     [](TrainProgress& p, const std::string& c) { p.elapsedSeconds = parseNumber(c); }},
    {"eta_s", [](const TrainProgress& p) { return numberText(p.etaSeconds, "%.3f"); },
     [](TrainProgress& p, const std::string& c) { p.etaSeconds = parseNumber(c); }},
    {"is_validation", [](const TrainProgress& p) { return integerText(p.isValidation ? 1 : 0); },
     [](TrainProgress& p, const std::string& c) {
         p.isValidation = c == "1";
         p.phase = p.isValidation ? TrainPhase::Validation : TrainPhase::Training;
     }},
    {"best", [](const TrainProgress& p) { return integerText(p.bestSoFar ? 1 : 0); },
     [](TrainProgress& p, const std::string& c) { p.bestSoFar = c == "1"; }},
    {"val_graphs", [](const TrainProgress& p) { return integerText(p.validation.graphs); },
     [](TrainProgress& p, const std::string& c) { p.validation.graphs = std::atoi(c.c_str()); }},
};

// What a column of a history file holds: a progress column, a metric, or nothing this build
// reads (a column of an older format, e.g. version 2's always-empty "val_loss").
struct HistoryColumn {
    const ProgressColumn* progress = nullptr;
    const MetricSpec* metric = nullptr;
};

std::vector<std::string> splitCells(const std::string& line) {
    std::vector<std::string> cells;
    std::stringstream cellStream(line);
    std::string cell;
    while (std::getline(cellStream, cell, ',')) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    return cells;
}

// The columns of a history header; throws RunError when a progress column is missing.
std::vector<HistoryColumn> historyColumns(const std::string& header, const std::string& source) {
    std::vector<HistoryColumn> columns;
    for (const std::string& name : splitCells(header)) {
        HistoryColumn column;
        for (const ProgressColumn& p : kProgressColumns)
            if (name == p.name) column.progress = &p;
        for (const MetricSpec& spec : kMetricTable)
            if (name == spec.historyColumn) column.metric = &spec;
        columns.push_back(column);
    }
    for (const ProgressColumn& p : kProgressColumns) {
        const bool present = std::any_of(columns.begin(), columns.end(),
                                         [&](const HistoryColumn& c) { return c.progress == &p; });
        if (!present)
            throw RunError(source + ": not a run history (unexpected header: no column '" + p.name +
                           "')");
    }
    return columns;
}

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

void writeRunFormat(const std::string& runDir) {
    const nlohmann::json format = {
        {"format", "tpugraphs-run"}, {"version", kRunFormatVersion}, {"written_by", versionText()}};
    writeFileAtomically(runDir + "/format.json", format.dump(2) + "\n");
}

void writeRunHeader(const std::string& runDir, const TrainOptions& options) {
    writeRunFormat(runDir);
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
    if (info->formatVersion < kOldestReadableRunFormatVersion)
        throw RunError(runDir + ": run format version " + std::to_string(info->formatVersion) +
                       ", this build reads versions " +
                       std::to_string(kOldestReadableRunFormatVersion) + " to " +
                       std::to_string(kRunFormatVersion));
}

void readState(const std::string& path, RunInfo* info) {
    readFields(path, readJsonFile(path), [&](const nlohmann::json& state) {
        info->step = state.value("step", int64_t{0});
        info->totalSteps = state.value("total_steps", int64_t{0});
        info->bestStep = state.value("best_step", int64_t{-1});
        if (state.contains("best"))
            info->best =
                metricsFromJson(state.at("best"), collectionKind(info->options.collection));
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
        info.options =
            runOptionsFromJson(readTextFile(optionsPath), optionsPath, info.formatVersion);
    } catch (const std::runtime_error& e) {
        if (dynamic_cast<const RunError*>(&e)) throw;
        throw RunError(std::string(e.what()));
    }
    const std::string statePath = runDir + "/state.json";
    if (fs::exists(statePath)) readState(statePath, &info);
    const std::string historyPath = runDir + "/history.csv";
    if (fs::exists(historyPath))
        info.history = historyFromCsv(readTextFile(historyPath),
                                      collectionKind(info.options.collection), historyPath);
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
    std::string out;
    for (const ProgressColumn& p : kProgressColumns) out += std::string(p.name) + ",";
    for (const MetricSpec& spec : kMetricTable) out += std::string(spec.historyColumn) + ",";
    out.back() = '\n';
    for (const TrainProgress& p : history) {
        for (const ProgressColumn& column : kProgressColumns) out += column.write(p) + ",";
        for (const MetricSpec& spec : kMetricTable)
            out += numberText(metricValue(p.validation, spec), "%.9g") + ",";
        out.back() = '\n';
    }
    return out;
}

std::vector<TrainProgress> historyFromCsv(const std::string& csv, GraphKind kind,
                                          const std::string& source) {
    std::vector<TrainProgress> history;
    std::istringstream in(csv);
    std::string line;
    if (!std::getline(in, line)) throw RunError(source + ": not a run history (empty)");
    const std::vector<HistoryColumn> columns = historyColumns(line, source);
    int row = 1;
    while (std::getline(in, line)) {
        ++row;
        if (line.empty()) continue;
        const std::vector<std::string> cells = splitCells(line);
        if (cells.size() != columns.size())
            throw RunError(source + ": row " + std::to_string(row) + " has " +
                           std::to_string(cells.size()) + " columns, expected " +
                           std::to_string(columns.size()));
        TrainProgress p;
        p.validation.kind = kind;
        for (size_t i = 0; i < cells.size(); ++i) {
            if (columns[i].progress) columns[i].progress->read(p, cells[i]);
            if (columns[i].metric) p.validation.*columns[i].metric->field = parseNumber(cells[i]);
        }
        history.push_back(p);
    }
    return history;
}

}  // namespace tpugraphs
