// Predict-to-submission, the one path of `tpugraphs predict` and the GUI's export dialog:
// predicts a split with trained runs (one run or an ensemble per collection), builds the rows,
// optionally
// completes them from a template CSV, validates them against the dataset's config counts and
// writes the file atomically, only when it is valid. Plain C++: run it off the UI thread.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "data/dataset.h"
#include "export/submission_export.h"
#include "train/predictor.h"

namespace tpugraphs {

// The runs predicting one collection: one run, or an ensemble (their per-graph normalised ranks
// averaged). The collection may differ from the one they trained on (same graph kind).
struct CollectionRuns {
    Collection collection = Collection::TileXla;
    std::vector<std::string> runDirs;
};

struct SubmissionRequest {
    std::string datasetRoot;  // its `split` is predicted; empty: the first run's dataset root
    Split split = Split::Test;
    std::vector<CollectionRuns> runs;
    PredictOptions predict;
    std::string templatePath;  // optional
    std::string outputPath;
    // Whether Kaggle's full file (894 rows) is required: Auto when the rows cover all five
    // collections.
    FullCheck full = FullCheck::Auto;
};

// The rows one run (or ensemble) predicted.
struct RunRows {
    std::string run;  // its directory, or the ensemble's directories joined by " + "
    size_t rows = 0;
    size_t indexOrderRows = 0;  // rows in index order (isIndexOrder)
    // Most rows in index order: the model scores every config alike; the rows are no better
    // than the files' own order.
    bool collapsed() const { return rows > 0 && 2 * indexOrderRows > rows; }
};

struct SubmissionSummary {
    std::vector<RunRows> rowsPerRun;
    size_t predictedRows = 0;
    SubmissionExportResult result;
    bool cancelled = false;
    std::vector<std::string> notes;  // checkpoints passed over (SplitPrediction::notes)
};

// What runs now ("predicting tile:xla with RUN", "tile:xla: 3/10 test graphs", "validating and
// writing FILE"); done/total count the graphs of the run being predicted, 0/0 otherwise.
using SubmissionProgress =
    std::function<void(const std::string& message, size_t done, size_t total)>;

// Predicts every chosen run and exports. Throws std::exception (RunError, DataError,
// std::runtime_error, FileWriteError) with a clear message.
SubmissionSummary buildSubmission(const SubmissionRequest& request,
                                  const SubmissionProgress& progress = {},
                                  const std::atomic<bool>* cancel = nullptr);

// Human-readable summary: rows from each run and from the template, validation outcome.
std::string submissionSummaryText(const SubmissionRequest& request,
                                  const SubmissionSummary& summary);

}  // namespace tpugraphs
