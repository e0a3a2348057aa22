// Building a Kaggle submission from trained runs.
#include "train/submission_builder.h"

#include <sstream>
#include <stdexcept>

namespace tpugraphs {

SubmissionSummary buildSubmission(const SubmissionRequest& request,
                                  const SubmissionProgress& progress,
                                  const std::atomic<bool>* cancel) {
    if (request.outputPath.empty()) throw std::runtime_error("no output file given");
    if (request.runs.empty() && request.templatePath.empty())
        throw std::runtime_error("choose at least one run or a template CSV");
    for (const CollectionRuns& runs : request.runs)
        if (runs.runDirs.empty())
            throw std::runtime_error(std::string(collectionName(runs.collection)) +
                                     ": no run chosen");
    const std::string root =
        request.datasetRoot.empty() && !request.runs.empty()
            ? loadRunInfo(request.runs.front().runDirs.front()).options.datasetRoot
            : request.datasetRoot;
    const char* split = splitName(request.split);
    auto report = [&](const std::string& message, size_t done, size_t total) {
        if (progress) progress(message, done, total);
    };
    if (request.predict.maxConfigs > 0)
        throw std::invalid_argument(
            "a submission ranks every config of a graph: a config subset "
            "(maxConfigs) is for evaluation only");
    SubmissionSummary summary;
    std::vector<SubmissionRow> rows;
    for (const CollectionRuns& runs : request.runs) {
        const std::string name = collectionName(runs.collection);
        std::string runDir;
        for (const std::string& dir : runs.runDirs) runDir += (runDir.empty() ? "" : " + ") + dir;
        report("predicting " + name + " with " + runDir, 0, 0);
        PredictOptions predict = request.predict;
        predict.collection = runs.collection;
        const SplitPrediction prediction = predictSplit(
            runs.runDirs, root, request.split, predict,
            [&](size_t done, size_t total) {
                report(name + ": " + std::to_string(done) + "/" + std::to_string(total) + " " +
                           split + " graphs",
                       done, total);
            },
            cancel);
        for (const std::string& note : prediction.notes) summary.notes.push_back(note);
        if (prediction.cancelled) {
            summary.cancelled = true;
            return summary;
        }
        if (prediction.graphs.empty())
            throw std::runtime_error(name + ": the dataset has no " + split + " graphs under " +
                                     root);
        RunRows predicted{runDir, prediction.graphs.size(), 0};
        for (const GraphPrediction& g : prediction.graphs) {
            rows.push_back(collectionKind(g.collection) == GraphKind::Tile
                               ? tileSubmissionRow(g.name, g.scores)
                               : layoutSubmissionRow(g.collection, g.name, g.scores));
            if (isIndexOrder(rows.back())) ++predicted.indexOrderRows;
        }
        summary.rowsPerRun.push_back(predicted);
    }
    summary.predictedRows = rows.size();
    report("validating and writing " + request.outputPath, 0, 0);
    const auto counts = configCountsFromDataset(root, request.split);
    SubmissionExportOptions options;
    options.templatePath = request.templatePath;
    options.configCounts = &counts;
    options.full = request.full;
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
        if (rows > 0) out << ", " << collectionName(collection) << " " << rows;
    out << "\n";
    for (const RunRows& run : summary.rowsPerRun) {
        out << "  " << run.rows << " rows from run " << run.run << "\n";
        if (run.collapsed())
            out << "  WARNING: " << run.indexOrderRows << " of these " << run.rows
                << " rows list the configs in index order (0;1;2;...): the model scores every "
                   "config alike, so they are no better than the files' own order\n";
    }
    if (!request.templatePath.empty())
        out << "  " << r.merge.fromTemplate << " rows from the template " << request.templatePath
            << "\n";
    if (r.merge.notInTemplate > 0)
        out << "  " << r.merge.notInTemplate << " predicted rows not in the template (appended)\n";
    out << "Validation: " << (r.report.ok() ? "OK" : "FAILED")
        << (r.report.checkedAsFull
                ? " (checked with Kaggle's rules: 894 rows)"
                : " (partial submission, checked as `tpugraphs validate-submission --partial` "
                  "does; Kaggle needs all 894 rows: fill the rest from a template)")
        << (r.report.checkedAgainstDataset ? ", config indices checked against the dataset" : "")
        << "\n";
    for (const SubmissionIssue& issue : r.report.errors)
        out << "  line " << issue.line << ": " << issue.message << "\n";
    for (const SubmissionIssue& issue : r.report.warnings)
        out << "  warning, line " << issue.line << ": " << issue.message << "\n";
    if (r.report.errorCount > static_cast<int64_t>(r.report.errors.size()))
        out << "  ... " << r.report.errorCount - static_cast<int64_t>(r.report.errors.size())
            << " more errors\n";
    return out.str();
}

}  // namespace tpugraphs
