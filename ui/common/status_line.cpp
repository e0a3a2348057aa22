// Status line with a details expander.
#include "common/status_line.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QToolButton>
#include <QVBoxLayout>

#include "base/error_text.h"

namespace tpugraphs::ui {

StatusLine::StatusLine(QWidget* parent)
    : QWidget(parent),
      m_line(new QLabel),
      m_toggle(new QToolButton),
      m_details(new QPlainTextEdit) {
    m_line->setObjectName("statusLabel");
    m_line->setWordWrap(true);
    m_line->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_toggle->setObjectName("statusDetailsButton");
    m_toggle->setText("Details");
    m_toggle->setCheckable(true);
    m_toggle->hide();
    m_details->setObjectName("statusDetails");
    m_details->setReadOnly(true);
    m_details->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_details->setMaximumHeight(160);
    m_details->hide();
    auto* top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_line, 1);
    top->addWidget(m_toggle, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_details);
    connect(m_toggle, &QToolButton::toggled, m_details, &QWidget::setVisible);
}

void StatusLine::showMessage(const QString& text, bool error) {
    const std::string what = text.toStdString();
    m_line->setStyleSheet(error ? "color: #b00020;" : "");
    m_line->setText(QString::fromStdString(errorHeadline(what)));
    const bool more = errorHasDetails(what);
    m_details->setPlainText(more ? text : QString());
    m_toggle->setVisible(more);
    if (!more) m_toggle->setChecked(false);
}

QString StatusLine::text() const {
    return m_line->text();
}

QString StatusLine::details() const {
    return m_details->toPlainText();
}

}  // namespace tpugraphs::ui
