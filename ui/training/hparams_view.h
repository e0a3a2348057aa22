// The HParams view of the training page: the hyper-parameter table of the listed runs (the
// options that differ between them, the final metrics), sortable by any column and filtered by
// a text, over a parallel-coordinates chart coloured by a chosen metric. Clicking a run (a row
// or a line) selects it in the charts; "Open Sweep Folder…" lists a `tpugraphs sweep` output.
#pragma once

#include <QWidget>

#include "training/hparams_table.h"

class QComboBox;
class QLineEdit;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;

namespace tpugraphs::ui {

class ParallelCoordinates;

class HParamsView : public QWidget {
    Q_OBJECT
public:
    explicit HParamsView(QWidget* parent = nullptr);

    void setRuns(const QList<HParamsRun>& runs);
    const HParamsTable& table() const { return m_table; }
    QTableView* view() const { return m_view; }
    ParallelCoordinates* coordinates() const { return m_coordinates; }
    QLineEdit* filter() const { return m_filter; }
    QComboBox* colourBy() const { return m_colour; }
    // The header texts of the table as shown (run first).
    QStringList headers() const;
    void selectRun(const QString& runDir);

Q_SIGNALS:
    void runSelected(const QString& runDir);
    void openSweepRequested();

private:
    void fillModel();
    void showFiltered();
    void onRowActivated(int tableRow);

    HParamsTable m_table;
    QStandardItemModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_view;
    QLineEdit* m_filter;
    QComboBox* m_colour;
    ParallelCoordinates* m_coordinates;
};

}  // namespace tpugraphs::ui
