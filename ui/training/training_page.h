// The training page: options form, Start / Pause-Resume / Stop, progress with ETA and
// configs/s, live charts (redrawn on a timer), and the list of current and past runs.
#pragma once

#include <QHash>
#include <QString>
#include <QWidget>

#include <memory>

#include "train/run_directory.h"
#include "train/train_progress.h"
#include "training/training_metatypes.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;

namespace tpugraphs::ui {

class RunCharts;
class RunCurves;
class RunListModel;
class RunsPanel;
class StatusLine;
class TrainingForm;
class TrainingRunner;

class TrainingPage : public QWidget {
    Q_OBJECT
public:
    explicit TrainingPage(QWidget* parent = nullptr);
    ~TrainingPage() override;  // stops a running training and waits for its last checkpoint

    RunListModel* runs() const { return m_runs; }
    TrainingForm* form() const { return m_form; }
    RunCharts* charts() const { return m_charts; }
    TrainingRunner* runner() const { return m_runner; }
    // The curves of a listed run (nullptr when unknown).
    const RunCurves* curves(const QString& runDir) const;
    bool isTraining() const;

public Q_SLOTS:
    void setDatasetRoot(const QString& root);
    void startTraining();
    void togglePause();
    void stopTraining();
    // Stops a running training and blocks until it has written last.pt (window closing).
    void shutdown();
    // Lists a run directory and loads its curves; false (and a message) when it is not a run.
    bool openRun(const QString& runDir);
    void openRunDialog();
    void saveRunAsDialog();
    void resumeRun(const QString& runDir);

Q_SIGNALS:
    void runFinished(const QString& runDir, const QString& status);
    void runsChanged();

private:
    void startWith(const TrainOptions& options);
    void onProgress(const TrainProgress& progress);
    void onFinished(const QString& runDir, const QString& status);
    void refresh();
    void refreshCharts();
    void updateButtons();
    void showStatus(const QString& text, bool error = false);
    void listRun(const RunInfo& info, bool checked);  // adds or refreshes a row and its curves
    void rememberRuns() const;
    void restoreRuns();

    TrainingForm* m_form;
    RunListModel* m_runs;
    RunsPanel* m_panel;
    RunCharts* m_charts;
    TrainingRunner* m_runner;
    QPushButton* m_start;
    QPushButton* m_pause;
    QPushButton* m_stop;
    QProgressBar* m_progress;
    QLabel* m_rate;
    QLabel* m_validation;
    StatusLine* m_status;  // one line; a failure's full text behind "Details"
    QTimer* m_timer;
    QHash<QString, std::shared_ptr<RunCurves>> m_curves;
    TrainProgress m_last;
    bool m_hasLast = false;
    bool m_chartsDirty = true;
    quint64 m_chartRevision = 0;
};

}  // namespace tpugraphs::ui
