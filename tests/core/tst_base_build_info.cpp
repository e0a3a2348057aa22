// The build's version and commit: the project's VERSION, the checkout's HEAD, and the line that
// `--version` prints.
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include "base/build_info.h"

class TestBuildInfo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void versionIsTheProjectVersion() {
        QCOMPARE(QString(tpugraphs::projectVersion()), QString(TPUGRAPHS_PROJECT_VERSION));
    }

    void commitIsTheCheckoutsHead() {
        const QString commit = tpugraphs::gitCommit();
        QVERIFY2(QRegularExpression("^([0-9a-f]{12}(-dirty)?|unknown)$").match(commit).hasMatch(),
                 qPrintable(commit));
        QProcess git;
        git.start("git", {"-C", TPUGRAPHS_SOURCE_DIR, "rev-parse", "--short=12", "HEAD"});
        if (!git.waitForFinished(10000) || git.exitCode() != 0)
            QSKIP("the source tree is not a git checkout (or git is missing)");
        const QString head = QString::fromUtf8(git.readAllStandardOutput()).trimmed();
        // Every build refreshes the commit, so a test built from this checkout names its HEAD
        // (a commit made since the last build fails this until the next build).
        QVERIFY2(commit.startsWith(head), qPrintable(commit + " is not HEAD " + head));
    }

    void versionLineNamesProgramVersionAndCommit() {
        const std::string line = tpugraphs::versionLine("tpugraphs");
        QCOMPARE(QString::fromStdString(line),
                 QString("tpugraphs %1 (git %2)")
                     .arg(tpugraphs::projectVersion(), tpugraphs::gitCommit()));
    }
};

QTEST_GUILESS_MAIN(TestBuildInfo)
#include "tst_base_build_info.moc"
