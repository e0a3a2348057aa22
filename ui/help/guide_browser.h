// The user guide's Markdown view: a QTextBrowser whose headings can be linked to as GitHub
// renders them ("[Train a model](#train-a-model)": Qt's Markdown reader makes no anchors of
// headings) and whose pictures are shrunk to the window's width (never cut at its right edge).
#pragma once

#include <QTextBrowser>

namespace tpugraphs::ui {

// A heading's anchor as GitHub makes it: lower case, spaces to '-', other punctuation dropped.
QString headingAnchor(const QString& heading);

class GuideBrowser : public QTextBrowser {
    Q_OBJECT
public:
    explicit GuideBrowser(QWidget* parent = nullptr);

protected:
    QVariant loadResource(int type, const QUrl& name) override;

private:
    void follow(const QUrl& link);  // a heading of this or another guide document, or the web
    void anchorHeadings();          // each heading block of the document carries its anchor name
};

}  // namespace tpugraphs::ui
