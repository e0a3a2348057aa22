// The user guide window.
#include "help/user_guide.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace tpugraphs::ui {

QStringList userGuideCandidates() {
    const QString bin = QCoreApplication::applicationDirPath();
    return {QDir::cleanPath(bin + "/../share/tpugraphs-studio/docs/GUI.md"),
            QDir::cleanPath(QStringLiteral(TPUGRAPHS_SOURCE_DOCS) + "/GUI.md")};
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
        m_browser->setPlainText("The user guide (GUI.md) was not found. Looked in:\n" +
                                userGuideCandidates().join("\n"));
    else
        m_browser->setSource(QUrl::fromLocalFile(path), QTextDocument::MarkdownResource);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_browser);
    resize(900, 800);
}

}  // namespace tpugraphs::ui
