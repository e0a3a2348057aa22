// `tpugraphs validate-submission FILE [--dataset ROOT]`: checks a Kaggle submission CSV.
#include <CLI/CLI.hpp>

#include <iostream>
#include <map>

#include "common/cli_options.h"
#include "common/command_registry.h"
#include "export/submission_validator.h"

namespace {

using namespace tpugraphs;

struct ValidateArgs {
    std::string file, dataset;
    Split split = Split::Test;
    bool partial = false;
    size_t maxErrors = 50;
};

void printReport(const ValidateArgs& args, const SubmissionReport& report) {
    std::cout << args.file << ": " << report.rows << " rows (";
    for (size_t i = 0; i < report.rowsPerCollection.size(); ++i)
        std::cout << (i ? ", " : "") << collectionName(report.rowsPerCollection[i].first) << " "
                  << report.rowsPerCollection[i].second;
    std::cout << ")\n";
    std::cout << (report.checkedAsFull
                      ? "checked with Kaggle's rules: 894 unique IDs (844 + 8 + 8 + 17 + 17)\n"
                      : "checked as a partial submission (--partial: row counts not checked; "
                        "Kaggle needs all 894 rows)\n");
    if (report.checkedAgainstDataset) {
        std::cout << "checked against the " << splitName(args.split) << " split of " << args.dataset
                  << " (config counts from the npz headers)";
        if (report.uncheckedRows > 0)
            std::cout << "; " << report.uncheckedRows
                      << " rows name graphs this dataset does not hold (not checked)";
        std::cout << "\n";
    }
    for (const SubmissionIssue& issue : report.warnings)
        std::cout << "warning: " << args.file
                  << (issue.line > 0 ? ":" + std::to_string(issue.line) : "") << ": "
                  << issue.message << "\n";
    if (report.warningCount > static_cast<int64_t>(report.warnings.size()))
        std::cout << "... and "
                  << report.warningCount - static_cast<int64_t>(report.warnings.size())
                  << " more warnings\n";
    if (report.ok()) {
        std::cout << "OK: the submission is valid"
                  << (report.checkedAsFull ? " for Kaggle" : " as a partial file")
                  << (report.warningCount
                          ? " (" + std::to_string(report.warningCount) + " warning" +
                                (report.warningCount > 1 ? "s" : "") + ")"
                          : std::string())
                  << "\n";
        return;
    }
    for (const SubmissionIssue& issue : report.errors)
        std::cerr << args.file << (issue.line > 0 ? ":" + std::to_string(issue.line) : "") << ": "
                  << issue.message << "\n";
    if (report.errorCount > static_cast<int64_t>(report.errors.size()))
        std::cerr << "... and " << report.errorCount - static_cast<int64_t>(report.errors.size())
                  << " more errors\n";
    std::cerr << "INVALID: " << report.errorCount << " error(s)";
    const std::string missing = report.checkedAsFull ? report.missingRowsText() : "";
    if (!missing.empty()) std::cerr << "; missing rows: " << missing;
    std::cerr << "\n";
}

void runValidate(const ValidateArgs& args) {
    SubmissionValidationOptions options;
    options.maxReportedErrors = args.maxErrors;
    options.full = args.partial ? FullCheck::Never : FullCheck::Always;
    std::map<std::string, int64_t> counts;
    if (!args.dataset.empty()) {
        counts = configCountsFromDataset(args.dataset, args.split);
        options.configCounts = &counts;
        // A dataset holding part of the test split (e.g. sample files) cannot judge the rows
        // of the graphs it lacks: they are counted as unchecked instead of failing.
        options.allowUnknownGraphs = static_cast<int64_t>(counts.size()) < kFullSubmissionRows;
    }
    const SubmissionReport report = validateSubmissionFile(args.file, options);
    printReport(args, report);
    if (!report.ok()) throw CLI::RuntimeError(1);
}

void setupValidateSubmission(CLI::App& app) {
    auto args = std::make_shared<ValidateArgs>();
    auto* cmd = app.add_subcommand(
        "validate-submission",
        "Check a Kaggle submission CSV with the competition's rules (header, 894 unique IDs of "
        "the five collections, index lists; with --dataset, config counts)");
    cmd->add_option("file", args->file, "Submission CSV")->required();
    cli::addDatasetOption(*cmd, &args->dataset, "checks indices against each graph's config count");
    cli::addSplitOption(*cmd, &args->split, "the rows refer to, with --dataset");
    cmd->add_flag("--partial", args->partial,
                  "Check a partial file (e.g. one collection): do not require Kaggle's 894 rows");
    cmd->add_option("--max-errors", args->maxErrors, "Errors to print (all are counted)");
    cmd->callback([args] { runValidate(*args); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupValidateSubmission);
