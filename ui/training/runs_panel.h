// The run list of the training page: the runs table (sortable by any column; checkbox = overlaid
// on the charts), Open/Save As/Resume/Remove buttons, and the selected run's options.
#pragma once

#include <QString>
#include <QWidget>

class QPlainTextEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace tpugraphs::ui {

class RunListModel;

class RunsPanel : public QWidget {
    Q_OBJECT
public:
    RunsPanel(RunListModel* model, QWidget* parent = nullptr);

    QString selectedRun() const;  // empty when none
    void selectRun(const QString& runDir);
    QTableView* table() const { return m_table; }

Q_SIGNALS:
    void openRequested();
    void saveAsRequested(const QString& runDir);
    void resumeRequested(const QString& runDir);
    void removeRequested(const QString& runDir);
    void selectedRunChanged();

private:
    void updateDetails();

    RunListModel* m_model;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_table;
    QPushButton* m_saveAs;
    QPushButton* m_resume;
    QPushButton* m_remove;
    QPlainTextEdit* m_details;
};

}  // namespace tpugraphs::ui
