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
    if (!result.report.ok()) return result;

    writeSubmission(path, result.merge.rows);
    result.written = true;
    return result;
}

}  // namespace tpugraphs
