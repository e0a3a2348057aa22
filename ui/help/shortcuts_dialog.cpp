// The keyboard shortcuts dialog.
#include "help/shortcuts_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tpugraphs::ui {

namespace {

struct Gesture {
    const char* keys;
    const char* what;
};

// What the views do with keys and the mouse (not menu commands).
const Gesture kGestures[] = {
    {"Graph view: F or Home", "Fit the graph to the window"},
    {"Graph view: + / -, wheel", "Zoom in / out (the wheel zooms around the pointer)"},
    {"Graph view: arrow keys, drag", "Pan"},
    {"Graph view: L", "Show or hide the legend"},
    {"Graph view: Esc", "Clear the selection"},
    {"Graph view: Ctrl+F, F3, Shift+F3", "Find a node; next; previous"},
    {"Charts: wheel", "Zoom around the pointer"},
    {"Charts: drag", "Pan"},
    {"Charts: double-click or Home", "Back to the whole data"},
    {"Charts: rest the pointer on a point", "Its values in a tool tip, the point highlighted"},
    {"Runtime charts: click a point", "Show that config in the inspector"},
    {"Forms: wheel over a field", "Scrolls the form; click the field first to change it"},
};

}  // namespace

ShortcutsDialog::ShortcutsDialog(const QList<QAction*>& actions, QWidget* parent)
    : QDialog(parent), m_table(new QTableWidget(0, 2)) {
    setWindowTitle("Keyboard Shortcuts");
    m_table->setObjectName("shortcutsTable");
    m_table->setHorizontalHeaderLabels({"Keys", "What"});
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    for (const QAction* action : actions)
        if (!action->shortcut().isEmpty())
            addRow(action->shortcut().toString(QKeySequence::NativeText),
                   action->text().remove('&').remove(QChar(0x2026)));
    for (const Gesture& g : kGestures) addRow(g.keys, g.what);
    m_table->resizeColumnToContents(0);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    resize(620, 520);
}

void ShortcutsDialog::addRow(const QString& keys, const QString& what) {
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, 0, new QTableWidgetItem(keys));
    m_table->setItem(row, 1, new QTableWidgetItem(what));
}

}  // namespace tpugraphs::ui
