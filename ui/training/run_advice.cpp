// The advice banner of the training page.
#include "training/run_advice.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include "train/training_data.h"

namespace tpugraphs::ui {

RunAdvice::RunAdvice(QWidget* parent)
    : QFrame(parent),
      m_text(new QLabel),
      m_holdout(new QPushButton("Validate on held-out configs")) {
    setObjectName("runAdvice");
    setFrameShape(QFrame::StyledPanel);
    setStyleSheet("#runAdvice { background: #fff4ce; border: 1px solid #e0b000; }");
    m_text->setObjectName("runAdviceText");
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_holdout->setObjectName("holdoutButton");
    m_holdout->setToolTip(
        "Sets Held-out configs to 10 %: the next run validates on configs of its train graphs "
        "that it never trains on");
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_holdout, 0, Qt::AlignVCenter);
    connect(m_holdout, &QPushButton::clicked, this, &RunAdvice::holdoutRequested);
    clear();
}

void RunAdvice::clear() {
    m_lines.clear();
    m_holdout->hide();
    render();
}

void RunAdvice::addNote(const QString& note) {
    if (note.startsWith(QString::fromUtf8(kNoValidationNote))) m_holdout->show();
    addWarning(note);
}

void RunAdvice::addWarning(const QString& warning) {
    if (m_lines.contains(warning)) return;
    m_lines.append(warning);
    render();
}

bool RunAdvice::offersHoldout() const {
    return !m_holdout->isHidden();
}

void RunAdvice::render() {
    QStringList html;
    // A zero-width space after each slash: a long path wraps instead of widening the page.
    for (const QString& line : m_lines)
        html << line.toHtmlEscaped().replace("/", QString("/") + QChar(0x200B));
    m_text->setText(html.join("<br>"));
    setVisible(!m_lines.isEmpty());
}

}  // namespace tpugraphs::ui
