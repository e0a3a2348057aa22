// Training > Train a Full Submission...: the dialog, driven by clicks on a small tile dataset,
// trains its runs as CLI processes, fills the collection's row (trained, runs done, steps, the
// ensemble's valid metric), writes the submission and hands the runs over; started again on the
// same folder it resumes the recorded plan instead of probing again.
#include <QtTest>

#include <QPlainTextEdit>
#include <QPushButton>

#include "training/submission_pipeline_dialog.h"
#include "trainui_test_support.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

class TestSubmissionPipelineDialog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (QString(TPUGRAPHS_CLI).isEmpty()) QSKIP("the tpugraphs CLI is not built");
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
        m_root = QString::fromStdString(test::makeTileDemo(m_dir, 4));
    }

    void trainsAndHandsTheRunsOver() {
        SubmissionPipelineDialog dialog(m_root);
        dialog.setProgram(TPUGRAPHS_CLI);
        const QString out = m_dir.path() + "/pipeline";
        dialog.setOutputFolder(out);
        dialog.setBudgetMinutes(0.5);
        dialog.setSeeds(2);
        dialog.setWorkers(2);
        dialog.show();
        QSignalSpy finished(&dialog, &SubmissionPipelineDialog::pipelineFinished);
        auto* start = dialog.findChild<QPushButton*>("start");
        QTest::mouseClick(start, Qt::LeftButton);
        QVERIFY(dialog.isRunning() && !start->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isRunning() && start->isEnabled(), 300000);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished[0][0].toString(), out);
        const auto runs = finished[0][1].value<QMap<int, QStringList>>();
        QCOMPARE(runs.value(collectionIndex(Collection::TileXla)).size(), 2);
        QVERIFY(QFile::exists(out + "/submission.csv"));

        // The rows are read from the files on a pool thread: the last read follows the end.
        QTRY_COMPARE(dialog.rowText(Collection::TileXla)[1], QStringLiteral("trained"));
        const QStringList row = dialog.rowText(Collection::TileXla);
        QCOMPARE(row[2], QStringLiteral("2 / 2"));
        QVERIFY2(row[3].endsWith("(100 %)"), qPrintable(row.join(" | ")));
        bool isNumber = false;
        row[4].toDouble(&isNumber);
        QVERIFY2(isNumber, qPrintable(row.join(" | ")));
        QCOMPARE(dialog.rowText(Collection::LayoutXlaDefault)[1], QStringLiteral("-"));

        QTest::mouseClick(start, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isRunning() && start->isEnabled(), 120000);
        const QString log = dialog.findChild<QPlainTextEdit*>("messages")->toPlainText();
        QVERIFY2(log.contains("resuming the plan") && !log.contains("probing"), qPrintable(log));
        QCOMPARE(finished.count(), 2);
    }

private:
    QTemporaryDir m_dir;
    QString m_root;
};

QTEST_MAIN(TestSubmissionPipelineDialog)
#include "tst_submission_pipeline_dialog.moc"
