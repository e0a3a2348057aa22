// The command lines as a competitor meets them: `tpugraphs --help` lists the commands a
// competitor uses and `tpugraphs-dev --help` the developer tools; training flags equal the
// options.json keys (the old spellings still work) and say their default and range; values
// out of range or outside the allowed names are refused with what is allowed.
#include <QtTest>

#include "cli_runner.h"

class TestCliOptions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void userHelpListsWhatACompetitorUses() {
        const CliRun run = runCli({"--help"});
        QCOMPARE(run.exitCode, 0);
        for (const char* command : {"train", "evaluate", "predict", "info", "generate",
                                    "validate-submission", "score", "baseline"})
            QVERIFY2(run.out.contains(QString("  %1 ").arg(command)), command);
        for (const char* tool : {"bench", "experiment", "reference-scores", "compare-runtimes"})
            QVERIFY2(!run.out.contains(QString("  %1 ").arg(tool)), tool);
        const CliRun dev = runDevCli({"--help"});
        QCOMPARE(dev.exitCode, 0);
        for (const char* tool : {"bench", "experiment", "reference-scores", "compare-runtimes"})
            QVERIFY2(dev.out.contains(QString("  %1 ").arg(tool)), tool);
    }

    void trainFlagsEqualTheJsonKeys() {
        const CliRun run = runCli({"train", "--help"});
        QCOMPARE(run.exitCode, 0);
        for (const char* flag :
             {"--learning-rate", "--hidden-dim", "--validation-interval", "--collapse-duplicates",
              "--no-collapse-duplicates", "--run-dir", "--dataset"})
            QVERIFY2(run.out.contains(flag), flag);
        QVERIFY2(run.out.contains("(default 0.001; 0 to 1"), qPrintable(run.out));
    }

    void outOfRangeAndUnknownValuesAreRefused() {
        const QString dir = m_dir.path();
        CliRun run =
            runCli({"train", "--dataset", dir, "--run-dir", dir + "/r", "--learning-rate", "1000"});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("--learning-rate 1000 is out of range: 0 to 1"),
                 qPrintable(run.describe()));
        run = runCli({"train", "--dataset", dir, "--run-dir", dir + "/r", "--lr", "5"});
        QVERIFY2(run.err.contains("--learning-rate 5 is out of range"), qPrintable(run.describe()));
        run = runCli({"train", "--collection", "tile:xlaa"});
        QVERIFY(run.exitCode != 0);
        QVERIFY2(run.all().contains("layout:nlp:random"), qPrintable(run.describe()));
        run = runCli({"predict", "--run", dir, "--out", dir + "/x.csv", "--split", "tes"});
        QVERIFY(run.exitCode != 0);
        QVERIFY2(run.all().contains("valid"), qPrintable(run.describe()));
        QVERIFY(!QFile::exists(dir + "/r"));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCliOptions)
#include "tst_cli_options.moc"
