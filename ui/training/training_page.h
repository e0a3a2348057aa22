// The training page: Start / Pause-Resume / Stop with the progress bar (its end state once a
// run ends), the advice banner (what makes the run pointless: no validation, a flat loss), the
// options form, the rate and validation lines and a collapsible log of routine notes on the left;
// on the right the live charts of the ticked runs and the live one (redrawn on a timer) and the
// HParams view, above the runs of the run library (killed runs shown as interrupted). The page
// drives one TrainingJob at a time and knows only that interface. Its code is split by role:
// training_page.cpp (building and wiring), training_page_job.cpp (starting, following and
// ending a job), training_page_runs.cpp (opening, following, copying runs; charts and HParams).
#pragma once

#include <QString>
#include <QWidget>

#include "training/training_metatypes.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTabWidget;
class QTimer;

namespace tpugraphs::ui {

class ElidedLabel;
class HParamsView;
class NotesLog;
class RunAdvice;
class RunCharts;
class RunCurves;
class RunLibrary;
class RunListModel;
class RunsPanel;
class StatusLine;
class TrainingForm;
class TrainingJob;

class TrainingPage : public QWidget {
    Q_OBJECT
public:
    explicit TrainingPage(QWidget* parent = nullptr);
    ~TrainingPage() override;  // stops a running training and waits for its last checkpoint

    RunLibrary* library() const { return m_library; }
    RunListModel* runs() const;
    TrainingForm* form() const { return m_form; }
    RunCharts* charts() const { return m_charts; }
    HParamsView* hparams() const { return m_hparams; }
    // The job started last (nullptr before the first start).
    TrainingJob* job() const { return m_job; }
    // The CLI that runs worker processes (form's workers > 1); empty: beside this program.
    void setWorkersProgram(const QString& program) { m_workersProgram = program; }
    // The curves of a listed run (nullptr when unknown).
    const RunCurves* curves(const QString& runDir) const;
    bool isTraining() const;
    RunAdvice* advice() const { return m_advice; }
    NotesLog* notes() const { return m_notes; }
    // One line on the run training now ("Training RUN: step 120 / 600 · 85 configs/s"), empty
    // when none: what the main window's status bar shows from every tab.
    QString trainingSummary() const;
    // Every recorded curve of these runs (listed run directories) as one long-format CSV
    // (curves_export.h); returns the error to show, empty when written.
    QString exportCurvesCsv(const QStringList& runDirs, const QString& path) const;
    // Right-click > Export Curves in the runs table: asks for a file, then exportCurvesCsv.
    void exportRunCurvesDialog(const QString& runDir);

public Q_SLOTS:
    void setDatasetRoot(const QString& root);
    // Starts a run from the form (a run directory that holds a run is resumed).
    void startTraining();
    // What Start does: the pre-start check first (prestart_check.h), then startTraining().
    void startTrainingChecked();
    void togglePause();
    void stopTraining();
    // Stops a running training and blocks until it has written last.pt (window closing).
    void shutdown();
    // Lists a run directory and loads its curves; false (and a message) when it is not a run.
    bool openRun(const QString& runDir);
    void openRunDialog();
    // Lists every run of a `tpugraphs sweep` output folder and shows them in the HParams view;
    // returns how many were listed.
    int openSweepFolder(const QString& folder);
    void openSweepDialog();
    // Lists a run directory and keeps reading its files as they grow (a run trained elsewhere,
    // e.g. on a cluster into a mounted or synced folder): its curves and row follow.
    void followRun(const QString& runDir);
    void followRunDialog();
    void saveRunAsDialog();
    // Continues a stopped or interrupted run to its planned length; a run that reached it is
    // trained further to a larger step count, asked for (default: twice its length).
    void resumeRun(const QString& runDir);
    // Ticks a run for the charts and selects it in the runs table (a click in HParams).
    void showRunInCharts(const QString& runDir);

Q_SIGNALS:
    void runFinished(const QString& runDir, const tpugraphs::ui::RunOutcome& outcome);
    void runsChanged();
    void trainingSummaryChanged(const QString& summary);

protected:
    void showEvent(QShowEvent* event) override;

private:
    // training_page.cpp
    void buildLayout();
    QWidget* buildControls();
    void connectSignals();
    void refresh();
    void updateButtons();
    void showStatus(const QString& text, bool error = false);
    // training_page_job.cpp
    // The pre-start check (prestart_check.h): asks when the run would be pointless, offering
    // the fixes; false when the user cancels. `options` gets the fixes chosen.
    bool confirmStart(TrainOptions* options);
    void startWith(const TrainOptions& options);
    void onFinished(const QString& runDir, const RunOutcome& outcome);
    // The progress bar once a run has ended: 100 % when completed, else where it stopped.
    void showEndState(const RunInfo& info);
    // Warns once when the live run's smoothed loss is flat (loss_trend.h).
    void checkLossTrend();
    void validateOnHeldOutConfigs();
    // The rate line from the last training report (validation and the end carry no rate).
    void showTrainingRate();
    void showLiveProgress();
    void onProgress(const TrainProgress& progress);
    // training_page_runs.cpp
    void refreshCharts();
    void refreshHParams();

    TrainingForm* m_form;
    RunLibrary* m_library;
    RunsPanel* m_panel;
    RunCharts* m_charts;
    HParamsView* m_hparams;
    QTabWidget* m_views;  // the charts and the HParams view
    QSplitter* m_chartsAndRuns;
    bool m_runsSized = false;  // the runs given their height, once, when first shown
    TrainingJob* m_job = nullptr;
    QString m_workersProgram;
    QPushButton* m_start;
    QPushButton* m_pause;
    QPushButton* m_stop;
    QProgressBar* m_progress;
    ElidedLabel* m_rate;
    QLabel* m_validation;
    StatusLine* m_status;  // one line; a failure's full text behind "Details"
    RunAdvice* m_advice;   // what weakens the run: warnings that ask for action
    NotesLog* m_notes;     // every note of the run, routine ones too
    QTimer* m_timer;
    TrainProgress m_last;  // the last report but validations' and notes: loading, step
    bool m_hasLast = false;
    TrainProgress m_lastTraining;  // the last training report: rate, loss, lr
    bool m_hasLastTraining = false;
    bool m_chartsDirty = true;
    bool m_hparamsDirty = true;
    quint64 m_chartRevision = 0;
    QString m_summary;  // trainingSummary() as last announced
};

}  // namespace tpugraphs::ui
