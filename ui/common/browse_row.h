// A path field with a "..." button that fills it from a file or folder dialog.
#pragma once

#include <QString>
#include <QWidget>

class QLineEdit;

namespace tpugraphs::ui {

class BrowseRow : public QWidget {
    Q_OBJECT
public:
    enum class Pick { OpenFile, SaveFile, Folder };

    // Lays out `edit` (reparented into the row) and the button; `filter` is the dialog's name
    // filter for files, e.g. "CSV files (*.csv)".
    BrowseRow(QLineEdit* edit, Pick pick, const QString& caption, const QString& filter = {},
              QWidget* parent = nullptr);

private:
    void browse();

    QLineEdit* m_edit;
    Pick m_pick;
    QString m_caption, m_filter;
};

}  // namespace tpugraphs::ui
