// The training page's collapsible log of routine notes (the prepared-graph cache's use, what was
// loaded): a "Notes (N)" toggle that shows them, wrapped, so that they neither hide in a banner
// meant for warnings nor widen the page.
#pragma once

#include <QStringList>
#include <QWidget>

class QPlainTextEdit;
class QToolButton;

namespace tpugraphs::ui {

class NotesLog : public QWidget {
    Q_OBJECT
public:
    explicit NotesLog(QWidget* parent = nullptr);

    void add(const QString& note);
    void clear();
    QStringList notes() const { return m_notes; }

private:
    void render();

    QToolButton* m_toggle;
    QPlainTextEdit* m_text;
    QStringList m_notes;
};

}  // namespace tpugraphs::ui
