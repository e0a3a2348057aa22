// `tpugraphs baseline --dataset ROOT --split test --out FILE [--template CSV]`: writes a
// non-learned heuristic submission through the validated export path.
#include <CLI/CLI.hpp>

#include <iostream>

#include "common/cli_options.h"
#include "common/command_registry.h"
#include "export/baseline_submission.h"
#include "export/submission_export.h"

namespace {

using namespace tpugraphs;

struct BaselineArgs {
    std::string dataset, out, templatePath;
    Split split = Split::Test;
    bool full = false;
};

void runBaseline(const BaselineArgs& args) {
    const Split split = args.split;
    const DatasetIndex index = scanDataset(args.dataset);
    const std::vector<SubmissionRow> rows = baselineSubmission(index, split);
    const auto counts = configCountsOf(index, split);

    SubmissionExportOptions options;
    options.templatePath = args.templatePath;
    options.configCounts = &counts;
    // A file completed from a template is a full submission; without one it is as complete as
    // the dataset is, so the 894-row rule applies only when asked for.
    options.full = args.full ? FullCheck::Always
                             : (args.templatePath.empty() ? FullCheck::Never : FullCheck::Auto);
    const SubmissionExportResult result = exportSubmission(args.out, rows, options);

    std::cout
        << "baseline rows: " << rows.size() << " graph(s) of the " << splitName(args.split)
        << " split (tile: larger output tiles first; layout: fewer default (-1) layouts first)\n";
    if (!args.templatePath.empty())
        std::cout << "merged with " << args.templatePath << ": " << result.merge.fromPredictions
                  << " row(s) from the baseline, " << result.merge.fromTemplate
                  << " from the template, " << result.merge.notInTemplate
                  << " not in the template\n";
    if (!result.written) {
        for (const SubmissionIssue& issue : result.report.errors)
            std::cerr << (issue.line > 0 ? "line " + std::to_string(issue.line) + ": " : "")
                      << issue.message << "\n";
        std::cerr << "not written: the submission has " << result.report.errorCount
                  << " error(s)\n";
        throw CLI::RuntimeError(1);
    }
    std::cout << "wrote " << args.out << ": " << result.report.rows << " rows, validated"
              << (result.report.checkedAsFull ? " as a full submission" : "") << "\n";
}

void setupBaseline(CLI::App& app) {
    auto args = std::make_shared<BaselineArgs>();
    auto* cmd = app.add_subcommand("baseline", "Write a non-learned heuristic submission CSV");
    cli::addDatasetOption(*cmd, &args->dataset)->required();
    cli::addSplitOption(*cmd, &args->split, "to predict");
    cmd->add_option("--out", args->out, "Output CSV")->required();
    cmd->add_option(
        "--template", args->templatePath,
        "Fill rows of graphs not in the dataset from this CSV (e.g. sample_submission.csv)");
    cmd->add_flag("--full", args->full, "Require a complete 894-row competition file");
    cmd->callback([args] { runBaseline(*args); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupBaseline);
