// tpugraphs-screenshot-charts: trains six small tile runs on generated demo data (three learning
// rates, two seeds each), lists them in the real main window and saves the Training page with
// their curves (training-runs.png), its charts with the loss smoothing at 0 and at 0.9
// (smoothing-0.png, smoothing-09.png), the read-out of the score chart with the pointer at its
// right edge (chart-readout.png) and the HParams view coloured by the top-5 score (hparams.png).
// The window is 1600x1000, or the screen's available size when smaller.
#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QMouseEvent>
#include <QScreen>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QThread>

#include <cstdio>

#include "base/blas_kernel_startup.h"
#include "main_window.h"
#include "program_options.h"
#include "screenshot_support.h"
#include "synth/generator.h"
#include "train/torch_threads.h"
#include "train/trainer.h"
#include "training/hparams_view.h"
#include "training/metric_chart.h"
#include "training/run_charts.h"
#include "training/training_page.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

// Runs the event loop for `ms` milliseconds (layouts and paced chart redraws land).
void settle(int ms) {
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < ms) {
        QApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(20);
    }
}

// Saves `widget` once the charts have drawn what they show (or after 10 s).
void save(QWidget* widget, RunCharts* charts, const QString& file) {
    charts->setPaced(false);
    QElapsedTimer clock;
    clock.start();
    const auto drawn = [charts] {
        for (MetricChart* chart : charts->visibleCharts())
            if (chart->pointCount() == 0) return false;
        return true;
    };
    while (!drawn() && clock.elapsed() < 10000) settle(100);
    settle(1000);  // laid out and painted
    const bool ok = grabWithTips(widget).save(file);
    std::printf("%s %s\n", ok ? "saved" : "FAILED", qPrintable(file));
}

}  // namespace

int main(int argc, char** argv) {
    selectBlasKernelAtStartup(argv);  // may re-execute: before anything else
    app::allowHelpWithoutDisplay(argc, argv);
    QApplication application(argc, argv);
    QApplication::setOrganizationName("TpuGraphsStudioScreens");
    initTorchThreads();
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Trains six small tile runs on generated demo data and saves the Training page with "
        "them (training-runs.png), the charts at smoothing 0 and 0.9 (smoothing-0.png, "
        "smoothing-09.png), the score chart's read-out (chart-readout.png) and the HParams view "
        "(hparams.png), in a 1600x1000 window or the screen's size when smaller. Run it under "
        "xvfb-run on a "
        "machine without a display.");
    parser.addPositionalArgument("out", "Folder for the PNG files (default /tmp/screens).",
                                 "[out]");
    app::processProgramOptions(parser, application, "tpugraphs-screenshot-charts");
    QSettings().clear();  // no runs remembered from an earlier (possibly killed) session
    const QString out = parser.positionalArguments().value(0, QStringLiteral("/tmp/screens"));
    QDir().mkpath(out);
    QTemporaryDir temp;
    const std::string root = temp.path().toStdString() + "/demo";
    GeneratorOptions generator;
    generator.collections = {Collection::TileXla};
    generator.limit = 40;
    generateDataset(root, generator);
    QStringList runs;
    for (const double lr : {1e-3, 3e-3, 1e-2})
        for (const int seed : {1, 2}) {
            TrainOptions o = defaultTrainOptions(Collection::TileXla);
            o.datasetRoot = root;
            o.runDir = temp.path().toStdString() + "/runs/tile-lr" +
                       QString::number(lr).toStdString() + "-seed" + std::to_string(seed);
            o.steps = 240;
            o.batchGraphs = 8;
            o.validationInterval = 40;
            o.logInterval = 2;
            o.learningRate = lr;
            o.seed = seed;
            train(o);
            runs << QString::fromStdString(o.runDir);
        }

    MainWindow window;
    window.resize(QSize(1600, 1000).boundedTo(window.screen()->availableGeometry().size()));
    window.show();
    window.openDataset(QString::fromStdString(root));
    TrainingPage* training = window.training();
    training->setDatasetRoot(QString::fromStdString(root));
    for (const QString& run : runs) training->openRun(run);
    window.findChild<QTabWidget*>("pages")->setCurrentWidget(training);
    RunCharts* charts = training->charts();
    charts->setSmoothing(0.6);
    charts->setSmoothing(0);
    save(charts, charts, out + "/smoothing-0.png");
    charts->setSmoothing(0.9);
    save(charts, charts, out + "/smoothing-09.png");
    charts->setSmoothing(RunCharts::kDefaultSmoothing);
    save(&window, charts, out + "/training-runs.png");
    // The pointer near the score chart's right edge: the read-out flips left, whole.
    MetricChart* score = charts->scoreChart();
    const QRectF plot = score->chart()->plotArea();
    const QPoint at = score->mapFromScene(QPointF(plot.right() - 3, plot.center().y()));
    QMouseEvent move(QEvent::MouseMove, QPointF(at), QPointF(score->viewport()->mapToGlobal(at)),
                     Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(score->viewport(), &move);
    save(&window, charts, out + "/chart-readout.png");
    training->findChild<QTabWidget*>("trainingViews")->setCurrentWidget(training->hparams());
    settle(300);
    QComboBox* colour = training->hparams()->colourBy();
    colour->setCurrentIndex(std::max(0, colour->findText("top-5 score")));
    training->hparams()->selectRun(runs[3]);
    save(&window, charts, out + "/hparams.png");
    return 0;
}
