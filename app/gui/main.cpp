// Entry point of `tpugraphs-studio`, the desktop app: argument handling and wiring only.
#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QSettings>

#include "screenshot_script.h"
#include "graph_benchmark.h"
#include "main_window.h"
#include "train/torch_threads.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName("TpuGraphsStudio");
    QApplication::setApplicationName("TpuGraphs Studio");
    tpugraphs::initTorchThreads();
    // `--bench-graph SOURCE...`: graph view layout and frame timings, then exit.
    if (const int code = tpugraphs::ui::runGraphBenchmarkIfAsked(app.arguments()); code >= 0)
        return code;

    QCommandLineParser parser;
    parser.setApplicationDescription("Browse TpuGraphs datasets, their graphs and runtimes.");
    parser.addHelpOption();
    parser.addPositionalArgument(
        "dataset",
        "A dataset root (holding npz/) or one .npz. Default: the last dataset, or "
        "the demo dataset (generated once into the cache directory).");
    const QCommandLineOption demo("demo", "Open the demo dataset.");
    const QCommandLineOption graph("graph", "Select a graph (stem or collection/split/stem).",
                                   "name");
    const QCommandLineOption node("node", "Select and centre a node (needs --graph).", "id");
    const QCommandLineOption config("config", "Config shown in the inspector.", "index");
    const QCommandLineOption tab("tab", "Show a tab: graph, runtimes or collection.", "name");
    const QCommandLineOption zoom("zoom", "Zoom factor after fitting the graph.", "factor");
    const QCommandLineOption search("search", "Search the graph for a node id or opcode.", "text");
    const QCommandLineOption logScale("log", "Log scale for the sorted runtime curve.");
    const QCommandLineOption feature("feature", "Config feature of the scatter chart.", "name");
    const QCommandLineOption size("size", "Window size, e.g. 1600x1000.", "WxH");
    const QCommandLineOption screenshot(
        "screenshot", "Save the window to FILE once everything is loaded, then quit.", "file");
    parser.addOptions(
        {demo, graph, node, config, tab, zoom, search, logScale, feature, size, screenshot});
    parser.process(app);

    tpugraphs::ui::MainWindow window;
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split('x');
        if (wh.size() == 2) window.resize(wh[0].toInt(), wh[1].toInt());
    }
    if (parser.isSet(screenshot)) {
        tpugraphs::ui::ScreenshotOptions options;
        options.file = parser.value(screenshot);
        options.graph = parser.value(graph);
        options.node = parser.isSet(node) ? parser.value(node).toInt() : -1;
        options.config = parser.isSet(config) ? parser.value(config).toInt() : -1;
        options.tab = parser.value(tab);
        options.zoom = parser.value(zoom).toDouble();
        options.search = parser.value(search);
        options.logScale = parser.isSet(logScale);
        options.feature = parser.value(feature);
        auto* script = new tpugraphs::ui::ScreenshotScript(&window, options, &window);
        QObject::connect(script, &tpugraphs::ui::ScreenshotScript::finished, &app,
                         [](int code) { QApplication::exit(code); });
        script->start();
    }
    window.show();

    const QStringList args = parser.positionalArguments();
    const QStringList recent = window.recentDatasets();
    if (!args.isEmpty())
        window.openDataset(args.first());
    else if (!parser.isSet(demo) && !recent.isEmpty() && QFileInfo::exists(recent.first()))
        window.openDataset(recent.first());
    else
        window.openDemoDataset();
    return QApplication::exec();
}
