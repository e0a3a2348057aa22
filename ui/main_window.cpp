// The main window: pages, menus, recent datasets, drag and drop, status bar.
#include "main_window.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QIcon>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>

#include "about_dialog.h"
#include "base/build_info.h"
#include "base/user_dirs.h"
#include "common/count_text.h"
#include "common/dataset_name.h"
#include "common/task_progress.h"
#include "explorer/dataset_scan_job.h"
#include "explorer/demo_dataset_job.h"
#include "explorer/explorer_page.h"
#include "export_dialogs/export_predictions_dialog.h"
#include "export_dialogs/export_submission_dialog.h"
#include "help/shortcuts_dialog.h"
#include "help/user_guide.h"
#include "predictions/predictions_page.h"
#include "train/torch_threads.h"
#include "training/submission_pipeline_dialog.h"
#include "training/training_form.h"
#include "training/training_page.h"

namespace tpugraphs::ui {

namespace {
constexpr int kMaxRecent = 8;
const QSize kPreferredSize(1600, 1000);
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
      m_training(new TrainingPage(this)),
      m_predictions(new PredictionsPage(m_training->runs(), this)),
      m_demo(new DemoDatasetJob(this)),
      m_progress(new TaskProgress(this)),
      m_trainingSummary(new QLabel(this)) {
    setWindowTitle(QStringLiteral("TpuGraphs Studio"));
    setAcceptDrops(true);
    layOutPages();
    createMenus();
    connectExplorer();
    connectDemo();
    connect(m_training, &TrainingPage::trainingSummaryChanged, this,
            &MainWindow::showTrainingSummary);
    QSettings settings;
    resizeTo(QStringLiteral("%1x%2").arg(kPreferredSize.width()).arg(kPreferredSize.height()));
    restoreGeometry(settings.value("mainWindow/geometry").toByteArray());
    restoreState(settings.value("mainWindow/state").toByteArray());
    m_explorer->restoreState(settings.value("mainWindow/explorer").toByteArray());
}

MainWindow::~MainWindow() = default;

void MainWindow::layOutPages() {
    m_pages->setObjectName("pages");
    m_pages->setDocumentMode(true);
    m_training->setObjectName("trainingPage");
    m_predictions->setObjectName("predictionsPage");
    m_explorer->setRunList(m_training->runs());
    m_pages->addTab(m_explorer, QStringLiteral("Explorer"));
    m_pages->addTab(m_training, QStringLiteral("Training"));
    m_pages->addTab(m_predictions, QStringLiteral("Predictions"));
    setCentralWidget(m_pages);
    m_trainingSummary->setObjectName("trainingSummary");
    statusBar()->addPermanentWidget(m_trainingSummary);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->showMessage(
        QStringLiteral("Open a dataset (File > Open Dataset…) or drop a folder here"));
}

void MainWindow::connectExplorer() {
    connect(m_explorer, &ExplorerPage::taskProgress, m_progress, &TaskProgress::showTask);
    connect(m_explorer, &ExplorerPage::tasksIdle, m_progress, &TaskProgress::finish);
    connect(m_progress, &TaskProgress::cancelRequested, this, [this] {
        m_explorer->cancelTasks();
        m_demo->cancel();
        m_progress->finish();
        statusBar()->showMessage(QStringLiteral("Cancelled"), 5000);
    });
    connect(
        m_explorer, &ExplorerPage::datasetOpened, this, [this](const QString& path, int graphs) {
            setWindowTitle(QStringLiteral("%1 — TpuGraphs Studio").arg(datasetDisplayName(path)));
            addRecent(path);
            m_failure.clear();
            statusBar()->showMessage(
                QStringLiteral("Opened %1: %2").arg(path, countText(graphs, "graph", "graphs")));
            if (!QFileInfo(path).isDir()) return;  // a single .npz: not a dataset root
            m_training->setDatasetRoot(path);
            m_predictions->setDatasetRoot(path);
        });
    connect(m_explorer, &ExplorerPage::openFailed, this,
            [this](const QString& path, const QString& message) {
                showFailure(QStringLiteral("Cannot open %1: %2").arg(path, message));
            });
    connect(m_explorer, &ExplorerPage::graphFailed, this,
            [this](const QString& path, const QString& message) {
                showFailure(QStringLiteral("Cannot load %1: %2").arg(path, message));
            });
    // A later success clears the message of an earlier failure.
    connect(m_explorer, &ExplorerPage::graphLoaded, this, [this] {
        if (!m_failure.isEmpty() && statusBar()->currentMessage() == m_failure)
            statusBar()->clearMessage();
        m_failure.clear();
    });
}

void MainWindow::connectDemo() {
    connect(m_demo, &DemoDatasetJob::progress, this, [this](int done, int total) {
        m_progress->showTask(QStringLiteral("Generating the demo dataset"), done, total);
    });
    connect(m_demo, &DemoDatasetJob::ready, this, [this](const QString& root) {
        m_progress->finish();
        openDataset(root);
    });
    connect(m_demo, &DemoDatasetJob::failed, this, [this](const QString& message) {
        m_progress->finish();
        statusBar()->showMessage(
            QStringLiteral("Cannot generate the demo dataset: %1").arg(message));
    });
}

void MainWindow::showFailure(const QString& message) {
    m_failure = message;
    statusBar()->showMessage(message);
}

void MainWindow::initApplication() {
    // Settings in ~/.config/tpugraphs/studio.conf (common/user_data_places.h); windows are
    // titled with the display name.
    QApplication::setOrganizationName(QString::fromUtf8(kUserFolderName));
    QApplication::setApplicationName("studio");
    QApplication::setApplicationDisplayName("TpuGraphs Studio");
    QApplication::setApplicationVersion(QString::fromUtf8(projectVersion()));
    // The installed .desktop entry's name, so that desktop shells match windows to it.
    QGuiApplication::setDesktopFileName(QStringLiteral(TPUGRAPHS_APP_ID));
    QIcon icon;
    for (int size : {16, 24, 32, 48, 64, 128, 256})
        icon.addFile(QStringLiteral(":/icons/%1x%1/tpugraphs-studio.png").arg(size));
    QApplication::setWindowIcon(icon);
    initTorchThreads();
}

void MainWindow::resizeTo(const QString& size) {
    const QStringList wh = size.split('x');
    if (wh.size() != 2) return;
    resize(wh[0].toInt(), wh[1].toInt());
    fitToScreen();
}

void MainWindow::fitToScreen() {
    const QRect free = screen()->availableGeometry();
    // Before the window manager framed the window its frame is unknown: allow for a title bar.
    QMargins frame(frameGeometry().left() - geometry().left(),
                   geometry().top() - frameGeometry().top(),
                   frameGeometry().right() - geometry().right(),
                   frameGeometry().bottom() - geometry().bottom());
    if (frame.isNull()) frame = QMargins(4, 32, 4, 4);
    const QSize room = free.size().shrunkBy(frame);
    if (width() > room.width() || height() > room.height())
        resize(std::min(width(), room.width()), std::min(height(), room.height()));
    QRect outer = geometry().marginsAdded(frame);
    if (!free.contains(outer)) {
        // A window wider or taller than the screen (its minimum size) keeps its top-left corner,
        // the title bar and the menus, on the screen.
        outer.moveLeft(
            std::max(free.left(), std::min(outer.left(), free.right() - outer.width() + 1)));
        outer.moveTop(
            std::max(free.top(), std::min(outer.top(), free.bottom() - outer.height() + 1)));
        move(outer.topLeft());  // move() places the frame
    }
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    // Once shown the frame is known (the window manager may take a moment to report it).
    for (int ms : {0, 300}) QTimer::singleShot(ms, this, &MainWindow::fitToScreen);
}

void MainWindow::showTrainingSummary() {
    m_trainingSummary->setText(m_training->trainingSummary());
}

void MainWindow::createMenus() {
    auto* file = menuBar()->addMenu(QStringLiteral("&File"));
    file->addAction(QStringLiteral("&Open Dataset…"), QKeySequence::Open, this,
                    &MainWindow::chooseDatasetFolder);
    file->addAction(QStringLiteral("Open &Graph File (.npz)…"), this,
                    &MainWindow::chooseDatasetFile);
    m_recentMenu = file->addMenu(QStringLiteral("Open &Recent"));
    file->addAction(QStringLiteral("Open &Demo Dataset"), this, &MainWindow::openDemoDataset);
    file->addSeparator();
    file->addAction(QStringLiteral("Export &Kaggle Submission…"), this,
                    &MainWindow::exportSubmission);
    file->addAction(QStringLiteral("Export &Predictions…"), this, &MainWindow::exportPredictions);
    file->addSeparator();
    file->addAction(QStringLiteral("Open R&un…"), m_training, &TrainingPage::openRunDialog);
    file->addAction(QStringLiteral("&Follow a Run Directory…"), m_training,
                    &TrainingPage::followRunDialog);
    file->addAction(QStringLiteral("&Save Run As…"), m_training, &TrainingPage::saveRunAsDialog);
    file->addSeparator();
    file->addAction(QStringLiteral("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    auto* training = menuBar()->addMenu(QStringLiteral("&Training"));
    training->addAction(QStringLiteral("Train a &Full Submission…"), this,
                        &MainWindow::trainFullSubmission);
    auto* view = menuBar()->addMenu(QStringLiteral("&View"));
    view->addAction(QStringLiteral("&Graph"), QKeySequence(QStringLiteral("Ctrl+1")), this,
                    [this] { m_explorer->showTab(ExplorerPage::GraphTab); });
    view->addAction(QStringLiteral("&Runtimes"), QKeySequence(QStringLiteral("Ctrl+2")), this,
                    [this] { m_explorer->showTab(ExplorerPage::RuntimesTab); });
    view->addAction(QStringLiteral("&Collection"), QKeySequence(QStringLiteral("Ctrl+3")), this,
                    [this] { m_explorer->showTab(ExplorerPage::CollectionTab); });
    auto* help = menuBar()->addMenu(QStringLiteral("&Help"));
    addHelpEntries(help);
    help->addAction(QStringLiteral("&About TpuGraphs Studio"), this, &MainWindow::showAbout);
    help->addAction(QStringLiteral("About &Qt"), qApp, &QApplication::aboutQt);
    rebuildRecentMenu();
}

void MainWindow::addHelpEntries(QMenu* help) {
    help->addAction(QStringLiteral("&Keyboard Shortcuts"), QKeySequence(QStringLiteral("F1")), this,
                    &MainWindow::showShortcuts);
    help->addAction(QStringLiteral("&User Guide"), this, &MainWindow::showUserGuide);
    help->addSeparator();
}

void MainWindow::showAbout() {
    auto* dialog = new AboutDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::showShortcuts() {
    QList<QAction*> actions;
    for (QAction* menu : menuBar()->actions())
        if (menu->menu()) actions << menu->menu()->actions();
    auto* dialog = new ShortcutsDialog(actions, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::showUserGuide() {
    auto* guide = new UserGuideWindow(findUserGuide(), this);
    guide->setAttribute(Qt::WA_DeleteOnClose);
    guide->show();
}

void MainWindow::exportSubmission() {
    auto* dialog =
        new ExportSubmissionDialog(m_training->runs(), m_training->form()->datasetRoot(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::trainFullSubmission() {
    auto* dialog = new SubmissionPipelineDialog(m_training->form()->datasetRoot(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &SubmissionPipelineDialog::pipelineFinished, this,
            [this](const PipelineHandOver& handOver) {
                for (const QStringList& dirs : handOver.runs)
                    for (const QString& dir : dirs) m_training->openRun(dir);
                auto* exporter =
                    new ExportSubmissionDialog(m_training->runs(), handOver.datasetRoot, this);
                exporter->setAttribute(Qt::WA_DeleteOnClose);
                exporter->takeOver(handOver);
                exporter->show();
            });
    dialog->show();
}

void MainWindow::exportPredictions() {
    auto* dialog =
        new ExportPredictionsDialog(m_training->runs(), m_training->form()->datasetRoot(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::openDataset(const QString& path) {
    m_explorer->openDataset(path);
}

void MainWindow::openStartDataset(const QString& path, bool demo) {
    const QStringList recent = recentDatasets();
    if (!path.isEmpty())
        openDataset(path);
    else if (!demo && !recent.isEmpty() && QFileInfo::exists(recent.first()))
        openDataset(recent.first());
    else
        openDemoDataset();
}

void MainWindow::openDemoDataset() {
    statusBar()->showMessage(
        QStringLiteral("Preparing the demo dataset in %1").arg(DemoDatasetJob::demoRoot()));
    m_progress->showTask(QStringLiteral("Preparing the demo dataset"), 0, 0);
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
    if (recent.isEmpty()) m_recentMenu->addAction(QStringLiteral("(none)"))->setEnabled(false);
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(QStringLiteral("Clear"), this, [this] {
        QSettings().remove(kRecentKey);
        rebuildRecentMenu();
    });
}

void MainWindow::chooseDatasetFolder() {
    const QString dir = QFileDialog::getExistingDirectory(
        this, QStringLiteral("Open a TpuGraphs dataset root (the folder holding npz/)"),
        m_explorer->datasetPath());
    if (!dir.isEmpty()) openDataset(dir);
}

void MainWindow::chooseDatasetFile() {
    const QString file = QFileDialog::getOpenFileName(
        this, QStringLiteral("Open one TpuGraphs graph"), m_explorer->datasetPath(),
        QStringLiteral("TpuGraphs graphs (*.npz)"));
    if (!file.isEmpty()) openDataset(file);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    // Closing while training: stop the worker and wait for its last checkpoint.
    if (m_training->isTraining()) m_training->shutdown();
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
            QStringLiteral("Cannot open %1: drop a dataset folder or a .npz file").arg(path),
            10000);
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QString path = droppedPath(event->mimeData());
    if (!isDatasetPath(path)) return;
    openDataset(path);
    event->acceptProposedAction();
}

}  // namespace tpugraphs::ui
