// `tpugraphs predict`: writes a validated Kaggle submission from a trained run.
#include <CLI/CLI.hpp>

#include <iostream>

#include "command_registry.h"
#include "split_option.h"
#include "train/submission_builder.h"

namespace {

using namespace tpugraphs;

struct PredictArgs {
    std::string run, dataset, split = "test", out, templatePath, device = "cpu";
    int averages = 1;
    bool last = false;
};

void runPredict(const PredictArgs& a) {
    SubmissionRequest request;
    request.datasetRoot = a.dataset;
    request.split = cli::parseSplitOption(a.split);
    request.runs = {{loadRunInfo(a.run).options.collection, a.run}};
    request.predict.device = a.device;
    request.predict.testTimeAverages = a.averages;
    request.predict.useBest = !a.last;
    request.templatePath = a.templatePath;
    request.outputPath = a.out;
    const SubmissionSummary summary =
        buildSubmission(request, [](const std::string&, size_t done, size_t total) {
            if (total > 0) std::cerr << "\rpredicting " << done << "/" << total << std::flush;
        });
    std::cerr << "\n";
    const SubmissionExportResult& result = summary.result;
    std::cout << summary.predictedRows << " rows predicted";
    if (!a.templatePath.empty())
        std::cout << "; " << result.merge.fromTemplate << " rows filled from the template "
                  << a.templatePath << ", " << result.merge.notInTemplate
                  << " predicted rows not in it";
    std::cout << "\n";
    if (!result.written) {
        for (const auto& issue : result.report.errors)
            std::cerr << a.out << (issue.line ? ":" + std::to_string(issue.line) : "") << ": "
                      << issue.message << "\n";
        std::cerr << "INVALID submission: nothing written (" << result.report.errorCount
                  << " errors)\n";
        throw CLI::RuntimeError(1);
    }
    std::cout << "wrote " << a.out << " (" << result.report.rows << " rows, validated)\n";
}

void setupPredict(CLI::App& app) {
    auto a = std::make_shared<PredictArgs>();
    auto* cmd = app.add_subcommand("predict",
                                   "Predict a split with a trained run and write a submission CSV");
    cmd->add_option("--run", a->run, "Run directory")->required();
    cmd->add_option("--dataset", a->dataset, "Dataset root (default: the run's)");
    cmd->add_option("--split", a->split, "Split to predict")->capture_default_str();
    cmd->add_option("--out", a->out, "Submission CSV to write")->required();
    cmd->add_option("--template", a->templatePath,
                    "Fill the rows without predictions from this CSV (e.g. the sample submission)");
    cmd->add_option("--tta", a->averages, "Test-time averages over shuffled config orders")
        ->capture_default_str();
    cmd->add_option("--device", a->device, "cpu or cuda")->capture_default_str();
    cmd->add_flag("--last", a->last, "Use the last checkpoint instead of the best");
    cmd->callback([a] { runPredict(*a); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupPredict);
