// The `tpugraphs info` and `bench load` commands on the real files, on a corrupt file and on a
// FIFO.
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include "cli_runner.h"

namespace {

const QString kRoot = QString(TPUGRAPHS_SHARED_DATA) + "/tpugraphs";

}  // namespace

class TestCliInfo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (!cliBuilt()) QSKIP("the tpugraphs CLI is not built");
    }

    void datasetRoot() {
        if (!QFile::exists(kRoot + "/npz"))
            QSKIP("../shared/data absent: CLI info on real files skipped");
        const CliRun r = runCli({"info", kRoot});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.all().contains("9 graphs, 0 invalid"), qPrintable(r.all()));
        for (const char* row : {"tile:xla", "layout:xla:default", "layout:xla:random",
                                "layout:nlp:default", "layout:nlp:random"})
            QVERIFY(r.all().contains(row));
        QVERIFY(r.all().contains(
            QRegularExpression("layout:nlp:default\\s+test\\s+1\\s+21918\\s+36278\\s+1001")));
    }

    void oneFile() {
        if (!QFile::exists(kRoot + "/npz"))
            QSKIP("../shared/data absent: CLI info on real files skipped");
        const CliRun r = runCli({"info", kRoot + "/npz/layout/xla/default/train/unet3d.npz"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.all().contains("1159 (681 distinct)"), qPrintable(r.all()));
        QVERIFY(r.all().contains(QRegularExpression("edge_index\\s+<i8\\s+\\(4730, 2\\)\\s+F")));
        QVERIFY(r.all().contains("get-tuple-element"));
        QVERIFY(r.all().contains("2.327e+10 .. 7.095e+10"));
    }

    void corruptFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.npz");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("this is not a zip archive");
        f.close();
        const CliRun r = runCli({"info", path});
        // A file that opens but is no archive is INVALID, exit 2 (docs/DATA_FORMAT.md).
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.contains("INVALID") && r.all().contains("not a readable zip archive"),
                 qPrintable(r.all()));
        const CliRun missing = runCli({"info", dir.filePath("absent.npz")});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains("absent.npz: cannot open the file"),
                 qPrintable(missing.describe()));
    }

    // A FIFO named like a graph file is refused without being opened (opening it would wait
    // for a writer forever), as a file and inside a dataset.
    void fifoIsRefusedWithoutHanging() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath("x.npz");
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0644) == 0);
        const CliRun r = runCli({"info", fifo}, 60000);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("x.npz: cannot open the file: not a regular file (a FIFO)"),
                 qPrintable(r.describe()));
        const QString folder = dir.filePath("npz/tile/xla/train");
        QVERIFY(QDir().mkpath(folder));
        QVERIFY(::mkfifo(QFile::encodeName(folder + "/y.npz").constData(), 0644) == 0);
        const CliRun scan = runCli({"info", dir.path()}, 60000);
        QCOMPARE(scan.exitCode, 0);
        QVERIFY2(scan.out.contains("y.npz: cannot open the file: not a regular file (a FIFO)"),
                 qPrintable(scan.describe()));
    }

    void benchLoad() {
        if (!QFile::exists(kRoot + "/npz")) QSKIP("../shared/data absent: bench load skipped");
        const CliRun r = runDevCli({"bench", "load", kRoot + "/npz/tile", "--repeat", "1"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.all().contains("3 file(s)"), qPrintable(r.all()));
        QVERIFY(r.all().contains("MB/s (best)"));
    }
};

QTEST_GUILESS_MAIN(TestCliInfo)
#include "tst_cli_info.moc"
