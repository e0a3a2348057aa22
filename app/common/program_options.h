// Command-line handling shared by the Qt programs (tpugraphs-studio and the developer tools of
// app/tools): each answers --help and --version, also on a machine without a display.
#pragma once

class QCommandLineParser;
class QCoreApplication;

namespace tpugraphs::app {

// Call first in main, before the QApplication is made: when the arguments ask for --help or
// --version, the answer needs no window, so Qt's offscreen platform is used and no display is
// needed (over ssh, or help2man writing the man page).
void allowHelpWithoutDisplay(int argc, char** argv);

// Adds --help (-h) and --version (-v) to `parser`, then processes `app`'s arguments: --help
// prints the help and --version the version line ("PROGRAM VERSION (git COMMIT)"), both exit
// with status 0; an unknown option exits with status 1, naming it.
void processProgramOptions(QCommandLineParser& parser, const QCoreApplication& app,
                           const char* program);

}  // namespace tpugraphs::app
