// tpugraphs-screenshot-training: drives the real main window on generated demo data and saves
// screenshots of a live training run (charts mid-run), the runs table, a chart's tool tip held
// still, the predictions view (tile, and layout node sensitivity), the export dialog with its
// scores and warnings, and Help > About.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QThread>

#include <cstdio>
#include <functional>

#include "about_dialog.h"
#include "base/blas_kernel_startup.h"
#include "export_dialogs/export_submission_dialog.h"
#include "item_models/run_list_model.h"
#include "main_window.h"
#include "predictions/predictions_page.h"
#include "program_options.h"
#include "screenshot_support.h"
#include "synth/generator.h"
#include "train/torch_threads.h"
#include "train/trainer.h"
#include "training/metric_chart.h"
#include "training/run_charts.h"
#include "training/run_curves.h"
#include "training/training_form.h"
#include "training/training_page.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

TrainOptions quickRun(const std::string& root, Collection collection, const std::string& dir,
                      int steps) {
    TrainOptions o = defaultTrainOptions(collection);
    o.datasetRoot = root;
    o.runDir = dir;
    o.steps = steps;
    o.batchGraphs = collectionKind(collection) == GraphKind::Tile ? 8 : 2;
    o.validationInterval = std::max(1, steps / 6);
    o.logInterval = 2;
    o.learningRate = 3e-3;
    return o;
}

// Rests the pointer on the middle point of the chart's last drawn curve (the live run) and
// waits as a user would: the tip stays while the pointer does.
void restPointerOnCurve(MetricChart* chart) {
    QLineSeries* curve = nullptr;
    for (int i = 0; chart->line(i); ++i)
        if (chart->line(i)->count() > 0) curve = chart->line(i);
    if (!curve) return;
    const QPoint at = chart->viewportPosition(curve->at(curve->count() / 2), curve);
    QMouseEvent move(QEvent::MouseMove, QPointF(at), QPointF(chart->viewport()->mapToGlobal(at)),
                     Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(chart->viewport(), &move);
    waitUntil([] { return false; }, 1500);
}

}  // namespace

