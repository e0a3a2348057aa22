// Tests `tpugraphs generate` end to end: demo subset with progress and summary, custom sizes,
// same seed same bytes through the CLI, and clear errors for bad arguments.
#include <QCryptographicHash>
#include <QDirIterator>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

namespace {

QStringList npzFiles(const QString& root) {
    QStringList files;
    QDirIterator it(root, {"*.npz"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) files << it.next();
    files.sort();
    return files;
}

QByteArray treeHash(const QString& root) {
    QCryptographicHash hash(QCryptographicHash::Sha1);
    for (const QString& path : npzFiles(root)) {
        QFile f(path);
        if (f.open(QIODevice::ReadOnly)) hash.addData(f.readAll());
    }
    return hash.result();
}

}  // namespace

class TestGeneratorCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (!cliBuilt()) QSKIP("the tpugraphs CLI is not built (TPUGRAPHS_BUILD_TORCH=OFF)");
    }

    void demoSubsetWithProgressAndSummary() {
        QTemporaryDir dir;
        const CliRun run =
            runCli({"generate", "--preset", "demo", "--out", dir.path(), "--seed", "3",
                    "--collections", "tile:xla,layout:xla:random", "--splits", "train,test"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.describe()));
        QCOMPARE(npzFiles(dir.path()).size(), 80 + 12 + 12 + 4);
        QVERIFY2(run.err.contains("generate [") && run.err.contains("100%"),
                 qPrintable(run.describe()));
        QVERIFY(run.out.contains("tile:xla") && run.out.contains("layout:xla:random"));
        QVERIFY(run.out.contains("108 files"));
        QVERIFY(QFile::exists(dir.filePath(".tpugraphs-generated")));
        QVERIFY(!QDir(dir.filePath("npz/tile/xla/valid")).exists());
    }

    void customSizesAndSameBytes() {
        QTemporaryDir a, b;
        const QStringList args{"generate",
                               "--preset",
                               "custom",
                               "--files",
                               "2",
                               "--nodes",
                               "60",
                               "80",
                               "--configs",
                               "7",
                               "9",
                               "--collections",
                               "layout:nlp:default,tile:xla"};
        const CliRun first = runCli(QStringList(args) << "--out" << a.path() << "--jobs"
                                                      << "2");
        QVERIFY2(first.exitCode == 0, qPrintable(first.describe()));
        QCOMPARE(npzFiles(a.path()).size(), 2 * 3 * 2);
        const CliRun second = runCli(QStringList(args) << "--out" << b.path() << "--jobs"
                                                       << "1");
        QVERIFY2(second.exitCode == 0, qPrintable(second.describe()));
        QCOMPARE(treeHash(a.path()), treeHash(b.path()));
    }

    void badArgumentsFailClearly() {
        QTemporaryDir dir;
        const CliRun preset = runCli({"generate", "--preset", "huge", "--out", dir.path()});
        QVERIFY(preset.exitCode != 0);
        QVERIFY2(preset.err.contains("--preset"), qPrintable(preset.describe()));
        const CliRun collection =
            runCli({"generate", "--out", dir.path(), "--collections", "layout:xla:sideways"});
        QCOMPARE(collection.exitCode, 1);
        QVERIFY2(collection.err.contains("unknown collection 'layout:xla:sideways'"),
                 qPrintable(collection.describe()));
        const CliRun range =
            runCli({"generate", "--preset", "custom", "--out", dir.path(), "--nodes", "9", "3"});
        QVERIFY(range.exitCode != 0);
        QVERIFY2(range.err.contains("MIN <= MAX"), qPrintable(range.describe()));
    }
};

QTEST_GUILESS_MAIN(TestGeneratorCli)
#include "tst_cli_generate.moc"
