// --help and --version for the Qt programs (program_options.h).
#include "program_options.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "base/build_info.h"

namespace tpugraphs::app {

namespace {

const QCommandLineOption& versionOption() {
    static const QCommandLineOption option({"v", "version"},
                                           "Print the version and the git commit.");
    return option;
}

bool asksForHelpOrVersion(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        for (const char* flag : {"-h", "--help", "-?", "--help-all", "-v", "--version"})
            if (std::strcmp(argv[i], flag) == 0) return true;
    return false;
}

}  // namespace

void allowHelpWithoutDisplay(int argc, char** argv) {
    if (asksForHelpOrVersion(argc, argv)) qputenv("QT_QPA_PLATFORM", "offscreen");
}

void processProgramOptions(QCommandLineParser& parser, const QCoreApplication& app,
                           const char* program) {
    parser.addHelpOption();
    parser.addOption(versionOption());
    parser.process(app);  // exits after --help or an unknown option
    if (parser.isSet(versionOption())) {
        std::printf("%s\n", versionReport(program).c_str());  // with the BLAS and CPU lines
        std::exit(0);
    }
}

}  // namespace tpugraphs::app
