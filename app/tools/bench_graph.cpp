// tpugraphs-bench-graph: graph view drawing time and offscreen frame times (full view, rebuilt
// and panned; mid zoom; zoomed in with labels) of .npz graphs or synthetic N-node graphs,
// through the widget's own background job and paint routine. Prints a Markdown table.
#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QImage>
#include <QKeyEvent>
#include <QPainter>
#include <QTextStream>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <exception>

#include "base/blas_kernel_startup.h"
#include "base/blas_report.h"
#include "data/graph_io.h"
#include "graphview/graph_readability.h"
#include "graphview/graph_view_widget.h"
#include "program_options.h"
#include "synth/synthetic_dag.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

constexpr int kDefaultFrames = 20;
const QSize kViewport(1600, 1000);

std::shared_ptr<const GraphTopology> loadSource(const QString& source, double& readMs) {
    QElapsedTimer timer;
    timer.start();
    std::shared_ptr<const GraphTopology> topology;
    if (source.startsWith(QStringLiteral("synthetic:"))) {
        topology =
            std::make_shared<const GraphTopology>(makeSyntheticTopology(source.mid(10).toInt()));
    } else {
        const std::string path = source.toStdString();
        if (detectGraphKind(path) == GraphKind::Layout)
            topology = std::make_shared<const GraphTopology>(topologyOf(readLayoutGraph(path)));
        else
            topology = std::make_shared<const GraphTopology>(topologyOf(readTileGraph(path)));
    }
    readMs = timer.nsecsElapsed() / 1e6;
    return topology;
}

// The source's graph, or null after printing why it cannot be read (status becomes 1).
std::shared_ptr<const GraphTopology> tryLoad(const QString& source, int& status, QTextStream& out) {
    double readMs = 0.0;
    try {
        return loadSource(source, readMs);
    } catch (const std::exception& e) {
        out << "error: " << e.what() << '\n';
        status = 1;
        return nullptr;
    }
}

// Process CPU time: on a busy shared machine wall time also counts waiting for a core.
double cpuMs() {
    return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

struct FrameTiming {
    double meanMs = 0.0;
    double cpuMs = 0.0;
    double maxMs = 0.0;
    int nodes = 0;
    int edges = 0;
};

// How the view changes before each timed frame.
enum class FrameMotion {
    Rebuild,  // the cached pixel layer is dropped: the cost of a first frame or a new zoom
    Pan,      // an arrow-key pan (alternating right and left), as a user moves around
};

// What to run: frames per measure, whether to bench the configurable-nodes view too, and where
// to save the last frame of each measure (empty: nowhere).
struct BenchOptions {
    int frames = kDefaultFrames;
    bool configurableView = true;
    QString saveDir;
};

// Times `options.frames` frames; the last one goes to saveDir/<framePrefix>-<name>.png.
FrameTiming timeFrames(GraphViewWidget& view, FrameMotion motion, const BenchOptions& options,
                       const QString& framePrefix, const QString& name) {
    const int frames = options.frames;
    QImage image(kViewport, QImage::Format_ARGB32_Premultiplied);
    FrameTiming timing;
    for (int i = 0; i < frames; ++i) {
        if (motion == FrameMotion::Rebuild) {
            view.setNodeValues({});  // no values: same picture, but the layer is rebuilt
        } else {
            QKeyEvent key(QEvent::KeyPress, i % 2 ? Qt::Key_Left : Qt::Key_Right, Qt::NoModifier);
            QCoreApplication::sendEvent(&view, &key);
        }
        QElapsedTimer timer;
        timer.start();
        const double cpuStart = cpuMs();
        view.render(&image);
        const double ms = timer.nsecsElapsed() / 1e6;
        timing.cpuMs += (cpuMs() - cpuStart) / frames;
        timing.meanMs += ms / frames;
        timing.maxMs = std::max(timing.maxMs, ms);
    }
    if (!options.saveDir.isEmpty())
        image.save(QStringLiteral("%1/%2-%3.png").arg(options.saveDir, framePrefix, name));
    timing.nodes = view.drawnNodeCount();
    timing.edges = view.drawnEdgeCount();
    return timing;
}

// The node nearest to the drawing's centre, for the zoomed-in frame.
int centralNode(const GraphScene& scene) {
    const QPointF centre = scene.bounds().center();
    QVector<int> near;
    for (double r = 100.0; near.isEmpty() && r < 1e9; r *= 4)
        scene.nodesIn(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), near);
    for (const int v : near)
        if (scene.originalNode(v) >= 0) return scene.originalNode(v);
    return -1;
}

