// Entry point of `tpugraphs-studio`, the desktop app: argument handling and wiring only.
#include <QApplication>
#include <QCommandLineParser>

#include "base/blas_kernel_startup.h"
#include "common/user_data_places.h"
#include "main_window.h"
#include "program_options.h"

int main(int argc, char** argv) {
    tpugraphs::selectBlasKernelAtStartup(argv);  // may re-execute: before anything else
    tpugraphs::app::allowHelpWithoutDisplay(argc, argv);
    QApplication app(argc, argv);
    tpugraphs::ui::MainWindow::initApplication();
    QCommandLineParser parser;
    parser.setApplicationDescription("Browse TpuGraphs datasets, their graphs and runtimes.");
    parser.addPositionalArgument(
        "dataset",
        "A dataset root (holding npz/) or one .npz. Default: the last dataset, or "
        "the demo dataset (generated once into the cache directory).");
    const QCommandLineOption demo("demo", "Open the demo dataset.");
    const QCommandLineOption size("size", "Window size, e.g. 1600x1000.", "WxH");
    parser.addOptions({demo, size});
    tpugraphs::app::processProgramOptions(parser, app, "tpugraphs-studio");
    tpugraphs::ui::moveLegacyUserData();

    tpugraphs::ui::MainWindow window;
    window.resizeTo(parser.value(size));
    window.show();
    const QStringList args = parser.positionalArguments();
    window.openStartDataset(args.value(0), parser.isSet(demo));
    return QApplication::exec();
}
