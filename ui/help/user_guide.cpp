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

#include "help/guide_browser.h"

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
    : QWidget(parent, Qt::Window), m_browser(new GuideBrowser) {
    setWindowTitle("TpuGraphs Studio User Guide");
    m_browser->setObjectName("userGuide");
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_browser);
    // Escape closes it, as it closes a dialog.
    connect(new QShortcut(QKeySequence(Qt::Key_Escape), this), &QShortcut::activated, this,
            &QWidget::close);
    fitToScreen(parent ? parent->screen() : QGuiApplication::primaryScreen());
    // Loaded at the window's size: pictures wider than it are shrunk to it.
    if (path.isEmpty())
        m_browser->setPlainText(
            QString("The user guide (%1) was not found. Looked in:\n").arg(kGuideFile) +
            userGuideCandidates().join("\n"));
    else  // Markdown (pictures beside it resolved), never read as HTML
        m_browser->setSource(QUrl::fromLocalFile(path), QTextDocument::MarkdownResource);
}

// 900 x 800 where the screen's free area has room, else that area less a title bar and borders
// (the window manager's frame is not known before the window is shown), placed inside it.
void UserGuideWindow::fitToScreen(const QScreen* screen) {
    const QRect free = screen->availableGeometry();
    const QMargins frame(8, 64, 8, 16);  // room for a title bar, borders and a panel
    resize(QSize(900, 800).boundedTo(free.size().shrunkBy(frame)));
    // A window's position is its frame's: at the top of the free area, centred across it.
    move(free.topLeft() + QPoint((free.width() - width()) / 2, 0));
}

void UserGuideWindow::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    QTimer::singleShot(0, this, [this] { keepInside(screen()->availableGeometry()); });
}

// The window manager frames and places the window after it is shown (openbox: a frame and a
// place 40 px lower than asked, past a 768 px screen's bottom): each move it makes is checked.
void UserGuideWindow::moveEvent(QMoveEvent* event) {
    QWidget::moveEvent(event);
    if (isVisible())
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
