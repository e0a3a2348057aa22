// Drives the main window for reproducible screenshots: waits for the dataset, selects a graph,
// a node, a config and a tab, zooms, waits for the background work, then saves the window.
#pragma once

#include <QObject>
#include <QString>

namespace tpugraphs::ui {

class ExplorerPage;
class MainWindow;

struct ScreenshotOptions {
    QString file;       // PNG to write
    QString graph;      // graph stem or "collection/split/stem"; empty: none
    int node = -1;      // node to select and centre
    int config = -1;    // config shown in the inspector
    QString tab;        // "graph", "runtimes", "collection" or "compare"
    int viewMode = 0;   // graph view mode: index of the panel's view box (0: whole graph)
    double zoom = 0.0;  // zoom factor applied after fitting (0: fitted)
    QString search;     // text typed into the graph search
    bool logScale = false;
    QString feature;  // scatter feature name
    // "compare" tab: the config comparison beside the graph, ranked by this run's predicted
    // scores when set (the measured runtimes otherwise), as a split view A | B when split.
    QString compareRun;
    bool compareSplit = false;
    QString exportSvg;  // the whole drawing also written as SVG here
    int timeoutSeconds = 300;
};

class ScreenshotScript : public QObject {
    Q_OBJECT
public:
    ScreenshotScript(MainWindow* window, ScreenshotOptions options, QObject* parent = nullptr);
    // Call before the dataset is opened. Emits finished(0) once the file is written.
    void start();

Q_SIGNALS:
    void finished(int exitCode);

private:
    void onDatasetOpened();
    void onGraphReady();
    void capture();
    void showComparison(ExplorerPage* page);
    void fail(const QString& message);

    MainWindow* m_window;
    ScreenshotOptions m_options;
    bool m_done = false;
};

}  // namespace tpugraphs::ui