QString row(const QString& name, const QString& view, int nodes, int edges, double drawingMs,
            double drawingCpuMs, const FrameTiming& fullRebuild, const FrameTiming& full,
            const FrameTiming& mid, const FrameTiming& zoomed) {
    auto frame = [](const FrameTiming& t) {
        return QStringLiteral("%1 / %2 / %3 (%4 n, %5 e)")
            .arg(t.meanMs, 0, 'f', 1)
            .arg(t.maxMs, 0, 'f', 1)
            .arg(t.cpuMs, 0, 'f', 1)
            .arg(t.nodes)
            .arg(t.edges);
    };
    return QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 |")
        .arg(name, view)
        .arg(nodes)
        .arg(edges)
        .arg(QStringLiteral("%1 / %2").arg(drawingMs, 0, 'f', 0).arg(drawingCpuMs, 0, 'f', 0))
        .arg(frame(fullRebuild), frame(full), frame(mid), frame(zoomed));
}

// Lays the graph out in `view` (sized to the benchmark's viewport) in `mode` and waits for the
// drawing; its wall time in `drawingMs`. False when the drawing failed.
bool drawInView(GraphViewWidget& view, std::shared_ptr<const GraphTopology> topology,
                GraphViewMode mode, double& drawingMs,
                GraphViewWidget::Opening opening = GraphViewWidget::Opening::AsChosen) {
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(kViewport);
    view.setViewMode(mode);
    QEventLoop loop;
    QObject::connect(&view, &GraphViewWidget::drawingFinished, &loop, [&](int, int, double ms) {
        drawingMs = ms;
        loop.quit();
    });
    QObject::connect(&view, &GraphViewWidget::drawingFailed, &loop, &QEventLoop::quit);
    view.setGraph(std::move(topology), opening);
    loop.exec();
    return view.scene() != nullptr;
}

