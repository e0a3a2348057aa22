// Copy and CSV export of a table view: a right-click menu (Copy selected rows, Copy all, Export
// as CSV…), Ctrl+C and extended selection. The cells are the model's display texts with its
// horizontal header; the file is written by the one CSV writer (core/base/csv_table.h), the
// clipboard gets tab-separated text with a header line (what spreadsheets paste into cells);
// Copy takes the selected rows (all rows without a selection).
#pragma once

#include <QModelIndexList>
#include <QString>

#include "base/csv_table.h"

class QAbstractItemModel;
class QTableView;

namespace tpugraphs::ui {

// `rows` empty: every row.
CsvTable csvTableOf(const QAbstractItemModel& model, const QList<int>& rows = {});
// Tab-separated lines, the header first; tabs and line breaks in cells become spaces.
QString tabSeparatedText(const CsvTable& table);
// Adds the menu and the shortcut to `view`; the CSV file dialog starts in the home folder.
void installTableExport(QTableView* view);

}  // namespace tpugraphs::ui
