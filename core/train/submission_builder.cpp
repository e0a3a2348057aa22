// Building a Kaggle submission from trained runs.
#include "train/submission_builder.h"

#include <sstream>
#include <stdexcept>

#include "data/dataset.h"
#include "train/predictor.h"

namespace tpugraphs::ui {

SubmissionSummary buildSubmission(const SubmissionRequest& request,
                                  const std::function<void(const std::string&)>& progress,
                                  const std::atomic<bool>* cancel) {
    if (request.outputPath.empty()) throw std::runtime_error("no output file given");
    if (request.runs.empty() && request.templatePath.empty())
        throw std::runtime_error("choose at least one run or a template CSV");
    SubmissionSummary summary;
    std::vector<SubmissionRow> rows;
    for (const auto& [collection, runDir] : request.runs) {
        if (progress) progress("predicting " + collection + " with " + runDir);
        const SplitPrediction split = predictSplit(
            runDir, request.datasetRoot, Split::Test, PredictOptions{},
            [&](size_t done, size_t total) {
                if (progress)
                    progress(collection + ": " + std::to_string(done) + "/" +
                             std::to_string(total) + " test graphs");
            },
            cancel);
        if (split.cancelled) {
            summary.cancelled = true;
            return summary;
        }
        if (split.graphs.empty())
            throw std::runtime_error(collection + ": the dataset has no test graphs under " +
                                     request.datasetRoot);
        for (const GraphPrediction& g : split.graphs) {
            if (g.collection == "tile:xla")
                rows.push_back(tileSubmissionRow(g.name, g.scores));
            else
                rows.push_back(layoutSubmissionRow(g.collection, g.name, g.scores));
        }
        summary.rowsPerRun.emplace_back(runDir, split.graphs.size());
    }
    if (progress) progress("validating and writing " + request.outputPath);
    const auto counts = configCountsFromDataset(request.datasetRoot, Split::Test);
    SubmissionExportOptions options;
    options.templatePath = request.templatePath;
    options.configCounts = &counts;
    summary.result = exportSubmission(request.outputPath, rows, options);
    return summary;
}

std::string submissionSummaryText(const SubmissionRequest& request,
                                  const SubmissionSummary& summary) {
    std::ostringstream out;
    if (summary.cancelled) return "Cancelled: nothing was written.";
    const SubmissionExportResult& r = summary.result;
    out << (r.written ? "Wrote " : "NOT written (validation failed): ") << request.outputPath
        << "\n";
    out << r.report.rows << " rows";
    for (const auto& [collection, rows] : r.report.rowsPerCollection)
        if (rows > 0) out << ", " << collection << " " << rows;
    out << "\n";
    for (const auto& [run, rows] : summary.rowsPerRun)
        out << "  " << rows << " rows from run " << run << "\n";
    if (!request.templatePath.empty())
        out << "  " << r.merge.fromTemplate << " rows from the template " << request.templatePath
            << "\n";
    if (r.merge.notInTemplate > 0)
        out << "  " << r.merge.notInTemplate << " predicted rows not in the template (appended)\n";
    out << "Validation: " << (r.report.ok() ? "OK" : "FAILED")
        << (r.report.checkedAsFull ? " (checked as a full 894-row submission)"
                                   : " (partial submission)")
        << (r.report.checkedAgainstDataset ? ", config indices checked against the dataset" : "")
        << "\n";
    for (const SubmissionIssue& issue : r.report.errors)
        out << "  line " << issue.line << ": " << issue.message << "\n";
    if (r.report.errorCount > static_cast<int64_t>(r.report.errors.size()))
        out << "  ... " << r.report.errorCount - static_cast<int64_t>(r.report.errors.size())
            << " more errors\n";
    return out.str();
}

}  // namespace tpugraphs::ui
