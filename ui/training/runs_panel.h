// The run list of the training page: a filter (text or regular expression, over every column:
// names, tags, options), the runs table (sortable by any column; checkbox = overlaid on the
// charts; F2 renames, right-click: open folder, rename, tag, export curves, remove),
// Open/Save As/Resume/Remove buttons on the filter's line, and the selected run's options beside
// the table (the panel is wide and low: it sits under the charts).
#pragma once

#include <QString>
#include <QWidget>

class QLineEdit;
class QMenu;
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
    QLineEdit* filter() const { return m_filter; }
    // Whether the filter lists the model's row (the charts draw only the runs it lists).
    bool isListed(int row) const;
    // The table's right-click menu for the run at `row` (of the model); empty when none.
    QMenu* contextMenu(int row);
    // Starts editing the name or the tags of a run in the table (Rename, Tag).
    void editName(const QString& runDir);
    void editTags(const QString& runDir);
    static constexpr int kShownRows = 8;       // the table's height in the size hint
    static constexpr int kDetailsWidth = 360;  // the selected run's options, at most
    // Room for kShownRows runs in the table.
    QSize sizeHint() const override;

Q_SIGNALS:
    void openRequested();
    void saveAsRequested(const QString& runDir);
    void resumeRequested(const QString& runDir);
    void removeRequested(const QString& runDir);
    // Right-click > Export Curves: the run's curves as CSV (the charts' export does it).
    void exportCurvesRequested(const QString& runDir);
    void selectedRunChanged();
    void filterChanged();

private:
    // The constructor's steps: the table, the buttons and the details pane, the layout, the
    // signals.
    void setUpTable();
    void setUpButtonsAndDetails();
    void layOut();
    void connectSignals();
    void updateDetails();
    void applyFilter(const QString& text);
    void edit(const QString& runDir, int column);

    RunListModel* m_model;
    QSortFilterProxyModel* m_sorted;
    QLineEdit* m_filter;
    QTableView* m_table;
    QMenu* m_menu = nullptr;
    QPushButton* m_open;
    QPushButton* m_saveAs;
    QPushButton* m_resume;
    QPushButton* m_remove;
    QPlainTextEdit* m_details;
};

}  // namespace tpugraphs::ui
