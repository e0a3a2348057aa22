// A status line for long jobs: one readable line (errors in red) and, when an error carries more
// (a LibTorch backtrace, a list of problems), a "Details" button that shows all of it.
#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QToolButton;

namespace tpugraphs::ui {

class StatusLine : public QWidget {
    Q_OBJECT
public:
    explicit StatusLine(QWidget* parent = nullptr);

    // Shows the first line of `text`; the whole text goes behind "Details" when it has more.
    void showMessage(const QString& text, bool error);
    QString text() const;     // the line shown
    QString details() const;  // the full text ("" when there is nothing more)

private:
    QLabel* m_line;
    QToolButton* m_toggle;
    QPlainTextEdit* m_details;
};

}  // namespace tpugraphs::ui
