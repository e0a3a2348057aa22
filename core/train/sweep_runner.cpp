// Running a sweep's trials as child processes, then scoring them.
#include "train/sweep_runner.h"

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "base/atomic_file.h"
#include "base/child_process.h"
#include "base/core_count.h"
#include "base/file_tree.h"
#include "base/number_text.h"
#include "train/option_table.h"
#include "train/predictor.h"
#include "train/run_files.h"
#include "train/run_label.h"

namespace tpugraphs {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::string planText(const std::vector<SweepTrial>& trials) {
    nlohmann::json plan = nlohmann::json::array();
    for (const SweepTrial& t : trials)
        plan.push_back({{"id", t.id},
                        {"point", t.point},
                        {"options", nlohmann::json::parse(trainOptionsToJson(t.options))}});
    return plan.dump(2) + "\n";
}

// OUT/sweep.json holds the plan; a folder holding another plan is refused.
void recordPlan(const std::vector<SweepTrial>& trials, const std::string& outDir) {
    const std::string path = outDir + "/sweep.json";
    const std::string text = planText(trials);
    if (fs::exists(path)) {
        if (readTextFile(path) != text)
            throw std::invalid_argument(outDir +
                                        " holds another sweep (other trials or options): "
                                        "choose another --out, or remove it");
        return;
    }
    writeFileAtomically(path, text);
}

bool finished(const std::string& runDir) {
    if (!isRunDirectory(runDir)) return false;
    const RunInfo run = readRunForListing(runDir);
    return run.unreadable.empty() &&
           (run.status == RunStatus::Completed || run.status == RunStatus::EarlyStopped);
}

// What the sweep keeps of a trial beside its run: its training seconds (all sessions) and its
// scores on the extra evaluations.
struct TrialRecord {
    double seconds = 0;
    double peakMib = 0;                    // the largest resident set of its training processes
    std::map<std::string, double> scores;  // "root:split" -> metric
};

std::string recordPath(const std::string& outDir, const SweepTrial& trial) {
    return outDir + "/records/" + trial.id + ".json";
}

TrialRecord readRecord(const std::string& path) {
    TrialRecord record;
    if (!fs::exists(path)) return record;
    try {
        const auto j = nlohmann::json::parse(readTextFile(path));
        record.seconds = j.value("seconds", 0.0);
        record.peakMib = j.value("peak_mib", 0.0);
        for (const auto& [key, value] : j.value("scores", nlohmann::json::object()).items())
            record.scores[key] = value.is_number() ? value.get<double>() : std::nan("");
    } catch (const std::exception&) {
        // a damaged record is recomputed
    }
    return record;
}

void writeRecord(const std::string& path, const TrialRecord& record) {
    nlohmann::json scores = nlohmann::json::object();
    for (const auto& [key, value] : record.scores)
        scores[key] = std::isfinite(value) ? nlohmann::json(value) : nlohmann::json();
    fs::create_directories(fs::path(path).parent_path());
    const nlohmann::json j = {
        {"seconds", record.seconds}, {"peak_mib", record.peakMib}, {"scores", scores}};
    writeFileAtomically(path, j.dump(2) + "\n");
}

std::string evaluationKey(const SweepEvaluation& e) {
    return e.datasetRoot + ":" + splitName(e.split);
}

// The last lines of a trial's log: why its process failed.
std::string logTail(const std::string& path) {
    std::ifstream in(path);
    std::deque<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        lines.push_back(line);
        if (lines.size() > 3) lines.pop_front();
    }
    std::string tail;
    for (const std::string& l : lines) tail += (tail.empty() ? "" : " | ") + l;
    return tail;
}

