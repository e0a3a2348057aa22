// Help > About: the dialog the main window opens names the version, the commit and the Qt,
// LibTorch, BLAS, CPU and CUDA facts, and "Copy" puts them on the clipboard.
#include <QAction>
#include <QClipboard>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QtTest>

#include "about_dialog.h"
#include "base/blas_report.h"
#include "base/build_info.h"
#include "main_window.h"

using namespace tpugraphs::ui;

class TestAboutDialog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void factsNameVersionCommitAndLibraries() {
        const auto facts = aboutFacts();
        QStringList labels;
        for (const auto& fact : facts) {
            labels << fact.first;
            QVERIFY2(!fact.second.isEmpty(), qPrintable(fact.first));
        }
        QCOMPARE(labels, QStringList({"Version", "Git commit", "Qt", "LibTorch", "BLAS", "CPU",
                                      "CUDA", "Compiler", "System"}));
        QCOMPARE(facts[0].second, QString(tpugraphs::projectVersion()));
        QCOMPARE(facts[1].second, QString(tpugraphs::gitCommit()));
        QVERIFY(facts[2].second.startsWith(qVersion()));
        // The BLAS row names the kernel, the CPU row the model (base/blas_report.h).
        const tpugraphs::BlasReport blas = tpugraphs::blasReport();
        QVERIFY2(facts[4].second.contains(QString::fromStdString("kernel " + blas.kernel)),
                 qPrintable(facts[4].second));
        QVERIFY2(facts[5].second.startsWith(QString::fromStdString(blas.cpuModel)),
                 qPrintable(facts[5].second));
    }

    void helpMenuOpensTheDialogAndCopyCopies() {
        MainWindow window;
        QAction* about = nullptr;
        for (QAction* menu : window.menuBar()->actions())
            if (menu->text() == "&Help")
                for (QAction* action : menu->menu()->actions())
                    if (action->text().startsWith("&About TpuGraphs")) about = action;
        QVERIFY(about);
        about->trigger();
        auto* dialog = window.findChild<AboutDialog*>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QStringList shown;
        for (QLabel* label : dialog->findChildren<QLabel*>()) shown << label->text();
        const QString text = shown.join('\n');
        QVERIFY2(text.contains(tpugraphs::gitCommit()), qPrintable(text));
        QVERIFY(text.contains(tpugraphs::projectVersion()));

        auto* copy = dialog->findChild<QPushButton*>("aboutCopy");
        QVERIFY(copy);
        QGuiApplication::clipboard()->clear();
        copy->click();
        const QString copied = QGuiApplication::clipboard()->text();
        QCOMPARE(copied, aboutFactsText());
        QVERIFY(copied.contains(QString("Git commit: %1\n").arg(tpugraphs::gitCommit())));
        QVERIFY(copied.contains("LibTorch: "));
    }
};

QTEST_MAIN(TestAboutDialog)
#include "tst_about_dialog.moc"
