// A training run directory: what it holds and how to read a past run (no torch).
//   format.json       {"format": "tpugraphs-run", "version": N, "written_by": "0.1.0 (git ...)"}
//   options.json      TrainOptions
//   history.csv       one row per progress report and per validation
//   state.json        step, epoch, best metric and step, status
//   last.pt / best.pt model + optimiser state + normaliser statistics (LibTorch archives)
//   lock              held by the process training the run (train/run_lock.h)
//   label.json        optional: display name and tags; score.json: optional score after
//                     training (train/run_label.h)
// Every file but the lock is written to a temporary name, then renamed.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "train/run_label.h"
#include "train/train_options.h"
#include "train/train_progress.h"

namespace tpugraphs {

// Version 2: flat optimiser state (FlatAdam); score heads split into input / graphInput / rest.
// Version 3: history.csv's metric columns are the metric table's, read by name (a version 2
// history, with its always-empty "val_loss", reads as well). A resumed run is rewritten in the
// current version.
constexpr int kRunFormatVersion = 3;
constexpr int kOldestReadableRunFormatVersion = 2;

// A run directory that cannot be used: names the directory (or file) and the problem.
class RunError : public std::runtime_error {
public:
    explicit RunError(const std::string& message) : std::runtime_error(message) {}
};

const char* runStatusName(RunStatus status);

struct RunInfo {
    std::string runDir;
    int formatVersion = 0;
    // The version of the program that created the run (base/build_info.h's versionText(), e.g.
    // "0.1.0 (git 002c669e1f2a)"); empty for runs created before format.json recorded it.
    std::string writtenBy;
    TrainOptions options;
    std::vector<TrainProgress> history;  // training rows then validations, in step order
    RunStatus status = RunStatus::Running;
    // Status Running, but no process trains the run any more (killed: its state could not say
    // so); it can be resumed from `step`, its last checkpoint.
    bool interrupted = false;
    std::string failure;  // status Failed: what went wrong, one line (e.g. "step 120: loss is NaN")
    int64_t step = 0;     // steps of the last checkpoint
    int64_t totalSteps = 0;
    int64_t bestStep = -1;  // -1: never validated
    EvalMetrics best;
    bool hasCheckpoint = false;      // last.pt exists
    bool hasBestCheckpoint = false;  // best.pt exists
    RunLabel label;                  // label.json (empty when absent)
    RunScore scoreAfterTraining;     // score.json (absent: not present())
    // Not empty: the run cannot be read, and why (a damaged file, named; a newer format). Set
    // by readRunForListing only.
    std::string unreadable;
};

// True when `dir` holds format.json (a run, possibly of another version).
bool isRunDirectory(const std::string& dir);

// Reads options, state and history, and whether a running run is still alive. Throws RunError
// when the directory is not a run, its format version is not between
// kOldestReadableRunFormatVersion and kRunFormatVersion, or a file is malformed (the message
// names the file).
RunInfo loadRunInfo(const std::string& runDir);
// The same for a list of runs: never throws; a run that cannot be read comes back with its
// directory and `unreadable` saying why.
RunInfo readRunForListing(const std::string& runDir);

// history.csv text and back (for tests and tools): the progress columns, then one column per
// row of the metric table. Reading goes by the header's names: a column this build does not
// know is skipped, a metric column the file lacks stays NaN; the metrics are of `kind`.
std::string historyToCsv(const std::vector<TrainProgress>& history);
std::vector<TrainProgress> historyFromCsv(const std::string& csv, GraphKind kind,
                                          const std::string& source);

}  // namespace tpugraphs
