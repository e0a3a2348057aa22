// Help > Keyboard Shortcuts: every menu command that has a shortcut (read from the menus, so the
// list cannot drift from them) and the keys and mouse gestures of the graph view and the charts.
#pragma once

#include <QDialog>
#include <QList>

class QAction;
class QTableWidget;

namespace tpugraphs::ui {

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    // `actions`: the menu commands (those without a shortcut are left out).
    explicit ShortcutsDialog(const QList<QAction*>& actions, QWidget* parent = nullptr);
    QTableWidget* table() const { return m_table; }

private:
    void addRow(const QString& keys, const QString& what);

    QTableWidget* m_table;
};

}  // namespace tpugraphs::ui
