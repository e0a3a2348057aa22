// Entry point of `tpugraphs-studio`, the desktop app.
#include <QApplication>

#include "mainwindow.h"
#include "train/torch_threads.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName("TpuGraphsStudio");
    QApplication::setApplicationName("TpuGraphs Studio");
    tpugraphs::initTorchThreads();
    tpugraphs::ui::MainWindow window;
    window.show();
    return QApplication::exec();
}
