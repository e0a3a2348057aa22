// GraphSearchBar: runs GraphViewWidget::findNodes and steps through the matches.
#include "graphview/graph_search_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

#include "graphview/graph_view_widget.h"

namespace tpugraphs::ui {

GraphSearchBar::GraphSearchBar(GraphViewWidget* view, QWidget* parent)
    : QWidget(parent),
      m_view(view),
      m_input(new QLineEdit(this)),
      m_previous(new QToolButton(this)),
      m_next(new QToolButton(this)),
      m_status(new QLabel(this)) {
    m_input->setPlaceholderText(QStringLiteral("Find node id or opcode (e.g. 1234, dot)"));
    m_input->setClearButtonEnabled(true);
    m_input->setMinimumWidth(100);
    m_previous->setText(QStringLiteral("▲"));
    m_previous->setToolTip(QStringLiteral("Previous match (Shift+Enter)"));
    m_next->setText(QStringLiteral("▼"));
    m_next->setToolTip(QStringLiteral("Next match (Enter)"));
    m_status->setMinimumWidth(0);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_input);
    layout->addWidget(m_previous);
    layout->addWidget(m_next);
    layout->addWidget(m_status);

    connect(m_input, &QLineEdit::returnPressed, this, [this] {
        if (m_matches.isEmpty())
            search(m_input->text());
        else
            next();
    });
    connect(m_input, &QLineEdit::textChanged, this, [this] {
        m_matches.clear();
        m_current = -1;
        m_status->clear();
        m_view->setSearchMatches({}, -1);
    });
    connect(m_next, &QToolButton::clicked, this, &GraphSearchBar::next);
    connect(m_previous, &QToolButton::clicked, this, &GraphSearchBar::previous);
    connect(m_view, &GraphViewWidget::drawingFinished, this, &GraphSearchBar::refresh);
}

void GraphSearchBar::search(const QString& text) {
    if (m_input->text() != text) m_input->setText(text);
    m_matches = m_view->findNodes(text);
    m_current = -1;
    if (m_matches.isEmpty()) {
        m_status->setText(text.trimmed().isEmpty() ? QString() : QStringLiteral("no match"));
        m_view->setSearchMatches({}, -1);
        return;
    }
    show(0);
}

void GraphSearchBar::refresh() {
    if (m_matches.isEmpty()) return;
    const int currentNode = m_matches[m_current];
    m_matches = m_view->findNodes(m_input->text());
    m_current = std::max(0, static_cast<int>(m_matches.indexOf(currentNode)));
    if (m_matches.isEmpty()) {
        m_status->setText(QStringLiteral("no match"));
        m_view->setSearchMatches({}, -1);
        return;
    }
    m_status->setText(QStringLiteral("%1 of %2").arg(m_current + 1).arg(m_matches.size()));
    m_view->setSearchMatches(m_matches, m_matches[m_current]);
}

void GraphSearchBar::clear() {
    m_input->clear();
    m_matches.clear();
    m_current = -1;
    m_status->clear();
}

QString GraphSearchBar::statusText() const {
    return m_status->text();
}

void GraphSearchBar::next() {
    if (m_matches.isEmpty()) return search(m_input->text());
    show((m_current + 1) % m_matches.size());
}

void GraphSearchBar::previous() {
    if (m_matches.isEmpty()) return search(m_input->text());
    show((m_current - 1 + m_matches.size()) % m_matches.size());
}

void GraphSearchBar::focusInput() {
    m_input->setFocus(Qt::ShortcutFocusReason);
    m_input->selectAll();
}

void GraphSearchBar::show(int index) {
    m_current = index;
    const int node = m_matches[index];
    m_status->setText(QStringLiteral("%1 of %2").arg(index + 1).arg(m_matches.size()));
    m_view->setSearchMatches(m_matches, node);
    m_view->centreOnNode(node);
    m_view->selectNode(node);
}

}  // namespace tpugraphs::ui