int main(int argc, char** argv) {
    tpugraphs::selectBlasKernelAtStartup(argv);  // may re-execute: before anything else
    tpugraphs::app::allowHelpWithoutDisplay(argc, argv);
    QApplication app(argc, argv);
    QApplication::setOrganizationName("TpuGraphsStudioScreens");
    tpugraphs::initTorchThreads();
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Generates a demo dataset (tile:xla and layout:xla:default, 40 files per split), trains "
        "an earlier tile run and two small layout runs (one on another dataset), then drives the "
        "main window: a 600-step tile run from the Training tab (training-live.png, mid-run), "
        "the runs table (runs-table.png), a validation chart's tip with the pointer resting "
        "(chart-tooltip.png), predictions (predictions-tile.png, "
        "predictions-layout-sensitivity.png), File > Export Kaggle Submission with both layout "
        "runs ticked (export-dialog.png) and Help > About (about.png). Run it under xvfb-run on "
        "a machine without a display.");
    parser.addPositionalArgument("out", "Folder for the PNG files (default /tmp/screens).",
                                 "[out]");
    tpugraphs::app::processProgramOptions(parser, app, "tpugraphs-screenshot-training");
    QSettings().clear();  // no runs remembered from an earlier (possibly killed) session
    const QString out = parser.positionalArguments().value(0, QStringLiteral("/tmp/screens"));
    QDir().mkpath(out);
    QTemporaryDir temp;
    const std::string root = temp.path().toStdString() + "/demo";
    GeneratorOptions generator;
    generator.collections = {Collection::TileXla, Collection::LayoutXlaDefault};
    generator.limit = 40;
    generateDataset(root, generator);
    // An earlier, shorter tile run to compare against, and a small layout run.
    const std::string earlier = temp.path().toStdString() + "/runs/tile-xla-lr3e-3";
    train(quickRun(root, Collection::TileXla, earlier, 300));
    const std::string layout = temp.path().toStdString() + "/runs/layout-xla-default";
    train(quickRun(root, Collection::LayoutXlaDefault, layout, 40));
    // A layout run trained on another dataset: the export dialog warns when it is ticked.
    const std::string otherRoot = temp.path().toStdString() + "/other-demo";
    GeneratorOptions otherGenerator;
    otherGenerator.collections = {Collection::LayoutXlaDefault};
    otherGenerator.limit = 10;
    otherGenerator.seed = 7;
    generateDataset(otherRoot, otherGenerator);
    const std::string other = temp.path().toStdString() + "/runs/layout-other-dataset";
    train(quickRun(otherRoot, Collection::LayoutXlaDefault, other, 10));

    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    window.openDataset(QString::fromStdString(root));
    auto* tabs = window.findChild<QTabWidget*>("pages");
    TrainingPage* training = window.training();
    training->form()->setRunsRoot(temp.path() + "/runs");
    training->setDatasetRoot(QString::fromStdString(root));
    training->openRun(QString::fromStdString(earlier));
    training->openRun(QString::fromStdString(other));
    tabs->setCurrentWidget(training);
    training->findChild<QSpinBox*>("steps")->setValue(600);
    training->findChild<QSpinBox*>("validation_interval")->setValue(40);
    training->findChild<QPushButton*>("startButton")->click();
    const QString live = training->runs()->liveRun();
    waitUntil([&] { return training->curves(live) && training->curves(live)->validations() >= 7; },
              600000);
    waitUntil([] { return false; }, 300);  // the paced chart redraws land
    save(&window, out + "/training-live.png");
    waitUntil([&] { return !training->isTraining(); }, 600000);
    waitUntil([] { return false; }, 500);  // the final validation drawn
    // The runs table with every column in view: the splitter dragged right, as a user would.
    auto* splitter = training->findChild<QSplitter*>();
    const QList<int> sizes = splitter->sizes();
    splitter->setSizes({1150, 450});
    waitUntil([] { return false; }, 300);
    save(training->findChild<QWidget*>("runsTable"), out + "/runs-table.png");
    splitter->setSizes(sizes);
    restPointerOnCurve(training->charts()->scoreChart());
    save(&window, out + "/chart-tooltip.png");
    training->openRun(QString::fromStdString(layout));

    PredictionsPage* predictions = window.predictions();
    tabs->setCurrentWidget(predictions);
    int details = 0;
    QObject::connect(predictions, &PredictionsPage::detailReady, [&] { ++details; });
    predictions->setRun(live);
    predictions->setSplit("valid");
    predictions->predict();
    waitUntil([&] { return details >= 1; }, 300000);
    waitUntil([] { return false; }, 1500);  // graph view layout and charts settle
    save(&window, out + "/predictions-tile.png");
    predictions->setRun(QString::fromStdString(layout));
    predictions->predict();
    waitUntil([&] { return details >= 2; }, 300000);
    if (auto* detailTabs = predictions->findChild<QTabWidget*>()) detailTabs->setCurrentIndex(2);
    waitUntil([] { return false; }, 3000);
    save(&window, out + "/predictions-layout-sensitivity.png");

    window.exportSubmission();
    auto* dialog = window.findChild<ExportSubmissionDialog*>();
    dialog->setOutputPath(temp.path() + "/submission.csv");
    dialog->setRuns(Collection::LayoutXlaDefault,
                    {QString::fromStdString(layout), QString::fromStdString(other)});
    bool exported = false;
    QObject::connect(dialog, &ExportSubmissionDialog::exportFinished, [&] { exported = true; });
    dialog->startExport();
    waitUntil([&] { return exported; }, 300000);
    save(dialog, out + "/export-dialog.png");
    std::printf("%s\n", qPrintable(dialog->summary()));
    dialog->close();

    window.showAbout();
    auto* about = window.findChild<AboutDialog*>();
    waitUntil([] { return false; }, 300);
    save(about, out + "/about.png");
    return 0;
}
