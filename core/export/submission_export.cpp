// Merge, validate, then write a submission.
#include "export/submission_export.h"

#include <sstream>

#include "export/submission_io.h"

namespace tpugraphs {

SubmissionExportResult exportSubmission(const std::string& path,
                                        const std::vector<SubmissionRow>& rows,
                                        const SubmissionExportOptions& options) {
    SubmissionExportResult result;
    if (options.templatePath.empty()) {
        result.merge.rows = rows;
        result.merge.fromPredictions = rows.size();
    } else {
        result.merge = mergeWithTemplate(rows, readSubmission(options.templatePath));
    }

    std::ostringstream text;
    writeSubmission(text, result.merge.rows);
    std::istringstream in(text.str());
    SubmissionValidationOptions validation;
    validation.configCounts = options.configCounts;
    validation.full = options.full;
    validation.allowUnknownGraphs = !options.templatePath.empty();
    result.report = validateSubmission(in, validation);
    // Template rows are copied as they are; say so where one draws a warning or an error.
    const auto origin = [&](SubmissionIssue& issue) {
        const int64_t row = issue.line - 2;  // line 1 is the header
        if (row >= 0 && row < static_cast<int64_t>(result.merge.copiedFromTemplate.size()) &&
            result.merge.copiedFromTemplate[static_cast<size_t>(row)])
            issue.message =
                "row copied from the template " + options.templatePath + ": " + issue.message;
    };
    for (SubmissionIssue& issue : result.report.warnings) origin(issue);
    for (SubmissionIssue& issue : result.report.errors) origin(issue);
    if (!result.report.ok()) return result;

    writeSubmission(path, result.merge.rows);
    result.written = true;
    return result;
}

}  // namespace tpugraphs
