// The main window: owns the pages (explorer, training, predictions) as tabs, builds the menus,
// keeps the recent datasets, takes drops, shows background work in the status bar, and stops
// a training run cleanly when it closes. It only wires: each page does its own work.
#pragma once

#include <QMainWindow>
#include <QStringList>

class QLabel;

namespace tpugraphs::ui {

class DemoDatasetJob;
class ExplorerPage;
class PredictionsPage;
class TaskProgress;
class TrainingPage;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // What tpugraphs-studio and the tools that drive its window share, called after the
    // QApplication exists: organisation and application names (settings, the demo dataset's
    // cache folder) and LibTorch's threads.
    static void initApplication();
    // Resizes to "WxH" (e.g. "1600x1000"), within the screen's free area; other text is
    // ignored.
    void resizeTo(const QString& size);

    // Opens a dataset root or a single .npz (added to Open Recent).
    void openDataset(const QString& path);
    // What the app opens at start: `path` when given; otherwise, unless `demo` is asked for,
    // the most recent dataset that still exists; otherwise the demo dataset.
    void openStartDataset(const QString& path, bool demo);
    // Generates the demo dataset into the cache directory the first time, then opens it.
    void openDemoDataset();
    // File > Export Kaggle Submission / Export Predictions: opens the dialog (non-modal).
    void exportSubmission();
    // Training > Train a Full Submission...: the pipeline's dialog; when it has written the
    // submission, its runs are listed on the Training page and the Export dialog opens on them.
    void trainFullSubmission();
    void exportPredictions();
    // Help > About: version, commit, Qt, LibTorch, BLAS and CUDA (non-modal).
    void showAbout();

    ExplorerPage* explorer() const { return m_explorer; }
    TrainingPage* training() const { return m_training; }
    PredictionsPage* predictions() const { return m_predictions; }
    QStringList recentDatasets() const;

    // Help > Keyboard Shortcuts / User Guide.
    void showShortcuts();
    void showUserGuide();

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // The constructor's steps: the pages and the status bar, the menus, then the explorer's
    // and the demo job's signals.
    void layOutPages();
    void createMenus();
    void connectExplorer();
    void connectDemo();
    void rebuildRecentMenu();
    void addRecent(const QString& path);
    void chooseDatasetFolder();
    void chooseDatasetFile();
    void showFailure(const QString& message);  // in the status bar until a later success
    void addHelpEntries(class QMenu* help);
    // The whole window, its frame included, within the screen's free area (first start, a
    // geometry restored from a larger screen).
    void fitToScreen();
    void showTrainingSummary();  // the status bar names a training run from every tab

    class QTabWidget* m_pages;
    ExplorerPage* m_explorer;
    TrainingPage* m_training;
    PredictionsPage* m_predictions;
    DemoDatasetJob* m_demo;
    TaskProgress* m_progress;
    class QMenu* m_recentMenu = nullptr;
    QLabel* m_trainingSummary;
    QString m_failure;  // the failure message the status bar shows, if any
};

}  // namespace tpugraphs::ui
