// The main window: menus, recent datasets, drag and drop, status bar, and the pages in tabs.
// It only wires: each page does its own work.
#pragma once

#include <QMainWindow>
#include <QStringList>

namespace tpugraphs::ui {

class DemoDatasetJob;
class ExplorerPage;
class TaskProgress;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a dataset root or a single .npz (added to Open Recent).
    void openDataset(const QString& path);
    // Generates the demo dataset into the cache directory the first time, then opens it.
    void openDemoDataset();
    // Adds a page as a tab after the explorer (e.g. training).
    void addPage(QWidget* page, const QString& title);

    ExplorerPage* explorer() const { return m_explorer; }
    QStringList recentDatasets() const;
    TaskProgress* taskProgress() const { return m_progress; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus();
    void rebuildRecentMenu();
    void addRecent(const QString& path);
    void chooseDatasetFolder();
    void chooseDatasetFile();

    class QTabWidget* m_pages;
    ExplorerPage* m_explorer;
    DemoDatasetJob* m_demo;
    TaskProgress* m_progress;
    class QMenu* m_recentMenu = nullptr;
};

}  // namespace tpugraphs::ui
