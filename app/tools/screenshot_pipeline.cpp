// tpugraphs-screenshot-pipeline: drives the real main window on a generated demo dataset (tile:xla
// and layout:xla:default) through Training > Train a Full Submission (3 runs per collection)
// and saves: the dialog after a budget too small (pipeline-dialog-refused.png: the refusal and
// its "Start with X min" button), the pipeline dialog mid-run (pipeline-dialog.png: phase, time
// against the plan, steps done / planned), the Export dialog it hands over to (pipeline-export.png:
// the pipeline's dataset, runs and a new file), and the Training page's runs table with the
// pipeline's runs named and scored (pipeline-runs.png).
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QThread>
#include <QTreeWidget>

#include <cstdio>
#include <functional>

#include "base/blas_kernel_startup.h"
#include "base/program_path.h"
#include "export_dialogs/export_submission_dialog.h"
#include "main_window.h"
#include "program_options.h"
#include "screenshot_support.h"
#include "synth/generator.h"
#include "train/torch_threads.h"
#include "training/submission_pipeline_dialog.h"
#include "training/training_page.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

int fail(const char* what) {
    std::fprintf(stderr, "screenshot-pipeline: %s\n", what);
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    selectBlasKernelAtStartup(argv);  // may re-execute: before anything else
    app::allowHelpWithoutDisplay(argc, argv);
    QApplication application(argc, argv);
    QApplication::setOrganizationName("TpuGraphsStudioScreens");
    tpugraphs::initTorchThreads();
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Generates the demo dataset (tile:xla and layout:xla:default, 4 files per split), then "
        "drives the main window: Training > Train a Full Submission with the budget given, 3 "
        "runs per collection, 1 at a time; saves the dialog mid-run (pipeline-dialog.png), the "
        "Export dialog it hands over to (pipeline-export.png) and the Training page with the "
        "pipeline's runs (pipeline-runs.png). About the budget plus the probes.");
    parser.addOption({"budget", "Budget in minutes (default 8).", "minutes", "8"});
    parser.addPositionalArgument("out", "Folder for the PNG files (default /tmp/screens).",
                                 "[out]");
    app::processProgramOptions(parser, application, "tpugraphs-screenshot-pipeline");
    QSettings().clear();  // no runs remembered from an earlier (possibly killed) session
    const QString out = parser.positionalArguments().value(0, QStringLiteral("/tmp/screens"));
    QDir().mkpath(out);
    QTemporaryDir temp;
    // The probes are kept in the temporary folder, not in the user's cache.
    qputenv("TPUGRAPHS_CACHE_DIR", (temp.path() + "/cache").toUtf8());
    const QString root = temp.path() + "/demo";
    GeneratorOptions generator;
    generator.collections = {Collection::TileXla, Collection::LayoutXlaDefault};
    generator.limit = 4;
    generateDataset(root.toStdString(), generator);

    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    window.openDataset(root);
    auto* tabs = window.findChild<QTabWidget*>("pages");
    auto* training = window.findChild<TrainingPage*>();
    if (!tabs || !training) return fail("no Training page");
    training->setDatasetRoot(root);
    tabs->setCurrentWidget(training);
    window.trainFullSubmission();
    auto* dialog = window.findChild<SubmissionPipelineDialog*>();
    if (!dialog) return fail("no pipeline dialog");
    dialog->setProgram(QString::fromStdString(programBeside("tpugraphs")));
    dialog->setOutputFolder(temp.path() + "/pipeline");
    dialog->setSeeds(3);
    dialog->setWorkers(1);
    dialog->resize(1000, 640);
    // A budget too small: refused after the first probe, with the fix one click away.
    dialog->setBudgetMinutes(0.1);
    dialog->start();
    if (!waitUntil([&] { return !dialog->isRunning(); }, 600000))
        return fail("the refused call never ended");
    QThread::msleep(500);
    save(dialog, out + "/pipeline-dialog-refused.png");
    dialog->setBudgetMinutes(parser.value("budget").toDouble());
    dialog->start();
    // Mid-run: tile trained, layout training.
    const bool midRun = waitUntil(
        [&] {
            const QStringList row = dialog->rowText(Collection::LayoutXlaDefault);
            return row.value(1) == "training" && !row.value(4).startsWith("0 /");
        },
        1200000);
    if (!midRun) return fail("the pipeline never trained layout:xla:default");
    QThread::msleep(1500);
    save(dialog, out + "/pipeline-dialog.png");
    ExportSubmissionDialog* exporter = nullptr;
    if (!waitUntil(
            [&] {
                exporter = window.findChild<ExportSubmissionDialog*>();
                return exporter != nullptr;
            },
            900000))
        return fail("no hand-over to the Export dialog");
    exporter->resize(1000, 720);
    save(exporter, out + "/pipeline-export.png");
    exporter->close();
    save(dialog, out + "/pipeline-dialog-finished.png");
    dialog->close();
    waitUntil([] { return false; }, 1500);  // the runs table settles
    save(&window, out + "/pipeline-runs.png");
    return 0;
}
