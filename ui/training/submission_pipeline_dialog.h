// Training > Train a Full Submission...: the CLI's `tpugraphs submission` in a dialog. The
// dataset, output folder, time budget, seeds per collection, workers and template; a row per
// collection that follows the plan and its runs from their files (probing, runs done, steps,
// the ensemble's valid metric); the pipeline's messages. It runs off the UI thread, stops at a
// safe point, and resumes when started again on the same folder. When the submission is
// written it hands the runs over (pipelineFinished) so that the window opens the Export dialog.
#pragma once

#include <QDialog>
#include <QFutureWatcher>
#include <QMap>
#include <QStringList>

#include <atomic>
#include <memory>
#include <vector>

#include "base/program_path.h"
#include "data/collection.h"

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QThread;
class QTimer;
class QTreeWidget;

namespace tpugraphs {
struct PipelineOutcome;
struct PipelineCollectionProgress;
}

namespace tpugraphs::ui {

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
    // The row of a collection: collection, phase, runs, steps, valid metric.
    QStringList rowText(Collection collection) const;

public Q_SLOTS:
    void start();
    void stop();

Q_SIGNALS:
    // The submission was written: the runs of each collection, ensembled by the pipeline.
    void pipelineFinished(const QString& outDir, const QMap<int, QStringList>& runsByCollection,
                          const QString& templatePath);
    void pipelineFailed(const QString& message);

private:
    void refreshRows();
    void showProgress(const std::vector<PipelineCollectionProgress>& rows);
    void finish(const std::shared_ptr<PipelineOutcome>& outcome, const QString& error);
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
    QLabel* m_status;
    QPushButton* m_start;
    QPushButton* m_stop;
    QTimer* m_refresh;
    QFutureWatcher<std::vector<PipelineCollectionProgress>>* m_progressRead;
    bool m_refreshAgain = false;          // a refresh was asked for during a read
    std::unique_ptr<QThread> m_pipeline;  // runs runSubmissionPipeline
    std::atomic<bool> m_cancel{false};
    bool m_running = false;  // from Start until the outcome is shown
    QString m_program = QString::fromStdString(programBeside("tpugraphs"));
    QMap<Collection, QString> m_validMetric;  // filled when the pipeline ends
};

}  // namespace tpugraphs::ui