void benchView(const QString& name, std::shared_ptr<const GraphTopology> topology,
               GraphViewMode mode, const QString& modeName, const BenchOptions& options,
               QTextStream& out) {
    GraphViewWidget view;
    double drawingMs = 0.0;
    const double cpuStart = cpuMs();
    const bool drawn = drawInView(view, std::move(topology), mode, drawingMs);
    const double drawingCpuMs = cpuMs() - cpuStart;
    const auto scene = view.scene();
    if (!drawn) {
        out << "| " << name << " | " << modeName << " | drawing failed |\n";
        return;
    }
    // The overview map is drawn off the UI thread once the drawing arrives: wait for it, so that
    // the frames' process CPU time does not include it.
    QElapsedTimer minimapWait;
    minimapWait.start();
    while (!view.isMinimapCurrent() && minimapWait.elapsed() < 10000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    view.fitToWindow();
    const QString prefix = name + QLatin1Char('-') + modeName;
    const FrameTiming fullRebuild =
        timeFrames(view, FrameMotion::Rebuild, options, prefix, QStringLiteral("full"));
    const FrameTiming full =
        timeFrames(view, FrameMotion::Pan, options, prefix, QStringLiteral("full-panned"));
    const int node = centralNode(*scene);
    view.centreOnNode(node);
    view.zoomAt(0.15 / view.zoom(), QPointF(kViewport.width() / 2.0, kViewport.height() / 2.0));
    const FrameTiming mid =
        timeFrames(view, FrameMotion::Pan, options, prefix, QStringLiteral("mid"));
    view.centreOnNode(node);
    view.selectNode(node);
    const FrameTiming zoomed =
        timeFrames(view, FrameMotion::Pan, options, prefix, QStringLiteral("zoomed"));
    out << row(name, modeName, scene->nodeCount(), scene->edgeCount(), drawingMs, drawingCpuMs,
               fullRebuild, full, mid, zoomed)
        << '\n';
    out.flush();
}

// One table row per source and view; 1 when a source cannot be read.
int runGraphBenchmark(const QStringList& sources, const BenchOptions& options, QTextStream& out) {
    out << "Graph view benchmark: viewport " << kViewport.width() << "x" << kViewport.height()
        << ", frames rendered offscreen with QWidget::render, " << options.frames
        << " frames each.\nDrawing: wall / process CPU ms (subview + layered drawing + scene "
           "index, off "
           "the UI thread).\nFrames: mean wall / max wall / mean process CPU ms (nodes and "
           "edges drawn); 'rebuilt': the pixel layer redrawn every frame (first frame, new "
           "zoom), 'panning': an arrow-key pan before every frame.\n\n";
    out << "| graph | view | nodes | edges | drawing ms | full view, rebuilt | full view, panning "
           "| mid zoom (0.15), panning | zoomed in (1.0, labels), panning |\n";
    out << "|---|---|---|---|---|---|---|---|---|\n";
    out.flush();
    int status = 0;
    for (const QString& source : sources) {
        const std::shared_ptr<const GraphTopology> topology = tryLoad(source, status, out);
        if (!topology) continue;
        const QString name = source.section('/', -1);
        benchView(name, topology, GraphViewMode::Whole, QStringLiteral("whole"), options, out);
        if (options.configurableView && !topology->configurable.empty())
            benchView(name, topology, GraphViewMode::ConfigurableNeighbourhood,
                      QStringLiteral("configurable+neighbours"), options, out);
    }
    return status;
}

// Readability at fit zoom (extent over the viewport, box size) and the layout time (median of
// `kLayoutRuns`) of each view of each source.
constexpr int kLayoutRuns = 3;

// The layouts compared: today's (wrapped into columns towards the window's shape) and the plain
// layered drawing it replaced (components packed towards a square), in the same run.
enum class LayoutVariant { Layered, Wrapped };

void readabilityRow(const QString& name, std::shared_ptr<const GraphTopology> topology,
                    GraphViewMode mode, const QString& modeName, LayoutVariant variant,
                    const QString& saveDir, QTextStream& out) {
    std::vector<double> times;
    GraphReadability figures;
    int nodes = 0, edges = 0;
    double zoom = 0.0;
    for (int run = 0; run < kLayoutRuns; ++run) {
        GraphViewWidget view;
        view.setColumnWrapping(variant == LayoutVariant::Wrapped);
        double drawingMs = 0.0;
        if (!drawInView(view, topology, mode, drawingMs)) {
            out << "| " << name << " | " << modeName << " | drawing failed |\n";
            return;
        }
        times.push_back(drawingMs);
        view.fitToWindow();
        zoom = view.zoom();
        figures = readabilityOf(*view.scene(), zoom, kViewport);
        nodes = view.scene()->nodeCount();
        edges = view.scene()->edgeCount();
        if (run == 0 && !saveDir.isEmpty()) {
            QImage image(kViewport, QImage::Format_ARGB32_Premultiplied);
            view.render(&image);
            image.save(QStringLiteral("%1/%2-%3-%4.png")
                           .arg(saveDir, name, modeName,
                                variant == LayoutVariant::Wrapped ? "wrapped" : "layered"));
        }
    }
    std::sort(times.begin(), times.end());
    out << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 |\n")
               .arg(name, modeName,
                    variant == LayoutVariant::Wrapped ? QStringLiteral("wrapped (now)")
                                                      : QStringLiteral("layered (before)"))
               .arg(nodes)
               .arg(edges)
               .arg(times[times.size() / 2], 0, 'f', 0)
               .arg(zoom, 0, 'f', 3)
               .arg(figures.extentX, 0, 'f', 2)
               .arg(figures.extentY, 0, 'f', 2)
               .arg(figures.boxPx, 0, 'f', 1);
    out.flush();
}

// The view a graph opens on (the readable view replaces an unreadable whole layout graph).
QString openingView(std::shared_ptr<const GraphTopology> topology) {
    GraphViewWidget view;
    double drawingMs = 0.0;
    if (!drawInView(view, std::move(topology), GraphViewMode::Whole, drawingMs,
                    GraphViewWidget::Opening::PreferReadable))
        return QStringLiteral("drawing failed");
    return view.viewMode() == GraphViewMode::Whole ? QStringLiteral("whole")
                                                   : QStringLiteral("configurable+neighbours");
}

int runReadabilityBenchmark(const QStringList& sources, const QString& saveDir, QTextStream& out) {
    out << "Readability at fit zoom, viewport " << kViewport.width() << "x" << kViewport.height()
        << ": extent = drawing on screen / viewport per dimension (goal >= 0.5 both), box = "
           "median smaller side of a node box in px (goal >= 6 up to 3,000 nodes), layout = "
           "median wall ms of "
        << kLayoutRuns << " layouts (off the UI thread, as the app does).\n\n";
    out << "| graph | view | layout | nodes | edges | layout ms | fit zoom | extent x | extent y "
           "| box px |\n|---|---|---|---|---|---|---|---|---|---|\n";
    out.flush();
    int status = 0;
    QStringList opened;
    for (const QString& source : sources) {
        const std::shared_ptr<const GraphTopology> topology = tryLoad(source, status, out);
        if (!topology) continue;
        const QString name = source.section('/', -1);
        for (const LayoutVariant variant : {LayoutVariant::Layered, LayoutVariant::Wrapped}) {
            readabilityRow(name, topology, GraphViewMode::Whole, QStringLiteral("whole"), variant,
                           saveDir, out);
            if (!topology->configurable.empty())
                readabilityRow(name, topology, GraphViewMode::ConfigurableNeighbourhood,
                               QStringLiteral("configurable+neighbours"), variant, saveDir, out);
        }
        opened << QStringLiteral("%1 opens on: %2").arg(name, openingView(topology));
    }
    out << '\n' << opened.join('\n') << '\n';
    return status;
}

}  // namespace

