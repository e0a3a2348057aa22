// The main window: wires the pages (explorer, graph view, charts, training) together.
#include "mainwindow.h"

#include <QLabel>
#include <QMenuBar>
#include <QStatusBar>

namespace tpugraphs::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("TpuGraphs Studio"));
    auto* fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    setCentralWidget(new QLabel(tr("No dataset open"), this));
    statusBar()->showMessage(tr("Ready"));
    resize(1400, 900);
}

MainWindow::~MainWindow() = default;

}  // namespace tpugraphs::ui
