// The training page: Start / Pause-Resume / Stop with the progress bar (its end state once a
// run ends), the options form, the rate and validation lines, live charts (redrawn on a timer)
// and the runs of the run library (killed runs shown as interrupted).
#pragma once

#include <QString>
#include <QWidget>

#include "training/training_metatypes.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;

namespace tpugraphs::ui {

class RunCharts;
class RunCurves;
class RunLibrary;
class RunListModel;
class RunsPanel;
class StatusLine;
class TrainingForm;
class TrainingRunner;
class WorkersRunner;

class TrainingPage : public QWidget {
    Q_OBJECT
public:
    explicit TrainingPage(QWidget* parent = nullptr);
    ~TrainingPage() override;  // stops a running training and waits for its last checkpoint

    RunLibrary* library() const { return m_library; }
    RunListModel* runs() const;
    TrainingForm* form() const { return m_form; }
    RunCharts* charts() const { return m_charts; }
    TrainingRunner* runner() const { return m_runner; }
    WorkersRunner* workersRunner() const { return m_workers; }
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
    // Lists a run directory and keeps reading its files as they grow (a run trained elsewhere,
    // e.g. on a cluster into a mounted or synced folder): its curves and row follow.
    void followRun(const QString& runDir);
    void followRunDialog();
    void saveRunAsDialog();
    // Continues a stopped or interrupted run to its planned length; a run that reached it is
    // trained further to a larger step count, asked for (default: twice its length).
    void resumeRun(const QString& runDir);

Q_SIGNALS:
    void runFinished(const QString& runDir, const QString& status);
    void runsChanged();

private:
    void buildLayout();
    void connectSignals();
    void startWith(const TrainOptions& options);
    void onFinished(const QString& runDir, const RunOutcome& outcome);
    // The progress bar once a run has ended: 100 % when completed, else where it stopped.
    void showEndState(const RunInfo& info);
    void refresh();
    void refreshCharts();
    // The rate line from the last training report (validation and the end carry no rate).
    void showTrainingRate();
    void onProgress(const TrainProgress& progress);
    void updateButtons();
    void showStatus(const QString& text, bool error = false);

    TrainingForm* m_form;
    RunLibrary* m_library;
    RunsPanel* m_panel;
    RunCharts* m_charts;
    TrainingRunner* m_runner;
    WorkersRunner* m_workers;  // runs on local worker processes (form's workers > 1)
    QPushButton* m_start;
    QPushButton* m_pause;
    QPushButton* m_stop;
    QProgressBar* m_progress;
    QLabel* m_rate;
    QLabel* m_validation;
    StatusLine* m_status;  // one line; a failure's full text behind "Details"
    QTimer* m_timer;
    TrainProgress m_last;  // the last report but validations': loading, step
    bool m_hasLast = false;
    TrainProgress m_lastTraining;  // the last training report: rate, loss, lr
    bool m_hasLastTraining = false;
    bool m_chartsDirty = true;
    quint64 m_chartRevision = 0;
};

}  // namespace tpugraphs::ui
