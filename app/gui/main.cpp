// Entry point of `tpugraphs-studio`, the desktop app: argument handling and wiring only.
#include <QApplication>
#include <QCommandLineParser>

#include <cstdio>
#include <cstring>

#include "base/blas_kernel_startup.h"
#include "base/build_info.h"
#include "main_window.h"

namespace {

struct Options {
    QCommandLineOption demo{"demo", "Open the demo dataset."};
    QCommandLineOption size{"size", "Window size, e.g. 1600x1000.", "WxH"};
    QCommandLineOption version{{"v", "version"}, "Print the version and the git commit."};
};

void describe(QCommandLineParser& parser, const Options& options) {
    parser.setApplicationDescription("Browse TpuGraphs datasets, their graphs and runtimes.");
    parser.addHelpOption();
    parser.addPositionalArgument(
        "dataset",
        "A dataset root (holding npz/) or one .npz. Default: the last dataset, or "
        "the demo dataset (generated once into the cache directory).");
    parser.addOptions({options.demo, options.size, options.version});
}

// --help and --version are answered without a display (over ssh, by help2man for the man page):
// they need only a QCoreApplication.
bool answersWithoutWindow(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        for (const char* flag : {"-h", "--help", "-?", "--help-all", "-v", "--version"})
            if (std::strcmp(argv[i], flag) == 0) return true;
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    tpugraphs::selectBlasKernelAtStartup(argv);  // may re-execute: before anything else
    const Options options;
    if (answersWithoutWindow(argc, argv)) {
        QCoreApplication app(argc, argv);
        QCommandLineParser parser;
        describe(parser, options);
        parser.process(app);  // exits after --help
        std::printf("%s\n", tpugraphs::versionReport("tpugraphs-studio").c_str());
        return 0;
    }
    QApplication app(argc, argv);
    tpugraphs::ui::MainWindow::initApplication();
    QCommandLineParser parser;
    describe(parser, options);
    parser.process(app);

    tpugraphs::ui::MainWindow window;
    window.resizeTo(parser.value(options.size));
    window.show();
    const QStringList args = parser.positionalArguments();
    window.openStartDataset(args.value(0), parser.isSet(options.demo));
    return QApplication::exec();
}
