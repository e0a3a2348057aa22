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

void benchView(const QString& name, std::shared_ptr<const GraphTopology> topology,
               GraphViewMode mode, const QString& modeName, const BenchOptions& options,
               QTextStream& out) {
    GraphViewWidget view;
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(kViewport);
    view.setViewMode(mode);
    QEventLoop loop;
    double drawingMs = 0.0;
    const double cpuStart = cpuMs();
    QObject::connect(&view, &GraphViewWidget::drawingFinished, &loop, [&](int, int, double ms) {
        drawingMs = ms;
        loop.quit();
    });
    QObject::connect(&view, &GraphViewWidget::drawingFailed, &loop, &QEventLoop::quit);
    view.setGraph(std::move(topology));
    loop.exec();
    const double drawingCpuMs = cpuMs() - cpuStart;
    const auto scene = view.scene();
    if (!scene) {
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
        double readMs = 0.0;
        std::shared_ptr<const GraphTopology> topology;
        try {
            topology = loadSource(source, readMs);
        } catch (const std::exception& e) {
            out << "error: " << e.what() << '\n';
            status = 1;
            continue;
        }
        const QString name = source.section('/', -1);
        benchView(name, topology, GraphViewMode::Whole, QStringLiteral("whole"), options, out);
        if (options.configurableView && !topology->configurable.empty())
            benchView(name, topology, GraphViewMode::ConfigurableNeighbourhood,
                      QStringLiteral("configurable+neighbours"), options, out);
    }
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
    parser.addOption(framesOption);
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
    return runGraphBenchmark(sources, options, out);
}
