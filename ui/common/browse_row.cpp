// BrowseRow: line edit + "..." button opening a QFileDialog.
#include "common/browse_row.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>

namespace tpugraphs::ui {

BrowseRow::BrowseRow(QLineEdit* edit, Pick pick, const QString& caption, const QString& filter,
                     QWidget* parent)
    : QWidget(parent), m_edit(edit), m_pick(pick), m_caption(caption), m_filter(filter) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    auto* button = new QPushButton(QStringLiteral("..."), this);
    button->setMaximumWidth(32);
    layout->addWidget(button);
    connect(button, &QPushButton::clicked, this, &BrowseRow::browse);
}

void BrowseRow::browse() {
    const QString current = m_edit->text();
    QString path;
    switch (m_pick) {
        case Pick::OpenFile:
            path = QFileDialog::getOpenFileName(this, m_caption, current, m_filter);
            break;
        case Pick::SaveFile:
            path = QFileDialog::getSaveFileName(this, m_caption, current, m_filter);
            break;
        case Pick::Folder:
            path = QFileDialog::getExistingDirectory(this, m_caption, current);
            break;
    }
    if (!path.isEmpty()) m_edit->setText(path);
}

}  // namespace tpugraphs::ui
