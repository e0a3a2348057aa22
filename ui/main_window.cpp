// The main window: menus, recent datasets, drag and drop, status bar, pages.
#include "main_window.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>

#include "common/count_text.h"
#include "explorer/dataset_scan_job.h"
#include "explorer/demo_dataset_job.h"
#include "explorer/explorer_page.h"
#include "common/task_progress.h"
#include "training/training_pages.h"

namespace tpugraphs::ui {

namespace {
constexpr int kMaxRecent = 8;
const char* const kRecentKey = "recentDatasets";

// The first local file or folder a drag carries, or empty.
QString droppedPath(const QMimeData* data) {
    const auto urls = data->urls();
    return !urls.isEmpty() && urls.first().isLocalFile() ? urls.first().toLocalFile() : QString();
}
}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      m_pages(new QTabWidget(this)),
      m_explorer(new ExplorerPage(this)),
      m_demo(new DemoDatasetJob(this)),
      m_progress(new TaskProgress(this)) {
    setWindowTitle(tr("TpuGraphs Studio"));
    setAcceptDrops(true);
    m_pages->setObjectName("pages");
    m_pages->setDocumentMode(true);
    m_pages->addTab(m_explorer, tr("Explorer"));
    setCentralWidget(m_pages);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->showMessage(tr("Open a dataset (File > Open Dataset…) or drop a folder here"));
    createMenus();
    new TrainingPages(this);  // training + predictions tabs, File > Export / Run actions

    connect(m_explorer, &ExplorerPage::taskProgress, m_progress, &TaskProgress::showTask);
    connect(m_explorer, &ExplorerPage::tasksIdle, m_progress, &TaskProgress::finish);
    connect(m_progress, &TaskProgress::cancelRequested, this, [this] {
        m_explorer->cancelTasks();
        m_demo->cancel();
        m_progress->finish();
        statusBar()->showMessage(tr("Cancelled"), 5000);
    });
    connect(m_explorer, &ExplorerPage::datasetOpened, this,
            [this](const QString& path, int graphs) {
                setWindowTitle(tr("%1 — TpuGraphs Studio").arg(QDir::toNativeSeparators(path)));
                addRecent(path);
                statusBar()->showMessage(
                    tr("Opened %1: %2").arg(path, countText(graphs, "graph", "graphs")));
            });
    connect(m_explorer, &ExplorerPage::openFailed, this,
            [this](const QString& path, const QString& message) {
                statusBar()->showMessage(tr("Cannot open %1: %2").arg(path, message));
            });
    connect(m_explorer, &ExplorerPage::graphFailed, this,
            [this](const QString& path, const QString& message) {
                statusBar()->showMessage(tr("Cannot load %1: %2").arg(path, message));
            });
    connect(m_demo, &DemoDatasetJob::progress, this, [this](int done, int total) {
        m_progress->showTask(tr("Generating the demo dataset"), done, total);
    });
    connect(m_demo, &DemoDatasetJob::ready, this, [this](const QString& root) {
        m_progress->finish();
        openDataset(root);
    });
    connect(m_demo, &DemoDatasetJob::failed, this, [this](const QString& message) {
        m_progress->finish();
        statusBar()->showMessage(tr("Cannot generate the demo dataset: %1").arg(message));
    });

    QSettings settings;
    resize(1600, 1000);
    restoreGeometry(settings.value("mainWindow/geometry").toByteArray());
    restoreState(settings.value("mainWindow/state").toByteArray());
    m_explorer->restoreState(settings.value("mainWindow/explorer").toByteArray());
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus() {
    auto* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open Dataset…"), QKeySequence::Open, this,
                    &MainWindow::chooseDatasetFolder);
    file->addAction(tr("Open Graph &File (.npz)…"), this, &MainWindow::chooseDatasetFile);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(tr("Open &Demo Dataset"), this, &MainWindow::openDemoDataset);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    auto* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Graph"), QKeySequence(tr("Ctrl+1")), this,
                    [this] { m_explorer->showTab(ExplorerPage::GraphTab); });
    view->addAction(tr("&Runtimes"), QKeySequence(tr("Ctrl+2")), this,
                    [this] { m_explorer->showTab(ExplorerPage::RuntimesTab); });
    view->addAction(tr("&Collection"), QKeySequence(tr("Ctrl+3")), this,
                    [this] { m_explorer->showTab(ExplorerPage::CollectionTab); });
    auto* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About"), this, [this] {
        QMessageBox::about(this, tr("About TpuGraphs Studio"),
                           tr("TpuGraphs Studio: browse TpuGraphs datasets, look at their graphs "
                              "and runtimes, and train cost models."));
    });
    rebuildRecentMenu();
}

void MainWindow::addPage(QWidget* page, const QString& title) {
    m_pages->addTab(page, title);
}

void MainWindow::openDataset(const QString& path) {
    m_explorer->openDataset(path);
}

void MainWindow::openDemoDataset() {
    statusBar()->showMessage(
        tr("Preparing the demo dataset in %1").arg(DemoDatasetJob::demoRoot()));
    m_progress->showTask(tr("Preparing the demo dataset"), 0, 0);
    m_demo->start();
}

QStringList MainWindow::recentDatasets() const {
    return QSettings().value(kRecentKey).toStringList();
}

void MainWindow::addRecent(const QString& path) {
    QStringList recent = recentDatasets();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent) recent.removeLast();
    QSettings().setValue(kRecentKey, recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = recentDatasets();
    for (const QString& path : recent)
        m_recentMenu->addAction(QDir::toNativeSeparators(path), this,
                                [this, path] { openDataset(path); });
    if (recent.isEmpty()) m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Clear"), this, [this] {
        QSettings().remove(kRecentKey);
        rebuildRecentMenu();
    });
}

void MainWindow::chooseDatasetFolder() {
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Open a TpuGraphs dataset root (the folder holding npz/)"),
        m_explorer->datasetPath());
    if (!dir.isEmpty()) openDataset(dir);
}

void MainWindow::chooseDatasetFile() {
    const QString file =
        QFileDialog::getOpenFileName(this, tr("Open one TpuGraphs graph"),
                                     m_explorer->datasetPath(), tr("TpuGraphs graphs (*.npz)"));
    if (!file.isEmpty()) openDataset(file);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue("mainWindow/geometry", saveGeometry());
    settings.setValue("mainWindow/state", saveState());
    settings.setValue("mainWindow/explorer", m_explorer->saveState());
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const QString path = droppedPath(event->mimeData());
    if (path.isEmpty()) return;
    if (isDatasetPath(path))
        event->acceptProposedAction();
    else  // the drop is refused (Qt sends no drop after a refused drag): say why
        statusBar()->showMessage(
            tr("Cannot open %1: drop a dataset folder or a .npz file").arg(path), 10000);
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QString path = droppedPath(event->mimeData());
    if (!isDatasetPath(path)) return;
    openDataset(path);
    event->acceptProposedAction();
}

}  // namespace tpugraphs::ui
