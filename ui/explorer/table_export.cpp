// Table copy and CSV export: the cells, the context menu, the shortcut and the file dialog.
#include "explorer/table_export.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QTableView>

#include <algorithm>
#include <exception>

namespace tpugraphs::ui {

namespace {

QList<int> selectedRowsOf(const QTableView* view) {
    QList<int> rows;
    if (!view->selectionModel()) return rows;
    for (const QModelIndex& index : view->selectionModel()->selectedIndexes())
        if (!rows.contains(index.row())) rows << index.row();
    std::sort(rows.begin(), rows.end());
    return rows;
}

void copyRows(const QTableView* view, const QList<int>& rows) {
    QApplication::clipboard()->setText(tabSeparatedText(csvTableOf(*view->model(), rows)));
}

void exportCsv(QTableView* view) {
    const QString path = QFileDialog::getSaveFileName(view, QStringLiteral("Export table as CSV"),
                                                      QString(), QStringLiteral("CSV (*.csv)"));
    if (path.isEmpty()) return;
    try {
        writeCsvTable(path.toStdString(), csvTableOf(*view->model()));
    } catch (const std::exception& e) {
        QMessageBox::warning(view, QStringLiteral("Export failed"), QString::fromUtf8(e.what()));
    }
}

// Ctrl+C on the view copies the selected rows: the item view's own copy (the current cell's text
// alone) would otherwise take the key.
class CopyKeyFilter : public QObject {
public:
    explicit CopyKeyFilter(QTableView* view) : QObject(view), m_view(view) {}
    bool eventFilter(QObject*, QEvent* event) override {
        if (event->type() != QEvent::KeyPress ||
            !static_cast<QKeyEvent*>(event)->matches(QKeySequence::Copy))
            return false;
        copyRows(m_view, selectedRowsOf(m_view));
        return true;
    }

private:
    QTableView* m_view;
};

}  // namespace

CsvTable csvTableOf(const QAbstractItemModel& model, const QList<int>& rows) {
    CsvTable table;
    for (int c = 0; c < model.columnCount(); ++c)
        table.header.push_back(model.headerData(c, Qt::Horizontal).toString().toStdString());
    QList<int> order = rows;
    if (order.isEmpty())
        for (int r = 0; r < model.rowCount(); ++r) order << r;
    for (const int r : order) {
        std::vector<std::string> cells;
        for (int c = 0; c < model.columnCount(); ++c)
            cells.push_back(model.index(r, c).data().toString().toStdString());
        table.rows.push_back(std::move(cells));
    }
    return table;
}

QString tabSeparatedText(const CsvTable& table) {
    // A tab or line break inside a cell would split it: a space takes its place.
    const auto line = [](const std::vector<std::string>& cells) {
        QStringList texts;
        for (const std::string& cell : cells)
            texts << QString::fromStdString(cell).replace(QRegularExpression("[\\t\\r\\n]"),
                                                          QStringLiteral(" "));
        return texts.join(QLatin1Char('\t')) + QLatin1Char('\n');
    };
    QString text = line(table.header);
    for (const auto& row : table.rows) text += line(row);
    return text;
}

void installTableExport(QTableView* view) {
    // Shift/Ctrl-click and Ctrl+A select several rows for Copy.
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    auto* copy = new QAction(QStringLiteral("Copy selected rows"), view);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    QObject::connect(copy, &QAction::triggered, view,
                     [view] { copyRows(view, selectedRowsOf(view)); });
    auto* copyAll = new QAction(QStringLiteral("Copy all"), view);
    copyAll->setObjectName("copyAllRows");
    QObject::connect(copyAll, &QAction::triggered, view, [view] {
        QList<int> all;
        for (int r = 0; r < view->model()->rowCount(); ++r) all << r;
        copyRows(view, all);
    });
    auto* save = new QAction(QStringLiteral("Export as CSV…"), view);
    QObject::connect(save, &QAction::triggered, view, [view] { exportCsv(view); });
    view->addAction(copy);
    view->addAction(copyAll);
    view->addAction(save);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    view->installEventFilter(new CopyKeyFilter(view));
}

}  // namespace tpugraphs::ui