class SweepRunner {
public:
    SweepRunner(const std::vector<SweepTrial>& trials, const SweepRunOptions& options,
                const SweepProgress& progress, const std::atomic<bool>* cancel)
        : m_trials(trials), m_options(options), m_progress(progress), m_cancel(cancel) {
        if (options.program.empty())
            throw std::invalid_argument("sweep: no program given to train the trials with");
        m_program = options.program;
        m_threads = options.threadsPerTrial > 0
                        ? options.threadsPerTrial
                        : coresFor(CorePolicy::SharedEvenly, options.workers);
    }

    void trainAll() {
        std::deque<size_t> queue;
        for (size_t i = 0; i < m_trials.size(); ++i)
            if (!finished(runDir(i))) queue.push_back(i);
        bool stopping = false;
        while (!queue.empty() || !m_running.empty()) {
            while (!stopping && !queue.empty() &&
                   static_cast<int>(m_running.size()) < std::max(1, m_options.workers)) {
                const size_t next = queue.front();
                queue.pop_front();
                start(next, queue);
            }
            labelNewRuns();
            if (!stopping && m_cancel && m_cancel->load()) {
                stopping = true;
                queue.clear();
                for (const auto& [pid, running] : m_running) ::kill(pid, SIGINT);
            }
            reapOne();
        }
    }

    std::vector<TrialResult> results() {
        std::vector<TrialResult> all;
        for (size_t i = 0; i < m_trials.size(); ++i) all.push_back(resultOf(i));
        return all;
    }

private:
    struct Running {
        size_t trial;
        Clock::time_point start;
        bool labelled = false;  // its label written (or found)
    };

    std::string runDir(size_t i) const {
        return trialRunDirectory(m_options.outDir, m_trials[i].id);
    }

    // Runs that appeared since the last look get their label, unless they have one.
    void labelNewRuns() {
        for (auto& [pid, running] : m_running) {
            if (running.labelled || !isRunDirectory(runDir(running.trial))) continue;
            running.labelled = true;
            const SweepTrial& t = m_trials[running.trial];
            const std::string dir = runDir(running.trial);
            if (fs::exists(dir + "/label.json")) continue;
            RunLabel label;
            label.name = runName(t.collection, t.point, t.options.seed);
            writeRunLabel(dir, label);
        }
    }

    std::vector<std::string> timeLimitArguments(size_t i, const std::deque<size_t>& queue) const {
        if (!m_options.timeLimitMinutes) return {};
        std::vector<size_t> running;
        for (const auto& [pid, r] : m_running) running.push_back(r.trial);
        const double minutes =
            m_options.timeLimitMinutes(i, running, std::vector<size_t>(queue.begin(), queue.end()));
        if (minutes <= 0) return {};
        return {"--time-limit-minutes", shortestText(minutes)};
    }

    void start(size_t i, const std::deque<size_t>& queue) {
        const std::string dir = runDir(i);
        fs::create_directories(fs::path(dir).parent_path());
        std::vector<std::string> arguments{"--threads", std::to_string(m_threads), "train",
                                           "--quiet"};
        for (const std::string& argument : timeLimitArguments(i, queue))
            arguments.push_back(argument);
        if (isRunDirectory(dir)) {
            arguments.insert(arguments.end(), {"--resume", dir});
        } else {
            removeTree(dir);
            TrainOptions options = m_trials[i].options;
            options.runDir = dir;
            const std::string plan = m_options.outDir + "/plan/" + m_trials[i].id + ".json";
            fs::create_directories(fs::path(plan).parent_path());
            writeFileAtomically(plan, trainOptionsToJson(options));
            arguments.insert(arguments.end(), {"--options", plan});
        }
        ChildOptions child;
        child.logPath = dir + ".log";
        const pid_t pid = startChild(m_program, arguments, child);
        if (pid < 0)
            throw std::runtime_error(m_program + ": cannot start a trial (" + std::strerror(errno) +
                                     ")");
        m_running[pid] = {i, Clock::now()};
        if (m_progress)
            m_progress(std::to_string(++m_started) + " started: " + m_trials[i].id + " (" +
                       m_trials[i].point + ")");
    }

