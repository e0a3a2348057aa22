// File > Export Kaggle Submission...: a run per collection (or none), the test split of a
// dataset, an optional template CSV, the output path; predicts, validates, writes atomically
// and summarises where every row came from.
#pragma once

#include <QDialog>
#include <QMap>
#include <QString>

#include "train/submission_builder.h"

class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace tpugraphs::ui {

class JobRunner;
class RunListModel;

class ExportSubmissionDialog : public QDialog {
    Q_OBJECT
public:
    ExportSubmissionDialog(const RunListModel* runs, const QString& datasetRoot,
                           QWidget* parent = nullptr);
    ~ExportSubmissionDialog() override;

    // Programmatic access (tests, scripted use): choose a run for a collection ("" = none).
    void setRun(Collection collection, const QString& runDir);
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

    QMap<Collection, QComboBox*> m_runCombos;  // in kCollections order
    QLineEdit* m_root;
    QLineEdit* m_template;
    QLineEdit* m_output;
    QPushButton* m_export;
    QPlainTextEdit* m_summary;
    JobRunner* m_job;
};

}  // namespace tpugraphs::ui
