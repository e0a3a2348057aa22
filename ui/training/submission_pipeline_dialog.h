// Training > Train a Full Submission...: the CLI's `tpugraphs submission` in a dialog. The
// dataset, output folder, time budget, seeds per collection, workers and template; the call's
// clock (elapsed, left of the budget); a row per collection that follows the plan and its runs
// from their files (phase, time against the plan, runs done, steps done of planned, the
// ensemble's and each run's valid score once scored); the pipeline's messages. Before Start it
// shows the smallest budget when the probes are kept for the dataset (measured by an earlier
// call); a budget refused as too small offers "Start with X min", its probes kept. It runs off
// the UI thread, stops at a safe point, and resumes when started again on the same folder.
// When the submission is written it hands over (pipelineFinished) its dataset, runs, template
// and a new output file, so that the window opens the Export dialog on them.
#pragma once

#include <QDialog>
#include <QMap>
#include <QStringList>

#include <atomic>
#include <memory>
#include <vector>

#include "base/program_path.h"
#include "data/collection.h"
#include "export_dialogs/pipeline_hand_over.h"

class QDialogButtonBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QThread;
class QTimer;
class QTreeWidget;

namespace tpugraphs {
enum class PipelineStage;
struct PipelineOutcome;
struct PipelineProgressState;
}  // namespace tpugraphs

namespace tpugraphs::ui {

class JobRunner;

class SubmissionPipelineDialog : public QDialog {
    Q_OBJECT
public:
    SubmissionPipelineDialog(const QString& datasetRoot, QWidget* parent = nullptr);
    ~SubmissionPipelineDialog() override;

    // Programmatic access (tests, scripted use).
    void setOutputFolder(const QString& path);
    void setBudgetMinutes(double minutes);
    void setSeeds(int seeds);
    void setWorkers(int workers);
    void setTemplatePath(const QString& path);
    // The `tpugraphs` CLI that trains the runs (default: the one beside this program).
    void setProgram(const QString& program) { m_program = program; }
    bool isRunning() const;  // from Start until the outcome is shown
    // The row of a collection: collection, phase, time, runs, steps, valid scores.
    QStringList rowText(Collection collection) const;
    QString clockText() const;
    // The smallest budget's line under the budget ("" until the probes are kept).
    QString smallestBudgetText() const;

public Q_SLOTS:
    void start();
    void stop();

Q_SIGNALS:
    // The submission was written: what the Export dialog takes over.
    void pipelineFinished(const tpugraphs::ui::PipelineHandOver& handOver);

private:
    // The constructor's steps, in the dialog's order: the options and their form, the row per
    // collection, the messages and status, the buttons.
    void setUpOptions();
    QFormLayout* createOptionsForm();
    void setUpRows();
    void setUpMessages();
    QDialogButtonBox* createButtons();
    void refreshRows();
    void showProgress(const PipelineProgressState& progress);
    // The options of the last Start (QSettings), offered again when the dialog next opens.
    void rememberOptions();
    void restoreOptions();
    QString stageText(PipelineStage stage) const;  // the clock's stage, "refused" for a refusal
    // `refusedSmallest`: the smallest budget a refusal named (0: not refused).
    void finish(const std::shared_ptr<PipelineOutcome>& outcome, const QString& error,
                double refusedSmallest);
    // The smallest budget of the options shown, read on a pool thread from the kept probes.
    void updateSmallestBudget();
    void startWithSmallest();
    void setRunning(bool running);
    void appendMessage(const QString& message);

    QLineEdit* m_dataset;
    QLineEdit* m_output;
    QLineEdit* m_template;
    QDoubleSpinBox* m_budget;
    QSpinBox* m_seeds;
    QSpinBox* m_workers;
    QTreeWidget* m_rows;
    QPlainTextEdit* m_log;
    QLabel* m_clock;
    QLabel* m_status;
    QLabel* m_smallest;
    QPushButton* m_start;
    QPushButton* m_startWithSmallest;  // shown after a refusal
    QPushButton* m_stop;
    QTimer* m_refresh;
    JobRunner* m_progressRead;
    JobRunner* m_budgetRead;
    double m_refusedSmallest = 0;         // the smallest budget the last refusal named
    bool m_refused = false;               // the last call was refused before training
    bool m_refreshAgain = false;          // a refresh was asked for during a read
    std::unique_ptr<QThread> m_pipeline;  // runs runSubmissionPipeline
    std::atomic<bool> m_cancel{false};
    bool m_running = false;  // from Start until the outcome is shown
    QString m_program = QString::fromStdString(programBeside("tpugraphs"));
    QMap<Collection, QString> m_validMetric;  // filled when the pipeline ends
    QList<Collection> m_probed;               // probed in this call, in order
};

}  // namespace tpugraphs::ui
