// Status-bar widget for background work with a cancel button.
#include "common/task_progress.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace tpugraphs::ui {

TaskProgress::TaskProgress(QWidget* parent)
    : QWidget(parent),
      m_label(new QLabel(this)),
      m_bar(new QProgressBar(this)),
      m_cancel(new QToolButton(this)) {
    setObjectName("taskProgress");
    m_bar->setMaximumWidth(220);
    m_bar->setMaximumHeight(16);
    m_cancel->setText(QStringLiteral("Cancel"));
    m_cancel->setToolTip(QStringLiteral("Stop the background work (already loaded results stay)"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, this, &TaskProgress::cancelRequested);
    hide();
}

void TaskProgress::showTask(const QString& task, int done, int total) {
    m_label->setText(task);
    m_bar->setRange(0, total > 0 ? total : 0);
    if (total > 0) m_bar->setValue(done);
    m_bar->setFormat(total > 0 ? QStringLiteral("%v / %m") : QString());
    show();
}

void TaskProgress::finish() {
    hide();
}

QString TaskProgress::task() const {
    return isVisibleTo(parentWidget()) ? m_label->text() : QString();
}

}  // namespace tpugraphs::ui
