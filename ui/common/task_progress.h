// Status-bar widget for background work: what is running, a progress bar and a cancel button.
#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace tpugraphs::ui {

class TaskProgress : public QWidget {
    Q_OBJECT
public:
    explicit TaskProgress(QWidget* parent = nullptr);
    void showTask(const QString& task, int done, int total);  // total 0: busy indicator
    void finish();
    QString task() const;

Q_SIGNALS:
    void cancelRequested();

private:
    QLabel* m_label;
    QProgressBar* m_bar;
    QToolButton* m_cancel;
};

}  // namespace tpugraphs::ui
