// The command lines as a competitor meets them: `tpugraphs --help` lists the commands a
// competitor uses and `tpugraphs-dev --help` the developer tools; training flags equal the
// options.json keys (the old spellings still work) and say their default and range; values
// out of range or outside the allowed names are refused with what is allowed. `--workers` is two
// names now, `--ranks` (train) and `--parallel` (sweep, submission); the old one still sets the
// same value and prints a deprecation note.
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

    // `train --ranks 2` under a launcher's variables is refused before it starts any process,
    // which shows the value landed; the old name does the same, with a note.
    void ranksNamesTrainsDataParallelProcesses() {
        const QString dir = m_dir.path();
        QVERIFY(runCli({"train", "--help"}).out.contains("--ranks INT"));
        for (const auto& [name, value] : {std::pair<const char*, const char*>{"RANK", "0"},
                                          {"WORLD_SIZE", "2"},
                                          {"MASTER_ADDR", "127.0.0.1"},
                                          {"MASTER_PORT", "1"}})
            qputenv(name, value);
        const QStringList train{"train", "--dataset", dir, "--run-dir", dir + "/ranks"};
        const CliRun ranks = runCli(train + QStringList{"--ranks", "2"});
        const CliRun workers = runCli(train + QStringList{"--workers", "2"});
        for (const char* name : {"RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT"})
            qunsetenv(name);
        QCOMPARE(ranks.exitCode, 1);
        QVERIFY2(ranks.err ==
                     "error: --ranks starts a process group of its own: do not use it "
                     "under torchrun or another launcher\n",
                 qPrintable(ranks.describe()));
        QCOMPARE(workers.exitCode, 1);
        QCOMPARE(workers.err, "note: --workers is deprecated, use --ranks\n" + ranks.err);
    }

    // sweep and submission say how many runs they train at once before they meet the folder
    // that is a file; --parallel and the old --workers set it alike, within the same range.
    void parallelNamesRunsAtOnce_data() {
        QTest::addColumn<QStringList>("command");
        const QString dir = m_dir.path();
        QFile file(dir + "/a-file");
        QVERIFY(file.open(QIODevice::WriteOnly));
        QTest::newRow("sweep") << QStringList{
            "sweep", "--dataset", dir, "--collections", "tile:xla", "--out", file.fileName()};
        QTest::newRow("submission") << QStringList{
            "submission", "--dataset", dir, "--out", file.fileName(), "--budget-minutes", "5"};
    }
    void parallelNamesRunsAtOnce() {
        QFETCH(QStringList, command);
        QVERIFY(runCli({command[0], "--help"}).out.contains("--parallel INT"));
        const CliRun parallel = runCli(command + QStringList{"--parallel", "3"});
        const CliRun workers = runCli(command + QStringList{"--workers", "3"});
        QCOMPARE(parallel.exitCode, 1);
        QVERIFY2(
            parallel.out.contains(", 3 at a time (") && parallel.err.contains("Not a directory"),
            qPrintable(parallel.describe()));
        QCOMPARE(workers.exitCode, 1);
        QCOMPARE(workers.out, parallel.out);
        QCOMPARE(workers.err, "note: --workers is deprecated, use --parallel\n" + parallel.err);
        const CliRun zero = runCli(command + QStringList{"--workers", "0"});
        QVERIFY2(zero.exitCode != 0 && zero.err.contains("--workers: Value 0 not in range 1 to"),
                 qPrintable(zero.describe()));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCliOptions)
#include "tst_cli_options.moc"
