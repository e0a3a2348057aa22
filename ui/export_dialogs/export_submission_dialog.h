// File > Export Kaggle Submission...: the runs ticked per collection (none, one, or several: an
// ensemble of their normalised ranks), each shown with its best score, dataset and status; by
// default the best completed run of each collection trained on the dataset exported. Warns
// about interrupted runs, runs of another dataset and (after predicting) runs whose rows are in
// index order. The test split of a dataset, an optional template CSV, the output path, whether
// a partial file (not all of Kaggle's rows) may be written; predicts, validates, writes
// atomically and summarises where every row came from. takeOver() fills it from the
// submission pipeline's hand-over.
#pragma once

#include <QDialog>
#include <QMap>
#include <QString>
#include <QStringList>

#include "export_dialogs/pipeline_hand_over.h"
#include "train/submission_builder.h"

class QCheckBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace tpugraphs::ui {

class JobRunner;
class RunListModel;

class ExportSubmissionDialog : public QDialog {
    Q_OBJECT
public:
    ExportSubmissionDialog(const RunListModel* runs, const QString& datasetRoot,
                           QWidget* parent = nullptr);
    ~ExportSubmissionDialog() override;

    // Programmatic access (tests, scripted use): tick exactly these runs of a collection (none:
    // the collection comes from the template or is left out; several: their ensemble).
    void setRuns(Collection collection, const QStringList& runDirs);
    void setRun(Collection collection, const QString& runDir) {
        setRuns(collection, runDir.isEmpty() ? QStringList() : QStringList{runDir});
    }
    QStringList runs(Collection collection) const;
    void setTemplatePath(const QString& path);
    void setOutputPath(const QString& path);
    void setDatasetRoot(const QString& path);
    // Allows a file without all of Kaggle's rows (a generated or partial dataset).
    void setPartialAllowed(bool allowed);
    // The pipeline's dataset, runs, template, a new output file and its partial rule.
    void takeOver(const PipelineHandOver& handOver);
    QString summary() const;
    // The warnings shown about the ticked runs (and, after an export, their rows), one a line.
    QStringList warnings() const { return m_warnings; }
    SubmissionRequest request() const;

public Q_SLOTS:
    void startExport();

Q_SIGNALS:
    // ok: the file was written and passed validation.
    void exportFinished(bool ok, const QString& summary);

private:
    // The constructor's steps: the fields' names and texts, the run tree in its box, the form
    // of the files.
    void setUpFields();
    QGroupBox* createRunBox(const QString& datasetRoot);
    QFormLayout* createFileForm();
    void finish(bool ok, const QString& text, const QStringList& collapsedRuns);
    void describeCollection(QTreeWidgetItem* item);
    void addRunItem(QTreeWidgetItem* parent, const QString& runDir, bool ticked);
    // Re-reads the ticked runs and the dataset root; `collapsedRuns`: runs whose last export
    // wrote index-order rows.
    void updateWarnings(const QStringList& collapsedRuns = {});

    const RunListModel* m_runs;
    QGroupBox* m_runBox;     // its title says which runs are ticked
    QTreeWidget* m_runTree;  // a parent per collection, a checkable child per run
    QMap<Collection, QTreeWidgetItem*> m_collectionItems;
    QLineEdit* m_root;
    QLineEdit* m_template;
    QLineEdit* m_output;
    QCheckBox* m_partial;
    QPushButton* m_export;
    QPlainTextEdit* m_summary;
    QLabel* m_warningLabel;
    QStringList m_warnings;
    JobRunner* m_job;
};

}  // namespace tpugraphs::ui
