// Help > User Guide: docs/USER_GUIDE.md (written for users: tasks, with screenshots), read from
// the installed copy (share/tpugraphs-studio/docs, beside the documents it links to) or the
// source tree the app was built from, rendered as Markdown in a window of the app (its pictures
// shown, links to the other documents followed), sized to fit the screen's free area; Escape
// closes it.
#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>

class QScreen;
class QTextBrowser;

namespace tpugraphs::ui {

// Where the guide may be, in the order they are tried: next to the installed program
// (<prefix>/share/tpugraphs-studio/docs/), then the source tree's docs/.
QStringList userGuideCandidates();
// The first candidate that exists; empty when none does.
QString findUserGuide();

class UserGuideWindow : public QWidget {
    Q_OBJECT
public:
    // Shows `path` (a Markdown file), or says where it was looked for when it is empty.
    explicit UserGuideWindow(const QString& path, QWidget* parent = nullptr);
    QTextBrowser* browser() const { return m_browser; }

protected:
    void showEvent(QShowEvent* event) override;
    void moveEvent(QMoveEvent* event) override;

private:
    void fitToScreen(const QScreen* screen);
    // Once shown, with the window manager's frame and placement known: the whole frame inside
    // the screen's free area (smaller and moved where it is not).
    void keepInside(const QRect& free);

    QTextBrowser* m_browser;
};

}  // namespace tpugraphs::ui
