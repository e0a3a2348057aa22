// Copy and CSV export of a table view: a right-click menu (Copy, Export as CSV…) and Ctrl+C.
// The cells are the model's display texts with its horizontal header, written by the one CSV
// writer (core/base/csv_table.h); Copy takes the selected rows (all rows without a selection).
#pragma once

#include <QModelIndexList>

#include "base/csv_table.h"

class QAbstractItemModel;
class QTableView;

namespace tpugraphs::ui {

// `rows` empty: every row.
CsvTable csvTableOf(const QAbstractItemModel& model, const QList<int>& rows = {});
// Adds the menu and the shortcut to `view`; the CSV file dialog starts in the home folder.
void installTableExport(QTableView* view);

}  // namespace tpugraphs::ui
