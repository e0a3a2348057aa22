// `tpugraphs predict`: writes a validated Kaggle submission from a trained run, or from an
// ensemble of runs (their per-graph normalised ranks averaged).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <optional>

#include "common/cli_options.h"
#include "common/command_registry.h"
#include "common/progress_bar.h"
#include "train/submission_builder.h"

namespace {

using namespace tpugraphs;

struct PredictArgs {
    std::vector<std::string> runs;
    std::string dataset, out, templatePath, device;  // --device: the option table's
    Split split = Split::Test;
    std::optional<Collection> collection;
    int averages = kDefaultTestTimeAverages;
    bool last = false;
};

void printIssues(const std::string& file, const std::vector<SubmissionIssue>& issues,
                 const char* kind) {
    for (const auto& issue : issues)
        std::cerr << kind << file << (issue.line ? ":" + std::to_string(issue.line) : "") << ": "
                  << issue.message << "\n";
}

void runPredict(const PredictArgs& a) {
    SubmissionRequest request;
    request.datasetRoot = a.dataset;
    request.split = a.split;
    const Collection collection =
        a.collection.value_or(loadRunInfo(a.runs.front()).options.collection);
    request.runs = {{collection, a.runs}};
    request.predict.device = a.device;
    request.predict.testTimeAverages = a.averages;
    request.predict.useBest = !a.last;
    request.templatePath = a.templatePath;
    request.outputPath = a.out;
    // Counted in configs: one layout graph holds up to ~100k of them.
    cli::ProgressBar bar("predicting");
    std::string graphs;
    request.predict.splitConfigProgress = [&](int64_t done, int64_t total) {
        bar.update(static_cast<size_t>(done), static_cast<size_t>(total), "configs" + graphs);
    };
    const SubmissionSummary summary =
        buildSubmission(request, [&](const std::string&, size_t done, size_t total) {
            if (total > 0)
                graphs = ", graph " + std::to_string(std::min(done + 1, total)) + "/" +
                         std::to_string(total);
        });
    bar.finish();
    for (const std::string& note : summary.notes) std::cerr << "note: " << note << "\n";
    const SubmissionExportResult& result = summary.result;
    std::cout << summary.predictedRows << " rows predicted"
              << (a.runs.size() > 1 ? " by an ensemble of " + std::to_string(a.runs.size()) +
                                          " runs (mean normalised ranks)"
                                    : std::string());
    if (!a.templatePath.empty())
        std::cout << "; " << result.merge.fromTemplate << " rows filled from the template "
                  << a.templatePath << ", " << result.merge.notInTemplate
                  << " predicted rows not in it";
    std::cout << "\n";
    printIssues(a.out, result.report.warnings, "warning: ");
    if (!result.written) {
        printIssues(a.out, result.report.errors, "");
        std::cerr << "INVALID submission: nothing written (" << result.report.errorCount
                  << " errors)\n";
        throw CLI::RuntimeError(1);
    }
    std::cout << "wrote " << a.out << " (" << result.report.rows << " rows, validated"
              << (result.report.checkedAsFull ? " with Kaggle's rules"
                                              : "; partial: Kaggle needs all 894 rows, fill the "
                                                "rest with --template")
              << ")\n";
}

void setupPredict(CLI::App& app) {
    auto a = std::make_shared<PredictArgs>();
    auto* cmd = app.add_subcommand("predict",
                                   "Predict a split with a trained run (or an ensemble of runs) "
                                   "and write a validated submission CSV");
    cmd->add_option("--run", a->runs,
                    "Run directory; repeat for an ensemble (per-graph normalised ranks averaged)")
        ->required();
    cli::addDatasetOption(*cmd, &a->dataset, "default: the first run's");
    cli::addSplitOption(*cmd, &a->split, "to predict");
    cli::addCollectionOption(*cmd, &a->collection,
                             "default: the run's; another of the same kind is allowed");
    cmd->add_option("--out", a->out, "Submission CSV to write")->required();
    cmd->add_option("--template", a->templatePath,
                    "Fill the rows without predictions from this CSV (e.g. the sample "
                    "submission); its rows are copied as they are");
    cmd->add_option("--tta", a->averages,
                    "Test-time averages over shuffled config orders (models that compare "
                    "configs)")
        ->capture_default_str();
    cli::addDeviceOption(*cmd, &a->device);
    cmd->add_flag("--last", a->last, "Use the last checkpoint instead of the best");
    cmd->callback([a] { runPredict(*a); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupPredict);