    void reapOne() {
        int status = 0;
        struct rusage usage {};
        const pid_t pid = ::wait4(-1, &status, WNOHANG, &usage);
        if (pid <= 0 || !m_running.count(pid)) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            return;
        }
        labelNewRuns();  // a run that ended within the last look
        const Running done = m_running[pid];
        m_running.erase(pid);
        const std::string path = recordPath(m_options.outDir, m_trials[done.trial]);
        TrialRecord record = readRecord(path);
        record.seconds += std::chrono::duration<double>(Clock::now() - done.start).count();
        record.peakMib = std::max(record.peakMib, static_cast<double>(usage.ru_maxrss) / 1024.0);
        writeRecord(path, record);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            m_exits[done.trial] = "the training process " + describeExit(status) + ": " +
                                  logTail(runDir(done.trial) + ".log");
        if (m_progress)
            m_progress("finished: " + m_trials[done.trial].id +
                       (m_exits.count(done.trial) ? " (failed: " + m_exits[done.trial] + ")" : ""));
    }

    TrialResult resultOf(size_t i) {
        TrialResult r;
        r.trial = m_trials[i];
        r.runDir = runDir(i);
        const RunInfo run = readRunForListing(r.runDir);
        r.status = run.unreadable.empty() ? run.status : RunStatus::Failed;
        r.problem = m_exits.count(i)          ? m_exits[i]
                    : !run.unreadable.empty() ? run.unreadable
                                              : run.failure;
        if (r.status == RunStatus::Running && run.interrupted) r.status = RunStatus::Cancelled;
        r.steps = run.step;
        for (auto it = run.history.rbegin(); it != run.history.rend(); ++it)
            if (it->isValidation) {
                r.last = it->validation;
                break;
            }
        const std::string path = recordPath(m_options.outDir, r.trial);
        TrialRecord record = readRecord(path);
        r.seconds = record.seconds;
        r.peakMib = record.peakMib;
        score(r, record, path);
        return r;
    }

    // The extra evaluations of a finished trial, from its record or computed (last
    // checkpoint: the run as it ended) and recorded.
    void score(TrialResult& r, TrialRecord& record, const std::string& path) {
        const bool done = r.status == RunStatus::Completed || r.status == RunStatus::EarlyStopped;
        bool changed = false;
        for (const SweepEvaluation& e : m_options.evaluations) {
            const std::string key = evaluationKey(e);
            if (done && !record.scores.count(key)) {
                if (m_progress) m_progress("scoring " + r.trial.id + " on " + key);
                PredictOptions predict;
                predict.useBest = false;
                record.scores[key] =
                    predictSplit(r.runDir, e.datasetRoot, e.split, predict).mean.primary();
                changed = true;
            }
            r.scores.push_back(done && record.scores.count(key) ? record.scores[key]
                                                                : std::nan(""));
        }
        if (changed) writeRecord(path, record);
    }

    const std::vector<SweepTrial>& m_trials;
    const SweepRunOptions& m_options;
    SweepProgress m_progress;
    const std::atomic<bool>* m_cancel;
    std::string m_program;
    int m_threads = 1;
    int m_started = 0;
    std::map<pid_t, Running> m_running;
    std::map<size_t, std::string> m_exits;  // trials whose process failed: why
};

}  // namespace

std::string trialRunDirectory(const std::string& outDir, const std::string& trialId) {
    return outDir + "/runs/" + trialId;
}

std::vector<TrialResult> runSweep(const std::vector<SweepTrial>& trials,
                                  const SweepRunOptions& options, const SweepProgress& progress,
                                  const std::atomic<bool>* cancel) {
    fs::create_directories(options.outDir);
    recordPlan(trials, options.outDir);
    SweepRunner runner(trials, options, progress, cancel);
    runner.trainAll();
    return runner.results();
}

}  // namespace tpugraphs
