// Entry point of `tpugraphs-studio`, the desktop app: argument handling and wiring only.
#include <QApplication>
#include <QCommandLineParser>

#include "main_window.h"
#include "train/torch_threads.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName("TpuGraphsStudio");
    QApplication::setApplicationName("TpuGraphs Studio");
    tpugraphs::initTorchThreads();

    QCommandLineParser parser;
    parser.setApplicationDescription("Browse TpuGraphs datasets, their graphs and runtimes.");
    parser.addHelpOption();
    parser.addPositionalArgument(
        "dataset",
        "A dataset root (holding npz/) or one .npz. Default: the last dataset, or "
        "the demo dataset (generated once into the cache directory).");
    const QCommandLineOption demo("demo", "Open the demo dataset.");
    const QCommandLineOption size("size", "Window size, e.g. 1600x1000.", "WxH");
    parser.addOptions({demo, size});
    parser.process(app);

    tpugraphs::ui::MainWindow window;
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split('x');
        if (wh.size() == 2) window.resize(wh[0].toInt(), wh[1].toInt());
    }
    window.show();
    const QStringList args = parser.positionalArguments();
    window.openStartDataset(args.value(0), parser.isSet(demo));
    return QApplication::exec();
}
