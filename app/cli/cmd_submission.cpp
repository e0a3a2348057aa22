// `tpugraphs submission`: from a dataset to a validated Kaggle submission in one command:
// every collection with train graphs trained with its recipe within a time budget, the runs of
// each ensembled and scored on the valid split, the test split predicted. Resumable: after a
// stop or a kill, the same command goes on where it ended.
#include <CLI/CLI.hpp>

#include <iostream>

#include "base/program_path.h"
#include "common/cli_options.h"
#include "common/command_registry.h"
#include "common/stop_signals.h"
#include "train/pipeline_report.h"
#include "train/submission_pipeline.h"

namespace {

using namespace tpugraphs;

void runPipeline(PipelineOptions options) {
    options.program = thisProgram();  // the runs are trained by this CLI
    const std::atomic<bool>* stop = cli::installStopSignals();
    std::cout << "submission pipeline: " << options.datasetRoot << " -> " << options.outDir << ", "
              << "budget " << minutesText(options.budgetMinutes)
              << " min (probes, training and scoring; kept within "
              << minutesText(pipelineBoundMinutes(options.budgetMinutes)) << " min), "
              << options.seeds << " runs per collection, " << options.workers
              << " at a time (Ctrl-C stops at a safe point; the same command resumes)" << std::endl;
    const PipelineOutcome outcome = runSubmissionPipeline(
        options, [](const std::string& message) { std::cout << message << std::endl; }, stop);
    std::cout << "\n" << outcome.report << "\nreport: " << options.outDir << "/report.md\n";
    if (outcome.submissionPath.empty())
        std::cout << "stopped before the submission; continue with the same command\n";
}

void setupSubmission(CLI::App& app) {
    auto o = std::make_shared<PipelineOptions>();
    auto* cmd = app.add_subcommand(
        "submission",
        "Train every collection with its recipe in a time budget, ensemble, score on valid and "
        "write a validated submission (resumable)");
    cli::addDatasetOption(*cmd, &o->datasetRoot)->required();
    cmd->add_option("--out", o->outDir, "Folder of the pipeline: runs, submission.csv, report.md")
        ->required();
    cmd->add_option("--budget-minutes", o->budgetMinutes,
                    "Minutes the whole command may take, probes, training and scoring "
                    "included (fractions allowed; kept within max(1.1 x, +1 min)): the "
                    "scoring after training (estimated by the probes) is kept out first, the "
                    "rest divided by the cost of an epoch of each collection, and each run "
                    "cuts its steps to the time left; a budget that cannot buy 20 steps per run "
                    "and the scoring is refused before training, naming the smallest that can")
        ->capture_default_str()
        ->check(cli::numberAbove(0));
    cmd->add_option("--seeds", o->seeds, "Runs per collection, ensembled")
        ->capture_default_str()
        ->check(CLI::Range(1, 100));
    cli::addRenamedCountOption(*cmd, "--parallel", "--workers", &o->workers,
                               "Runs trained at once (independent runs)", 1, 64);
    cmd->add_option("--template", o->templatePath,
                    "Fill the rows of graphs the dataset lacks from this CSV (e.g. the sample "
                    "submission)");
    cmd->callback([o] { runPipeline(*o); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupSubmission);
