// The training page's advice banner: what makes the current run pointless or weaker, said
// plainly and kept in view: core's notes (graphs skipped, no validation) and the page's own
// findings (a flat loss). When the run has nothing to validate on, it offers to validate the
// next run on held-out configs.
#pragma once

#include <QFrame>
#include <QStringList>

class QLabel;
class QPushButton;

namespace tpugraphs::ui {

class RunAdvice : public QFrame {
    Q_OBJECT
public:
    explicit RunAdvice(QWidget* parent = nullptr);

    void clear();
    // A note of core (a progress report whose note is not TrainNote::None).
    void addNote(const QString& note);
    // A finding of the page, shown once (a repeated text is ignored).
    void addWarning(const QString& warning);
    QStringList lines() const { return m_lines; }
    bool offersHoldout() const;

Q_SIGNALS:
    void holdoutRequested();  // "Validate on held-out configs" was clicked

private:
    void render();

    QLabel* m_text;
    QPushButton* m_holdout;
    QStringList m_lines;
};

}  // namespace tpugraphs::ui
