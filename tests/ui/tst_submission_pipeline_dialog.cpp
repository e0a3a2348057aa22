// Training > Train a Full Submission...: the dialog, driven by clicks on a small tile dataset,
// refuses a budget too small before training, naming the smallest that can and offering
// "Start with X min"; with that one (a click) it
// trains its runs as CLI processes, fills the collection's row (scored, time against the plan,
// runs done, steps, the ensemble's and each run's valid score) and its clock, writes the
// submission and hands over: the Export dialog opens on the pipeline's dataset with its runs
// ticked (named, scored, no "never validated" warning), its template, a new output file (not
// the pipeline's own) and a partial file allowed, and its Export writes that file. Started again
// on the same folder it resumes the recorded plan instead of probing again.
#include <QtTest>

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>

#include "export_dialogs/export_submission_dialog.h"
#include "item_models/run_list_model.h"
#include "train/submission_pipeline.h"
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
        qputenv("TPUGRAPHS_CACHE_DIR", (m_dir.path() + "/cache").toUtf8());  // the probes kept
        m_root = QString::fromStdString(test::makeTileDemo(m_dir, 4));
    }

    void trainsAndHandsTheRunsOver() {
        SubmissionPipelineDialog dialog(m_root);
        dialog.setProgram(TPUGRAPHS_CLI);
        const QString out = m_dir.path() + "/pipeline";
        dialog.setOutputFolder(out);
        dialog.setBudgetMinutes(0.1);
        dialog.setSeeds(2);
        dialog.setWorkers(2);
        dialog.show();
        QSignalSpy finished(&dialog, &SubmissionPipelineDialog::pipelineFinished);
        auto* start = dialog.findChild<QPushButton*>("start");
        // A budget too small is refused before any run trains, naming the smallest that can
        // (on this machine, however busy it is now).
        QTest::mouseClick(start, Qt::LeftButton);
        QVERIFY(dialog.isRunning() && !start->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isRunning() && start->isEnabled(), 300000);
        const QString refusal = dialog.findChild<QLabel*>("status")->text();
        const QRegularExpressionMatch smallest =
            QRegularExpression(R"(the smallest budget that can is (\d+(\.\d+)?) min)")
                .match(refusal);
        QVERIFY2(smallest.hasMatch(), qPrintable(refusal));
        QVERIFY2(dialog.clockText().startsWith("refused: "), qPrintable(dialog.clockText()));
        QVERIFY(!QDir(out + "/training").exists());
        const double budget = smallest.captured(1).toDouble();
        // The fix is one click away: "Start with X min", the probes kept (none measured again).
        auto* startWithSmallest = dialog.findChild<QPushButton*>("startWithSmallest");
        QVERIFY(startWithSmallest->isVisible());
        QCOMPARE(startWithSmallest->text(),
                 QStringLiteral("Start with %1 min").arg(smallest.captured(1)));
        QTest::mouseClick(startWithSmallest, Qt::LeftButton);
        QVERIFY(!startWithSmallest->isVisible());
        QCOMPARE(dialog.findChild<QDoubleSpinBox*>("budget")->value(), budget);
        QVERIFY(dialog.isRunning() && !start->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isRunning() && start->isEnabled(), 600000);
        QCOMPARE(finished.count(), 1);
        const auto handOver = finished[0][0].value<PipelineHandOver>();
        QCOMPARE(handOver.outDir, out);
        QCOMPARE(handOver.runs.value(Collection::TileXla).size(), 2);
        QVERIFY(QFile::exists(out + "/submission.csv"));

        // The rows are read from the files on a pool thread: the last read follows the end.
        QTRY_COMPARE(dialog.rowText(Collection::TileXla)[1], QStringLiteral("scored"));
        const QStringList row = dialog.rowText(Collection::TileXla);
        // The time taken against the plan, as durationText writes durations ("45s", "1m05s").
        const QString duration = R"((\d+s|\d+m\d\ds|\d+h\d\dm))";
        QVERIFY2(
            QRegularExpression("^" + duration + " / " + duration + "$").match(row[2]).hasMatch(),
            qPrintable(row.join(" | ")));
        QCOMPARE(row[3], QStringLiteral("2 / 2"));
        QVERIFY2(row[4].contains(" / "), qPrintable(row.join(" | ")));
        // "0.9500 (0.9400 / 0.9300)": the ensemble, then each run.
        QVERIFY2(QRegularExpression(R"(^-?\d\.\d{4} \(-?\d\.\d{4} / -?\d\.\d{4}\)$)")
                     .match(row[5])
                     .hasMatch(),
                 qPrintable(row.join(" | ")));
        QCOMPARE(dialog.rowText(Collection::LayoutXlaDefault)[1], QStringLiteral("-"));
        QVERIFY2(dialog.clockText().startsWith("finished: ") &&
                     dialog.clockText().contains(" left"),  // within its budget
                 qPrintable(dialog.clockText()));

        // The probes are kept: the smallest budget is shown before the next Start.
        QTRY_VERIFY2(dialog.smallestBudgetText().startsWith("At least "),
                     qPrintable(dialog.smallestBudgetText()));
        checkHandOver(handOver);
        QTest::mouseClick(start, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isRunning() && start->isEnabled(), 120000);
        const QString log = dialog.findChild<QPlainTextEdit*>("messages")->toPlainText();
        QVERIFY2(log.contains("resuming the plan") && !log.contains("probing"), qPrintable(log));
        QCOMPARE(finished.count(), 2);

        // Opened again, the dialog offers the last Start's options; with another budget, the
        // folder of the finished pipeline cannot take the call: it goes to the next free one.
        SubmissionPipelineDialog again(m_root);
        again.setProgram(TPUGRAPHS_CLI);
        auto* budgetBox = again.findChild<QDoubleSpinBox*>("budget");
        QCOMPARE(budgetBox->value(), budget);
        QCOMPARE(again.findChild<QSpinBox*>("seeds")->value(), 2);
        QCOMPARE(again.findChild<QLineEdit*>("output")->text(), out);
        budgetBox->setValue(budget + 0.5);
        again.show();
        QTest::mouseClick(again.findChild<QPushButton*>("start"), Qt::LeftButton);
        QCOMPARE(again.findChild<QLineEdit*>("output")->text(), out + "-2");
        again.stop();
        QTRY_VERIFY_WITH_TIMEOUT(!again.isRunning(), 120000);
    }

    // A pipeline with a template hands it over, with a new file beside the pipeline's own
    // (the next free name), and a partial file only when the pipeline's was not complete.
    void handOverKeepsTheTemplateAndANewFile() {
        QTemporaryDir out;
        QFile own(out.filePath("submission-export.csv"));  // an earlier export
        QVERIFY(own.open(QIODevice::WriteOnly));
        PipelineOutcome outcome;
        outcome.complete = true;
        CollectionOutcome tile;
        tile.collection = Collection::TileXla;
        TrialResult done, failed;
        done.runDir = "/runs/a";
        done.status = RunStatus::Completed;
        failed.runDir = "/runs/b";
        failed.status = RunStatus::Failed;
        tile.runs = {done, failed};
        outcome.collections = {tile};
        const PipelineHandOver h =
            pipelineHandOver(m_root + "/", out.path(), "/data/sample_submission.csv", outcome);
        QCOMPARE(h.datasetRoot, m_root);
        QCOMPARE(h.templatePath, QString("/data/sample_submission.csv"));
        QCOMPARE(h.outputPath, out.filePath("submission-export-2.csv"));
        QVERIFY(!h.partial);
        QCOMPARE(h.runs.value(Collection::TileXla), QStringList{"/runs/a"});
        outcome.complete = false;
        QVERIFY(pipelineHandOver(m_root, out.path(), "", outcome).partial);
    }

