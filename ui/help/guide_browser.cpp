// The user guide's Markdown view: heading anchors and pictures that fit the window.
#include "help/guide_browser.h"

#include <QDesktopServices>
#include <QImage>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

namespace tpugraphs::ui {

QString headingAnchor(const QString& heading) {
    QString anchor = heading.trimmed().toLower();
    anchor.remove(QRegularExpression(QStringLiteral("[^\\w\\- ]")));
    anchor.replace(QLatin1Char(' '), QLatin1Char('-'));
    return anchor;
}

GuideBrowser::GuideBrowser(QWidget* parent) : QTextBrowser(parent) {
    connect(this, &QTextBrowser::sourceChanged, this, &GuideBrowser::anchorHeadings);
    // Links are followed here: QTextBrowser reloads a document for a link into itself, before
    // its headings have their anchors again.
    setOpenLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, &GuideBrowser::follow);
}

void GuideBrowser::follow(const QUrl& link) {
    const QUrl url = source().resolved(link);
    if (!url.isLocalFile()) {
        QDesktopServices::openUrl(url);  // web links go to the browser
        return;
    }
    const QUrl document = url.adjusted(QUrl::RemoveFragment);
    if (document != source().adjusted(QUrl::RemoveFragment))
        setSource(document, url.path().endsWith(QLatin1String(".md"))
                                ? QTextDocument::MarkdownResource
                                : QTextDocument::UnknownResource);
    if (url.hasFragment()) scrollToAnchor(url.fragment());
}

QVariant GuideBrowser::loadResource(int type, const QUrl& name) {
    QVariant resource = QTextBrowser::loadResource(type, name);
    if (type != QTextDocument::ImageResource) return resource;
    QImage image = resource.value<QImage>();
    if (image.isNull()) image.loadFromData(resource.toByteArray());
    // The room of a line of text: the window (which the view fills; its size is set before the
    // guide loads) less the frame, the document's margins and a scroll bar.
    constexpr int kSlack = 12;  // the layout's own rounding and indents: no sideways scroll bar
    const int room = window()->width() - 2 * frameWidth() - 2 * int(document()->documentMargin()) -
                     verticalScrollBar()->sizeHint().width() - kSlack;
    if (image.isNull() || room <= 0 || image.width() <= room) return resource;
    return image.scaledToWidth(room, Qt::SmoothTransformation);
}

void GuideBrowser::anchorHeadings() {
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        if (block.blockFormat().headingLevel() == 0) continue;
        QTextCursor cursor(block);
        cursor.setPosition(block.position());
        cursor.setPosition(block.position() + block.length() - 1, QTextCursor::KeepAnchor);
        QTextCharFormat anchor;
        anchor.setAnchor(true);
        anchor.setAnchorNames({headingAnchor(block.text())});
        cursor.mergeCharFormat(anchor);
    }
}

}  // namespace tpugraphs::ui
