// tpugraphs-screenshot: opens the desktop app's main window on a dataset, selects a graph, a
// node, a config and a tab, waits until everything is loaded and laid out, saves the window as
// a PNG and quits. scripts/screenshots.sh takes the documentation's explorer screenshots with it.
#include <QApplication>
#include <QCommandLineParser>

#include <algorithm>
#include <cstdio>

#include "base/blas_kernel_startup.h"
#include "main_window.h"
#include "program_options.h"
#include "screenshot_script.h"

int main(int argc, char** argv) {
    tpugraphs::selectBlasKernelAtStartup(argv);  // may re-execute: before anything else
    tpugraphs::app::allowHelpWithoutDisplay(argc, argv);
    QApplication app(argc, argv);
    // The app's own names: the same settings and demo dataset cache as tpugraphs-studio.
    tpugraphs::ui::MainWindow::initApplication();

    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Saves a screenshot of the TpuGraphs Studio main window once the dataset is open, the "
        "chosen graph is loaded and laid out and the background work is idle, then quits (exit "
        "status 0; 2 on a failure or after 300 s). Run it under xvfb-run on a machine without a "
        "display.");
    parser.addPositionalArgument(
        "dataset", "A dataset root (holding npz/) or one .npz. Default: as tpugraphs-studio.");
    const QCommandLineOption out("out", "PNG file to write (required).", "file");
    const QCommandLineOption demo("demo", "Open the demo dataset.");
    const QCommandLineOption size("size", "Window size, e.g. 1600x1000.", "WxH");
    const QCommandLineOption graph("graph", "Select a graph (stem or collection/split/stem).",
                                   "name");
    const QCommandLineOption node("node", "Select and centre a node (needs --graph).", "id");
    const QCommandLineOption config("config", "Config shown in the inspector.", "index");
    const QCommandLineOption tab(
        "tab", "Show a tab: graph, runtimes, collection or compare (the config comparison).",
        "name");
    const QCommandLineOption zoom("zoom", "Zoom factor after fitting the graph.", "factor");
    const QCommandLineOption search("search", "Search the graph for a node id or opcode.", "text");
    const QCommandLineOption logScale("log", "Log scale for the sorted runtime curve.");
    const QCommandLineOption feature("feature", "Config feature of the scatter chart.", "name");
    const QCommandLineOption view("view",
                                  "Graph view: whole, neighbours (configurable nodes + "
                                  "neighbours) or collapsed (computations collapsed).",
                                  "name");
    const QCommandLineOption compareRun(
        "compare-run", "With --tab compare: rank the differing nodes by this run's predictions.",
        "dir");
    const QCommandLineOption compareSplit("compare-split",
                                          "With --tab compare: the split view A | B.");
    const QCommandLineOption exportSvg("export-svg", "Also write the whole drawing as SVG.",
                                       "file");
    parser.addOptions({out, demo, size, graph, node, config, tab, zoom, search, logScale, feature,
                       view, compareRun, compareSplit, exportSvg});
    tpugraphs::app::processProgramOptions(parser, app, "tpugraphs-screenshot");
    if (!parser.isSet(out)) {
        std::fprintf(stderr, "tpugraphs-screenshot: --out FILE is required (see --help)\n");
        return 2;
    }

    tpugraphs::ui::MainWindow window;
    window.resizeTo(parser.value(size));
    tpugraphs::ui::ScreenshotOptions options;
    options.file = parser.value(out);
    options.graph = parser.value(graph);
    options.node = parser.isSet(node) ? parser.value(node).toInt() : -1;
    options.config = parser.isSet(config) ? parser.value(config).toInt() : -1;
    options.tab = parser.value(tab);
    const QStringList views = {"whole", "neighbours", "collapsed"};
    const qsizetype viewMode = parser.isSet(view) ? views.indexOf(parser.value(view)) : 0;
    if (viewMode < 0) {
        std::fprintf(stderr, "tpugraphs-screenshot: --view %s: expected %s\n",
                     qPrintable(parser.value(view)), qPrintable(views.join(", ")));
        return 2;
    }
    options.viewMode = static_cast<int>(viewMode);
    options.zoom = parser.value(zoom).toDouble();
    options.search = parser.value(search);
    options.logScale = parser.isSet(logScale);
    options.feature = parser.value(feature);
    options.compareRun = parser.value(compareRun);
    options.compareSplit = parser.isSet(compareSplit);
    options.exportSvg = parser.value(exportSvg);
    tpugraphs::ui::ScreenshotScript script(&window, options);
    QObject::connect(&script, &tpugraphs::ui::ScreenshotScript::finished, &app,
                     [](int code) { QApplication::exit(code); });
    script.start();
    window.show();
    window.openStartDataset(parser.positionalArguments().value(0), parser.isSet(demo));
    return QApplication::exec();
}
