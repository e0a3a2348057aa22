// File > Export Kaggle Submission...: the runs ticked per collection (none, one, or several: an
// ensemble of their normalised ranks), the test split of a dataset, an optional template CSV,
// the output path; predicts, validates, writes atomically and summarises where every row came
// from.
#pragma once

#include <QDialog>
#include <QMap>
#include <QString>
#include <QStringList>

#include "train/submission_builder.h"

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
    QString summary() const;
    SubmissionRequest request() const;

public Q_SLOTS:
    void startExport();

Q_SIGNALS:
    // ok: the file was written and passed validation.
    void exportFinished(bool ok, const QString& summary);

private:
    void finish(bool ok, const QString& text);
    void describeCollection(QTreeWidgetItem* item);

    QTreeWidget* m_runTree;  // a parent per collection, a checkable child per run
    QMap<Collection, QTreeWidgetItem*> m_collectionItems;
    QLineEdit* m_root;
    QLineEdit* m_template;
    QLineEdit* m_output;
    QPushButton* m_export;
    QPlainTextEdit* m_summary;
    JobRunner* m_job;
};

}  // namespace tpugraphs::ui
