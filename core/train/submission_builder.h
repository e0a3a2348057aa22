// Building a Kaggle submission from trained runs (one per collection) on the test split of a
// dataset, optionally completed from a template CSV; validated, then written atomically.
// Plain C++ (no widgets): run it off the UI thread.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "export/submission_export.h"

namespace tpugraphs::ui {

struct SubmissionRequest {
    std::string datasetRoot;                                // its test split is predicted
    std::vector<std::pair<std::string, std::string>> runs;  // (collection, run directory)
    std::string templatePath;                               // optional
    std::string outputPath;
};

struct SubmissionSummary {
    std::vector<std::pair<std::string, size_t>> rowsPerRun;  // (run directory, rows predicted)
    SubmissionExportResult result;
    bool cancelled = false;
};

// Predicts every chosen run on the test split and exports. `progress(message)` may be empty.
// Throws std::exception (RunError, DataError, std::runtime_error) with a clear message.
SubmissionSummary buildSubmission(const SubmissionRequest& request,
                                  const std::function<void(const std::string&)>& progress = {},
                                  const std::atomic<bool>* cancel = nullptr);

// Human-readable summary: rows from each run and from the template, validation outcome.
std::string submissionSummaryText(const SubmissionRequest& request,
                                  const SubmissionSummary& summary);

}  // namespace tpugraphs::ui
