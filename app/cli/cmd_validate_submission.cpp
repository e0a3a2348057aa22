// `tpugraphs validate-submission FILE [--dataset ROOT]`: checks a Kaggle submission CSV.
#include <CLI/CLI.hpp>

#include <iostream>
#include <map>

#include "command_registry.h"
#include "export/submission_validator.h"
#include "split_option.h"

namespace {

using namespace tpugraphs;

struct ValidateArgs {
    std::string file, dataset, split = "test";
    bool full = false, partial = false;
    size_t maxErrors = 50;
};

void printReport(const ValidateArgs& args, const SubmissionReport& report) {
    std::cout << args.file << ": " << report.rows << " rows (";
    for (size_t i = 0; i < report.rowsPerCollection.size(); ++i)
        std::cout << (i ? ", " : "") << collectionName(report.rowsPerCollection[i].first) << " "
                  << report.rowsPerCollection[i].second;
    std::cout << ")\n";
    std::cout
        << (report.checkedAsFull
                ? "checked as a full competition submission (894 rows: 844 + 8 + 8 + 17 + 17)\n"
                : "checked as a partial submission (row counts not checked; --full to force)\n");
    if (report.checkedAgainstDataset)
        std::cout << "checked against the " << args.split << " split of " << args.dataset
                  << " (config counts from the npz headers)\n";
    if (report.ok()) {
        std::cout << "OK: the submission is valid\n";
        return;
    }
    for (const SubmissionIssue& issue : report.errors)
        std::cerr << args.file << (issue.line > 0 ? ":" + std::to_string(issue.line) : "") << ": "
                  << issue.message << "\n";
    if (report.errorCount > static_cast<int64_t>(report.errors.size()))
        std::cerr << "... and " << report.errorCount - static_cast<int64_t>(report.errors.size())
                  << " more errors\n";
    std::cerr << "INVALID: " << report.errorCount << " error(s)\n";
}

void runValidate(const ValidateArgs& args) {
    SubmissionValidationOptions options;
    options.maxReportedErrors = args.maxErrors;
    options.full = args.full      ? FullCheck::Always
                   : args.partial ? FullCheck::Never
                                  : FullCheck::Auto;
    std::map<std::string, int64_t> counts;
    if (!args.dataset.empty()) {
        const Split split = cli::parseSplitOption(args.split);
        counts = configCountsFromDataset(args.dataset, split);
        options.configCounts = &counts;
    }
    const SubmissionReport report = validateSubmissionFile(args.file, options);
    printReport(args, report);
    if (!report.ok()) throw CLI::RuntimeError(1);
}

void setupValidateSubmission(CLI::App& app) {
    auto args = std::make_shared<ValidateArgs>();
    auto* cmd = app.add_subcommand(
        "validate-submission", "Check a Kaggle submission CSV (header, IDs, index lists, counts)");
    cmd->add_option("file", args->file, "Submission CSV")->required();
    cmd->add_option("--dataset", args->dataset,
                    "Dataset root: check indices against each graph's config count");
    cmd->add_option("--split", args->split, "Split the rows refer to (with --dataset)")
        ->check(CLI::IsMember({"train", "valid", "test"}));
    auto* full = cmd->add_flag("--full", args->full,
                               "Require a complete competition file (894 rows). Default: required "
                               "when rows of all five collections are present");
    cmd->add_flag("--partial", args->partial, "Never require the 894 rows")->excludes(full);
    cmd->add_option("--max-errors", args->maxErrors, "Errors to print (all are counted)");
    cmd->callback([args] { runValidate(*args); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupValidateSubmission);