private:
    // The Export dialog as the main window opens it from the hand-over.
    void checkHandOver(const PipelineHandOver& handOver) {
        RunListModel runs;
        for (const QStringList& dirs : handOver.runs)
            for (const QString& dir : dirs) runs.addOrUpdate(readRunForListing(dir.toStdString()));
        ExportSubmissionDialog exporter(&runs, handOver.datasetRoot);
        exporter.takeOver(handOver);
        exporter.show();
        QCOMPARE(exporter.findChild<QLineEdit*>("datasetRoot")->text(), m_root);
        QCOMPARE(exporter.findChild<QLineEdit*>("templatePath")->text(), QString());
        const QString output = exporter.findChild<QLineEdit*>("outputPath")->text();
        QCOMPARE(output, handOver.outDir + "/submission-export.csv");
        QVERIFY(!QFile::exists(output));
        QVERIFY(exporter.findChild<QCheckBox*>("allowPartial")->isChecked());
        QCOMPARE(exporter.runs(Collection::TileXla), handOver.runs.value(Collection::TileXla));
        // It says what it ticked: the pipeline's runs, not "the best completed run".
        const QString ticked = exporter.findChild<QGroupBox*>("runBox")->title();
        QVERIFY2(ticked.contains("pipeline's runs are ticked") && !ticked.contains("best"),
                 qPrintable(ticked));
        QVERIFY2(exporter.warnings().isEmpty(), qPrintable(exporter.warnings().join("\n")));
        // The runs are named and scored in the runs table.
        for (int row = 0; row < runs.rowCount(); ++row) {
            QVERIFY2(runs.displayName(row).startsWith(
                         QString::fromUtf8("tile:xla \u00b7 recipe \u00b7 seed ")),
                     qPrintable(runs.displayName(row)));
            const QString best = runs.index(row, RunListModel::BestColumn).data().toString();
            QVERIFY2(best.endsWith("(valid, after training)"), qPrintable(best));
        }
        QSignalSpy exported(&exporter, &ExportSubmissionDialog::exportFinished);
        QTest::mouseClick(exporter.findChild<QPushButton*>("exportButton"), Qt::LeftButton);
        QVERIFY(exported.wait(120000));
        QVERIFY2(exported[0][0].toBool(), qPrintable(exporter.summary()));
        QVERIFY(QFile::exists(output));
    }

    QTemporaryDir m_dir;
    QString m_root;
};

QTEST_MAIN(TestSubmissionPipelineDialog)
#include "tst_submission_pipeline_dialog.moc"
