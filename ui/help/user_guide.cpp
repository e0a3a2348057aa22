// The user guide window.
#include "help/user_guide.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QScreen>
#include <QShortcut>
#include <QShowEvent>
#include <QTextBrowser>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace tpugraphs::ui {

namespace {
const char* const kGuideFile = "USER_GUIDE.md";  // for users; GUI.md is for developers
}  // namespace

QStringList userGuideCandidates() {
    const QString bin = QCoreApplication::applicationDirPath();
    return {QDir::cleanPath(bin + "/../share/tpugraphs-studio/docs/" + kGuideFile),
            QDir::cleanPath(QStringLiteral(TPUGRAPHS_SOURCE_DOCS) + "/" + kGuideFile)};
}

QString findUserGuide() {
    for (const QString& path : userGuideCandidates())
        if (QFileInfo::exists(path)) return path;
    return {};
}

UserGuideWindow::UserGuideWindow(const QString& path, QWidget* parent)
    : QWidget(parent, Qt::Window), m_browser(new QTextBrowser) {
    setWindowTitle("TpuGraphs Studio User Guide");
    m_browser->setObjectName("userGuide");
    m_browser->setOpenExternalLinks(true);  // web links go to the browser; documents stay here
    if (path.isEmpty())
        m_browser->setPlainText(
            QString("The user guide (%1) was not found. Looked in:\n").arg(kGuideFile) +
            userGuideCandidates().join("\n"));
    else  // Markdown (pictures beside it resolved), never read as HTML
        m_browser->setSource(QUrl::fromLocalFile(path), QTextDocument::MarkdownResource);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_browser);
    // Escape closes it, as it closes a dialog.
    connect(new QShortcut(QKeySequence(Qt::Key_Escape), this), &QShortcut::activated, this,
            &QWidget::close);
    fitToScreen(parent ? parent->screen() : QGuiApplication::primaryScreen());
}

// 900 x 800 where the screen's free area has room, else that area less a title bar and borders
// (the window manager's frame is not known before the window is shown), placed inside it.
void UserGuideWindow::fitToScreen(const QScreen* screen) {
    const QRect free = screen->availableGeometry();
    const QMargins frame(4, 32, 4, 4);
    resize(QSize(900, 800).boundedTo(free.size().shrunkBy(frame)));
    move(free.topLeft() +
         QPoint(frame.left() + (free.width() - frame.left() - frame.right() - width()) / 2,
                frame.top()));
}

void UserGuideWindow::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    QTimer::singleShot(0, this, [this] { keepInside(screen()->availableGeometry()); });
}

void UserGuideWindow::keepInside(const QRect& free) {
    const QRect outer = frameGeometry();
    const QSize frame = outer.size() - size();
    resize(std::min(width(), free.width() - frame.width()),
           std::min(height(), free.height() - frame.height()));
    const QRect now = frameGeometry();
    const QPoint to(
        std::clamp(now.left(), free.left(), std::max(free.left(), free.right() + 1 - now.width())),
        std::clamp(now.top(), free.top(), std::max(free.top(), free.bottom() + 1 - now.height())));
    if (to != now.topLeft()) move(to);  // a window's position is its frame's
}

}  // namespace tpugraphs::ui