int main(int argc, char** argv) {
    tpugraphs::selectBlasKernelAtStartup(argv);  // may re-execute: before anything else
    tpugraphs::app::allowHelpWithoutDisplay(argc, argv);
    QApplication app(argc, argv);
    QApplication::setApplicationName("tpugraphs-bench-graph");
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Graph view benchmark: for each SOURCE, the drawing time and the times of 20 offscreen "
        "frames (1600x1000) of the whole graph fitted (pixel layer rebuilt, then panned), a mid "
        "zoom and a labelled zoom, for the whole graph and its configurable-nodes view. Run it "
        "with QT_QPA_PLATFORM=offscreen on a machine without a display.");
    parser.addPositionalArgument(
        "source",
        "A tile or layout .npz, or synthetic:N (an HLO-like N-node graph). "
        "Default: synthetic:100000.",
        "[source...]");
    const QCommandLineOption framesOption(
        "frames",
        "Frames per measure (default 20; fewer for runs under valgrind --tool=callgrind).", "N",
        QString::number(kDefaultFrames));
    const QCommandLineOption wholeOnlyOption(
        "whole-only", "Only the whole-graph view (not the configurable-nodes view).");
    const QCommandLineOption saveOption(
        "save-frames",
        "Saves the last frame of each measure as DIR/<graph>-<view>-<measure>.png (full, "
        "full-panned, mid, zoomed), to look at or to compare two builds pixel for pixel.",
        "DIR");
    const QCommandLineOption readabilityOption(
        "readability",
        "Instead of frame times: per SOURCE and view, the drawing's extent over the viewport and "
        "its node box size at fit zoom, and the layout time, for the wrapped layout and the plain "
        "layered one it replaced (docs/GRAPH_VIEW.md); --save-frames saves each fitted view.");
    parser.addOption(framesOption);
    parser.addOption(readabilityOption);
    parser.addOption(wholeOnlyOption);
    parser.addOption(saveOption);
    tpugraphs::app::processProgramOptions(parser, app, "tpugraphs-bench-graph");
    std::printf("%s\n", tpugraphs::blasReportText(tpugraphs::blasReport()).c_str());
    BenchOptions options;
    options.frames = std::max(1, parser.value(framesOption).toInt());
    options.configurableView = !parser.isSet(wholeOnlyOption);
    options.saveDir = parser.value(saveOption);
    QStringList sources = parser.positionalArguments();
    if (sources.isEmpty()) sources << QStringLiteral("synthetic:100000");
    QTextStream out(stdout);
    if (parser.isSet(readabilityOption))
        return runReadabilityBenchmark(sources, options.saveDir, out);
    return runGraphBenchmark(sources, options, out);
}
