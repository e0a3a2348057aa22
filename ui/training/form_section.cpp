// One collapsible group of the training form.
#include "training/form_section.h"

#include <QFormLayout>
#include <QSettings>
#include <QToolButton>
#include <QVBoxLayout>

namespace tpugraphs::ui {

namespace {

QString collapsedKey(OptionGroup group) {
    return QString("trainingForm/collapsed/") + optionGroupTitle(group);
}

QFormLayout* rowsIn(QWidget* box) {
    auto* rows = new QFormLayout(box);
    rows->setContentsMargins(0, 0, 0, 0);
    rows->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    return rows;
}

}  // namespace

FormSection::FormSection(OptionGroup group, QWidget* parent)
    : QWidget(parent),
      m_group(group),
      m_header(new QToolButton),
      m_basicBox(new QWidget),
      m_moreBox(new QWidget),
      m_basic(rowsIn(m_basicBox)),
      m_more(rowsIn(m_moreBox)) {
    m_header->setObjectName(QString("section") + optionGroupTitle(group));
    m_header->setText(optionGroupTitle(group));
    m_header->setToolTip("Click to fold or unfold this group of options");
    m_header->setAutoRaise(true);
    m_header->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    QFont bold = m_header->font();
    bold.setBold(true);
    m_header->setFont(bold);
    m_collapsed = QSettings().value(collapsedKey(group), false).toBool();
    connect(m_header, &QToolButton::clicked, this, [this] { setCollapsed(!m_collapsed); });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_header);
    layout->addWidget(m_basicBox);
    layout->addWidget(m_moreBox);
    showContents();
}

void FormSection::setMoreShown(bool shown) {
    m_moreShown = shown;
    showContents();
}

void FormSection::setCollapsed(bool collapsed) {
    m_collapsed = collapsed;
    QSettings().setValue(collapsedKey(m_group), collapsed);
    showContents();
}

void FormSection::showContents() {
    m_header->setArrowType(m_collapsed ? Qt::RightArrow : Qt::DownArrow);
    m_basicBox->setVisible(!m_collapsed);
    m_moreBox->setVisible(!m_collapsed && m_moreShown);
}

bool FormSection::isEmpty() const {
    return m_basic->rowCount() == 0 && !(m_moreShown && m_more->rowCount() > 0);
}

}  // namespace tpugraphs::ui
