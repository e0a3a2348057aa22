// The collapsible log of routine notes.
#include "training/notes_log.h"

#include <QPlainTextEdit>
#include <QTextOption>
#include <QToolButton>
#include <QVBoxLayout>

namespace tpugraphs::ui {

namespace {
constexpr int kNotesMaxHeight = 120;
}

NotesLog::NotesLog(QWidget* parent)
    : QWidget(parent), m_toggle(new QToolButton), m_text(new QPlainTextEdit) {
    setObjectName("notesLog");
    m_toggle->setObjectName("notesToggle");
    m_toggle->setCheckable(true);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->setArrowType(Qt::RightArrow);
    m_toggle->setAutoRaise(true);
    m_text->setObjectName("notesText");
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_text->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);  // long paths too
    m_text->setMaximumHeight(kNotesMaxHeight);
    m_text->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_toggle, 0, Qt::AlignLeft);
    layout->addWidget(m_text);
    connect(m_toggle, &QToolButton::toggled, this, [this](bool open) {
        m_toggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_text->setVisible(open);
    });
    render();
}

void NotesLog::add(const QString& note) {
    m_notes.append(note);
    m_text->appendPlainText(note);
    render();
}

void NotesLog::clear() {
    m_notes.clear();
    m_text->clear();
    render();
}

void NotesLog::render() {
    m_toggle->setText(QString("Notes (%1)").arg(m_notes.size()));
    setVisible(!m_notes.isEmpty());
}

}  // namespace tpugraphs::ui
