// One group of the training form ("Data", "Model", "Length", ...): a header that collapses it
// (the choice remembered in QSettings) and two lists of fields, the ones a run usually changes
// and the rest, shown when the form's "More options" is on.
#pragma once

#include <QWidget>

#include "train/option_table.h"

class QFormLayout;
class QToolButton;

namespace tpugraphs::ui {

class FormSection : public QWidget {
    Q_OBJECT
public:
    explicit FormSection(OptionGroup group, QWidget* parent = nullptr);

    OptionGroup group() const { return m_group; }
    QFormLayout* basicRows() const { return m_basic; }
    QFormLayout* moreRows() const { return m_more; }
    void setMoreShown(bool shown);
    // No field to show (its fields are all under "More options", which is off): the form hides it.
    bool isEmpty() const;
    bool isCollapsed() const { return m_collapsed; }
    void setCollapsed(bool collapsed);

private:
    void showContents();

    OptionGroup m_group;
    QToolButton* m_header;
    QWidget* m_basicBox;
    QWidget* m_moreBox;
    QFormLayout* m_basic;
    QFormLayout* m_more;
    bool m_moreShown = false;
    bool m_collapsed = false;
};

}  // namespace tpugraphs::ui
