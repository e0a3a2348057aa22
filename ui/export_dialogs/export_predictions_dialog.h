// File > Export Predictions...: the predicted score of every config of a split, for one run.
#pragma once

#include <QDialog>
#include <QString>

class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace tpugraphs::ui {

class JobRunner;
class RunListModel;

class ExportPredictionsDialog : public QDialog {
    Q_OBJECT
public:
    ExportPredictionsDialog(const RunListModel* runs, const QString& datasetRoot,
                            QWidget* parent = nullptr);
    ~ExportPredictionsDialog() override;

    void setRun(const QString& runDir);
    void setSplit(const QString& split);  // "train", "valid" or "test"
    void setOutputPath(const QString& path);
    QString summary() const;

public Q_SLOTS:
    void startExport();

Q_SIGNALS:
    void exportFinished(bool ok, const QString& summary);

private:
    void finish(bool ok, const QString& text);

    QComboBox* m_run;
    QComboBox* m_split;
    QLineEdit* m_root;
    QLineEdit* m_output;
    QPushButton* m_export;
    QPlainTextEdit* m_summary;
    JobRunner* m_job;
};

}  // namespace tpugraphs::ui
