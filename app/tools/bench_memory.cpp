// tpugraphs-bench-memory: the app's resident memory after a scripted session: opens the demo
// dataset, then a dataset root, selects graphs in turn (each loaded and laid out), trains a layout
// model on the demo from the Training page until the run ends, waits until the background work
// is idle and prints VmRSS / VmHWM (Linux /proc) after each phase.
#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QEventLoop>
#include <QFile>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <functional>

#include "base/blas_kernel_startup.h"
#include "base/blas_report.h"
#include "explorer/dataset_browser.h"
#include "explorer/explorer_page.h"
#include "graphview/graph_view_panel.h"
#include "graphview/graph_view_widget.h"
#include "main_window.h"
#include "program_options.h"
#include "training/training_form.h"
#include "training/training_page.h"

namespace {

using tpugraphs::ui::ExplorerPage;
using tpugraphs::ui::GraphViewWidget;
using tpugraphs::ui::TrainingPage;

// "VmRSS" or "VmHWM" of this process in MiB (-1 when /proc is not there).
double statusMiB(const char* field) {
    QFile file(QStringLiteral("/proc/self/status"));
    if (!file.open(QIODevice::ReadOnly)) return -1;
    for (const QByteArray& line : file.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024;
    return -1;
}

// Runs `start`, then the event loop until `sender` emits `signal` (true) or `ms` pass (false).
template <typename Sender, typename Signal>
bool runUntil(Sender* sender, Signal signal, const std::function<void()>& start, int ms) {
    QEventLoop loop;
    const auto done = QObject::connect(sender, signal, &loop, [&loop] { loop.exit(0); });
    QTimer::singleShot(ms, &loop, [&loop] { loop.exit(1); });
    start();
    const bool ok = loop.exec() == 0;
    QObject::disconnect(done);
    return ok;
}

void settle(ExplorerPage* page, int ms) {  // background jobs idle, then `ms` of idle time
    if (page->isBusy())
        runUntil(
            page, &ExplorerPage::tasksIdle, [] {}, 300000);
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

void report(const char* phase) {
    std::printf("%-44s RSS %7.1f MiB   peak %7.1f MiB\n", phase, statusMiB("VmRSS"),
                statusMiB("VmHWM"));
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    tpugraphs::selectBlasKernelAtStartup(argv);  // may re-execute: before anything else
    tpugraphs::app::allowHelpWithoutDisplay(argc, argv);
    QApplication app(argc, argv);
    tpugraphs::ui::MainWindow::initApplication();
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Prints the resident memory (VmRSS) of the desktop app after opening the demo dataset, "
        "opening DATASET, selecting graphs in turn and training a layout model on the demo from "
        "the Training page to its end, each once idle. Run it with a private HOME (the demo is "
        "generated into its cache) under xvfb-run or QT_QPA_PLATFORM=offscreen.");
    parser.addPositionalArgument("dataset", "A dataset root (holding npz/).");
    const QCommandLineOption graphs("graphs", "Graph selections (default 20).", "count", "20");
    const QCommandLineOption steps("steps", "Steps of the layout training run (default 200).",
                                   "count", "200");
    parser.addOption(graphs);
    parser.addOption(steps);
    tpugraphs::app::processProgramOptions(parser, app, "tpugraphs-bench-memory");
    std::printf("%s\n", tpugraphs::blasReportText(tpugraphs::blasReport()).c_str());
    if (parser.positionalArguments().size() != 1) parser.showHelp(2);

    tpugraphs::ui::MainWindow window;
    window.resizeTo(QStringLiteral("1600x1000"));
    window.show();
    ExplorerPage* page = window.explorer();
    GraphViewWidget* view = page->graphPanel()->view();
    settle(page, 500);
    report("window shown");
    QString demoRoot;
    runUntil(
        page, &ExplorerPage::datasetOpened, [&] { window.openStartDataset({}, true); }, 300000);
    demoRoot = window.training()->form()->datasetRoot();
    settle(page, 2000);
    report("demo dataset open, first graph drawn");
    int count = 0;
    QObject::connect(page, &ExplorerPage::datasetOpened,
                     [&count](const QString&, int n) { count = n; });
    runUntil(
        page, &ExplorerPage::datasetOpened,
        [&] { page->openDataset(parser.positionalArguments().first()); }, 300000);
    settle(page, 2000);
    report("dataset open, runtimes read");
    const int selections = parser.value(graphs).toInt();
    for (int i = 0; i < selections && count > 1; ++i) {
        int graph = i % count;
        if (graph == page->browser()->selectedGraph()) graph = (graph + 1) % count;  // a new one
        runUntil(
            view, &GraphViewWidget::drawingFinished, [&] { page->selectGraph(graph); }, 120000);
    }
    settle(page, 3000);
    report(qPrintable(QStringLiteral("%1 graphs browsed, idle 3 s").arg(selections)));

    // A layout run on the demo from the Training page, to its end.
    TrainingPage* training = window.training();
    QTemporaryDir runs;
    training->form()->setRunsRoot(runs.path());
    training->setDatasetRoot(demoRoot);
    training->form()->findChild<QComboBox*>("collection")->setCurrentText("layout:xla:default");
    training->form()->findChild<QSpinBox*>("steps")->setValue(parser.value(steps).toInt());
    window.findChild<QTabWidget*>("pages")->setCurrentWidget(training);
    const bool ended = runUntil(
        training, &TrainingPage::runFinished, [&] { training->startTraining(); }, 1800000);
    settle(page, 3000);
    report(qPrintable(QStringLiteral("layout run of %1 steps %2, idle 3 s")
                          .arg(parser.value(steps), ended ? "ended" : "timed out")));
    return ended ? 0 : 1;
}
