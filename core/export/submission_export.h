// The export path shared by CLI and GUI: optional merge with a template, validation in memory,
// and an atomic write only when the file is valid.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "export/submission_merge.h"
#include "export/submission_row.h"
#include "export/submission_validator.h"

namespace tpugraphs {

struct SubmissionExportOptions {
    std::string templatePath;  // when set: rows without predictions are filled from this CSV
    // As in the validator; with a template, template rows of graphs it lacks are allowed.
    const std::map<std::string, int64_t>* configCounts = nullptr;
    FullCheck full = FullCheck::Auto;
};

struct SubmissionExportResult {
    MergeResult merge;        // without a template: every row counted as fromPredictions
    SubmissionReport report;  // validation of exactly what was (or would have been) written
    bool written = false;     // false when the report has errors: nothing is written then
};

// Throws std::runtime_error when the template cannot be read or the file cannot be written.
SubmissionExportResult exportSubmission(const std::string& path,
                                        const std::vector<SubmissionRow>& rows,
                                        const SubmissionExportOptions& options = {});

}  // namespace tpugraphs
