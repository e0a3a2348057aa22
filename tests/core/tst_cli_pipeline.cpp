// `tpugraphs submission` as a process, on a small generated dataset (tile and layout:xla:default,
// train, valid and test): killed with SIGKILL while its runs train, the same command resumes the
// recorded plan, finishes the runs and writes a submission that `validate-submission` accepts
// against the dataset, with a report naming each collection's ensemble, each run's score and the
// ridge reference; the plan priced the scoring after training, and the runs did not validate; a
// call with other options in the same folder is refused.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include <signal.h>

#include "cli_runner.h"

class TestCliPipeline : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (!cliBuilt()) QSKIP("the tpugraphs CLI is not built (TPUGRAPHS_BUILD_TORCH=OFF)");
        QVERIFY(m_dir.isValid());
        m_root = m_dir.path() + "/dataset";
        const CliRun generate =
            runCli({"generate", "--out", m_root, "--seed", "3", "--collections",
                    "tile:xla,layout:xla:default", "--splits", "train,valid,test", "--limit", "3"});
        QVERIFY2(generate.exitCode == 0, qPrintable(generate.describe()));
    }

    void killedPipelineResumesIntoAValidSubmission() {
        const QString out = m_dir.path() + "/pipeline";
        const QStringList arguments{"submission", "--dataset",        m_root, "--out",
                                    out,          "--budget-minutes", "0.5",  "--seeds",
                                    "2",          "--workers",        "2"};
        QProcess first;
        first.start(QStringLiteral(TPUGRAPHS_CLI), arguments);
        QVERIFY(first.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(
            QFile::exists(out + "/training/runs/layout-xla-default/seed-0/last.pt"), 300000);
        ::kill(static_cast<pid_t>(first.processId()), SIGKILL);
        QVERIFY(first.waitForFinished(10000));
        QVERIFY(!QFile::exists(out + "/submission.csv"));

        const CliRun second = runCli(arguments);
        QVERIFY2(second.exitCode == 0, qPrintable(second.describe()));
        QVERIFY2(second.out.contains("resuming the plan"), qPrintable(second.out));
        QVERIFY2(
            second.out.contains("| tile:xla |") && second.out.contains("| layout:xla:default |"),
            qPrintable(second.out));
        QFile report(out + "/report.md");
        QVERIFY(report.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(report.readAll());
        QVERIFY2(text.contains("validated") && !text.contains("no valid graphs"), qPrintable(text));
        QVERIFY2(text.contains("Scoring after training took"), qPrintable(text));
        // Each of the 2 runs scored with the ensemble: "| **ensemble** | run / run |".
        const QRegularExpression runs(R"(\*\* \| -?\d\.\d{3} / -?\d\.\d{3} \|)");
        QCOMPARE(text.count(runs), 2);

        QFile plan(out + "/pipeline.json");
        QVERIFY(plan.open(QIODevice::ReadOnly));
        for (const QJsonValue c : QJsonDocument::fromJson(plan.readAll())["collections"].toArray())
            QVERIFY2(c["scoring_seconds"].toDouble() > 0, qPrintable(c["collection"].toString()));
        QFile history(out + "/training/runs/layout-xla-default/seed-0/history.csv");
        QVERIFY(history.open(QIODevice::ReadOnly));
        const QStringList rows = QString::fromUtf8(history.readAll()).split('\n');
        for (const QString& row : rows.mid(1))  // is_val, the 10th column, is 0 on every row
            QVERIFY2(row.isEmpty() || row.section(',', 9, 9) == "0", qPrintable(row));

        const CliRun check = runCli(
            {"validate-submission", out + "/submission.csv", "--dataset", m_root, "--partial"});
        QVERIFY2(check.exitCode == 0, qPrintable(check.describe()));

        const CliRun other =
            runCli({"submission", "--dataset", m_root, "--out", out, "--budget-minutes", "5"});
        QCOMPARE(other.exitCode, 1);
        QVERIFY2(other.err.contains("holds a pipeline of other options"),
                 qPrintable(other.describe()));
    }

private:
    QTemporaryDir m_dir;
    QString m_root;
};

QTEST_GUILESS_MAIN(TestCliPipeline)
#include "tst_cli_pipeline.moc"
