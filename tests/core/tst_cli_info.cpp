// The `tpugraphs info` and `bench load` commands on the real files and on a corrupt file.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kRoot = QString(TPUGRAPHS_SHARED_DATA) + "/tpugraphs";

struct Result {
    int code = -1;
    QString out;
};

Result runCli(const QStringList& args) {
    QProcess p;
    p.start(TPUGRAPHS_CLI, args);
    p.waitForFinished(300000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString(p.readAllStandardOutput()) + QString(p.readAllStandardError())};
}

}  // namespace

class TestCliInfo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (QString(TPUGRAPHS_CLI).isEmpty()) QSKIP("the tpugraphs CLI is not built");
    }

    void datasetRoot() {
        if (!QFile::exists(kRoot + "/npz"))
            QSKIP("../shared/data absent: CLI info on real files skipped");
        const Result r = runCli({"info", kRoot});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("9 graphs, 0 invalid"), qPrintable(r.out));
        for (const char* row : {"tile:xla", "layout:xla:default", "layout:xla:random",
                                "layout:nlp:default", "layout:nlp:random"})
            QVERIFY(r.out.contains(row));
        QVERIFY(r.out.contains(
            QRegularExpression("layout:nlp:default\\s+test\\s+1\\s+21918\\s+36278\\s+1001")));
    }

    void oneFile() {
        if (!QFile::exists(kRoot + "/npz"))
            QSKIP("../shared/data absent: CLI info on real files skipped");
        const Result r = runCli({"info", kRoot + "/npz/layout/xla/default/train/unet3d.npz"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("1159 (681 distinct)"), qPrintable(r.out));
        QVERIFY(r.out.contains(QRegularExpression("edge_index\\s+<i8\\s+\\(4730, 2\\)\\s+F")));
        QVERIFY(r.out.contains("get-tuple-element"));
        QVERIFY(r.out.contains("2.327e+10 .. 7.095e+10"));
    }

    void corruptFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.npz");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("this is not a zip archive");
        f.close();
        const Result r = runCli({"info", path});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains("not a readable zip archive"), qPrintable(r.out));
    }

    void benchLoad() {
        if (!QFile::exists(kRoot + "/npz")) QSKIP("../shared/data absent: bench load skipped");
        const Result r = runCli({"bench", "load", kRoot + "/npz/tile", "--repeat", "1"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("3 file(s)"), qPrintable(r.out));
        QVERIFY(r.out.contains("MB/s (best)"));
    }
};

QTEST_GUILESS_MAIN(TestCliInfo)
#include "tst_cli_info.moc"
