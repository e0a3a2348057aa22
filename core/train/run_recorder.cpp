// Writing a run directory as the run goes.
#include "train/run_recorder.h"

#include <algorithm>
#include <filesystem>

#include "base/file_tree.h"
#include "train/run_files.h"

namespace tpugraphs {

namespace fs = std::filesystem;

namespace {

constexpr double kHistoryWriteInterval = 2.0;  // seconds

}  // namespace

RunRecorder::RunRecorder(const TrainOptions& options, bool owner) : m_owner(owner) {
    if (options.runDir.empty()) throw std::invalid_argument("no run directory given");
    if (!owner) return;
    if (options.resume)
        openResumed(options);
    else
        openFresh(options);
}

void RunRecorder::openFresh(const TrainOptions& options) {
    const std::string& dir = options.runDir;
    std::error_code error;
    if (fs::exists(dir) && !fs::is_empty(dir, error))
        throw RunError(dir +
                       ": run directory exists and is not empty (resume it, or choose another)");
    const fs::path target = fs::path(dir).lexically_normal();
    const fs::path staging = target.string() + ".creating";
    removeTree(staging, error);
    if (target.has_parent_path()) fs::create_directories(target.parent_path(), error);
    if (!fs::create_directory(staging, error) || error)
        throw RunError(dir + ": cannot create the run directory: " +
                       (error ? error.message() : "'" + staging.string() + "' exists"));
    try {
        writeRunHeader(staging.string(), options);
        fs::rename(staging, target);  // over an empty folder too
    } catch (const fs::filesystem_error& e) {
        removeTree(staging, error);
        throw RunError(dir + ": cannot create the run directory: " + e.code().message());
    } catch (...) {
        removeTree(staging, error);
        throw;
    }
    m_lock = std::make_unique<RunLock>(dir);
    m_info.runDir = dir;
    m_info.formatVersion = kRunFormatVersion;
}

void RunRecorder::openResumed(const TrainOptions& options) {
    const std::string& dir = options.runDir;
    m_lock = std::make_unique<RunLock>(dir);  // before anything is read or written
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(dir, error))
        if (entry.path().extension() == ".tmp") fs::remove(entry.path(), error);
    RunInfo stored = loadRunInfo(dir);
    if (stored.options.model != options.model || stored.options.collection != options.collection)
        throw RunError(dir + ": run holds a '" + modelTypeName(stored.options.model) +
                       "' model on '" + collectionName(stored.options.collection) +
                       "', cannot resume it as '" + modelTypeName(options.model) + "' on '" +
                       collectionName(options.collection) + "'");
    m_info = std::move(stored);
    if (m_info.formatVersion < kRunFormatVersion) {  // from now on written in this version
        writeRunFormat(dir);
        m_info.formatVersion = kRunFormatVersion;
    }
}

void RunRecorder::restartFromScratch() {
    RunInfo fresh;
    fresh.runDir = m_info.runDir;
    fresh.formatVersion = m_info.formatVersion;
    fresh.options = m_info.options;
    m_info = std::move(fresh);
}

void RunRecorder::record(const TrainProgress& progress) {
    m_info.history.push_back(progress);
    if (!m_owner || progress.phase != TrainPhase::Training) return;
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - m_historyWritten).count() < kHistoryWriteInterval)
        return;
    writeRunHistory(m_info);
    m_historyWritten = now;
}

void RunRecorder::truncateHistory(int64_t step) {
    auto& h = m_info.history;
    h.erase(
        std::remove_if(h.begin(), h.end(), [&](const TrainProgress& p) { return p.step > step; }),
        h.end());
}

void RunRecorder::writeState(RunStatus status) {
    m_info.status = status;
    if (m_owner) writeRunState(m_info);
}

std::string RunRecorder::markFailed(const std::string& reason) {
    m_info.status = RunStatus::Failed;
    m_info.failure = reason;
    if (!m_owner || m_info.runDir.empty()) return "";
    try {
        writeRunState(m_info);
        return "";
    } catch (const std::exception& e) {
        return e.what();
    }
}

}  // namespace tpugraphs
