// Submissions for Python: score one against a dataset split, validate one, and write one from
// orders or per-graph scores with an optional template fill, all through core/export.
#include <pybind11/stl.h>

#include <map>

#include "bindings.h"
#include "export/submission_export.h"
#include "export/submission_io.h"
#include "export/submission_line.h"
#include "export/submission_scoring.h"
#include "export/submission_validator.h"
#include "numpy_views.h"
#include "python_values.h"

namespace tpugraphs::python {

namespace {

std::string issueText(const SubmissionIssue& issue) {
    return (issue.line > 0 ? "line " + std::to_string(issue.line) + ": " : std::string()) +
           issue.message;
}

py::dict scoreSubmissionFile(const std::string& csv, const std::string& root,
                             const std::string& split) {
    SubmissionScore score;
    {
        py::gil_scoped_release release;
        const std::vector<SubmissionRow> rows = readSubmission(csv);
        score = scoreSubmission(rows, scanDataset(root), splitNamed(split));
    }
    py::dict graphs;
    for (const GraphScore& g : score.graphs)
        graphs[submissionId(g.collection, g.graph).c_str()] = g.score;
    py::dict d = competitionScoreDict(score.summary);
    d["graphs"] = graphs;
    d["graphs_without_row"] = score.graphsWithoutRow;
    d["rows_without_graph"] = score.rowsWithoutGraph;
    d["missing_ids"] = score.missingIds;
    return d;
}

std::vector<std::string> validateFile(const std::string& csv, std::optional<std::string> root,
                                      bool partial, const std::string& split) {
    SubmissionValidationOptions options;
    options.full = partial ? FullCheck::Never : FullCheck::Always;
    std::map<std::string, int64_t> counts;
    SubmissionReport report;
    {
        py::gil_scoped_release release;
        if (root) {
            counts = configCountsFromDataset(*root, splitNamed(split));
            options.configCounts = &counts;
            // As the CLI: a dataset holding part of the split cannot judge the other rows.
            options.allowUnknownGraphs = static_cast<int64_t>(counts.size()) < kFullSubmissionRows;
        }
        report = validateSubmissionFile(csv, options);
    }
    std::vector<std::string> problems;
    for (const SubmissionIssue& issue : report.errors) problems.push_back(issueText(issue));
    if (report.errorCount > static_cast<int64_t>(report.errors.size()))
        problems.push_back("... and " +
                           std::to_string(report.errorCount - int64_t(report.errors.size())) +
                           " more errors");
    if (!report.ok() && report.checkedAsFull && !report.missingRowsText().empty())
        problems.push_back("missing rows: " + report.missingRowsText());
    return problems;
}

// A row from per-config scores (lower = faster): the tile top 5 or the layout permutation.
SubmissionRow rowFromScores(const std::string& id, const std::vector<float>& scores) {
    Collection collection;
    std::string stem, problem;
    if (!splitSubmissionId(id, &collection, &stem, &problem))
        throw std::invalid_argument("'" + id + "': " + problem);
    return collectionKind(collection) == GraphKind::Tile
               ? tileSubmissionRow(stem, scores)
               : layoutSubmissionRow(collection, stem, scores);
}

py::dict writeFile(const std::string& path, const std::map<std::string, py::object>& orders,
                   const std::map<std::string, py::object>& scores,
                   std::optional<std::string> templatePath, std::optional<std::string> root,
                   std::optional<bool> full) {
    std::vector<SubmissionRow> rows;
    for (const auto& [id, order] : orders)
        rows.push_back({id, vectorOf(InputArray<int64_t>(order), "an order")});
    for (const auto& [id, values] : scores)
        rows.push_back(rowFromScores(id, vectorOf(InputArray<float>(values), "scores")));
    SubmissionExportOptions options;
    options.templatePath = templatePath.value_or("");
    options.full = full ? (*full ? FullCheck::Always : FullCheck::Never)
                        : (templatePath ? FullCheck::Auto : FullCheck::Never);
    std::map<std::string, int64_t> counts;
    SubmissionExportResult result;
    {
        py::gil_scoped_release release;
        if (root) {
            counts = configCountsFromDataset(*root, Split::Test);
            options.configCounts = &counts;
        }
        result = exportSubmission(path, rows, options);
    }
    if (!result.written) {
        std::string text = path + " was not written: the submission is invalid";
        for (const SubmissionIssue& issue : result.report.errors) text += "\n  " + issueText(issue);
        throw std::invalid_argument(text);
    }
    py::dict d;
    d["rows"] = result.merge.rows.size();
    d["from_predictions"] = result.merge.fromPredictions;
    d["from_template"] = result.merge.fromTemplate;
    d["not_in_template"] = result.merge.notInTemplate;
    std::vector<std::string> warnings;
    for (const SubmissionIssue& issue : result.report.warnings)
        warnings.push_back(issueText(issue));
    d["warnings"] = warnings;
    return d;
}

}  // namespace

void bindSubmission(py::module_& m) {
    m.def("score_submission", &scoreSubmissionFile, py::arg("csv"), py::arg("root"),
          py::arg("split") = "valid",
          "Scores a submission CSV against the runtimes of a dataset split, as Kaggle does: "
          "graphs (per ID), collections (mean per collection), overall, complete, and the rows "
          "and graphs that did not match.");
    m.def("validate_submission", &validateFile, py::arg("csv"), py::arg("root") = py::none(),
          py::arg("partial") = false, py::arg("split") = "test",
          "Checks a submission CSV before upload; returns the list of problems (empty: valid). "
          "With root, config indices are checked against the split's graphs; partial=False "
          "requires Kaggle's full file (894 rows).");
    m.def("write_submission", &writeFile, py::arg("path"),
          py::arg("orders") = std::map<std::string, py::object>{},
          py::arg("scores") = std::map<std::string, py::object>{}, py::arg("template") = py::none(),
          py::arg("root") = py::none(), py::arg("full") = py::none(),
          "Writes a submission CSV atomically from orders {ID: config indices, fastest first} "
          "and/or per-config scores {ID: scores, lower = faster} (tile: top 5, layout: the full "
          "permutation). template fills the rows without predictions. Validated first (against "
          "root's test split when given): raises ValueError with the problems instead of "
          "writing an invalid file. full: require Kaggle's 894 rows (default: with a template, "
          "when all five collections are present).");
}

}  // namespace tpugraphs::python
