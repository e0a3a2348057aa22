// The real TpuGraphs files of ../shared/data end to end through the `tpugraphs` CLI: train,
// evaluate, predict and export on every real collection with train files (tile:xla with its
// 2-config train graph, layout:xla:default, layout:xla:random), predict every real test file
// (tile and the four layout collections) with models trained on the generated demo, and check
// Kaggle's rules on the results (the official template, its 1000-of-1001 row, a tile-only file).
// Skips visibly when ../shared/data is absent.
#include <QtTest>

#include <filesystem>

#include "cli_runner.h"

namespace {

const QString kRealRoot = QStringLiteral(TPUGRAPHS_SHARED_DATA "/tpugraphs");
const QString kTemplate = kRealRoot + "/sample_submission.csv";

}  // namespace

class TestTrainRealData : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (!cliBuilt()) QSKIP("the tpugraphs CLI is not built (TPUGRAPHS_BUILD_TORCH=OFF)");
        if (!std::filesystem::exists(kRealRoot.toStdString() + "/npz"))
            QSKIP(qPrintable("SKIP: real TpuGraphs files not found at " + kRealRoot));
        QVERIFY(m_dir.isValid());
    }

    // train -> evaluate -> predict (with the official template) -> validate, per collection.
    void realCollectionEndToEnd_data() {
        QTest::addColumn<QString>("collection");
        QTest::addColumn<QStringList>("extra");
        // The real tile train graph has 2 configs; its valid graph 9.
        QTest::newRow("tile:xla") << "tile:xla" << QStringList{};
        // No real layout valid files: validate on held-out configs of the train graph.
        QTest::newRow("layout:xla:default")
            << "layout:xla:default" << QStringList{"--holdout-configs", "0.2"};
        // Its one train graph has 20 configs that are all the same vector (runtimes differ by
        // noise): trained with duplicates kept, and a note says so.
        QTest::newRow("layout:xla:random") << "layout:xla:random" << QStringList{};
    }
    void realCollectionEndToEnd() {
        QFETCH(QString, collection);
        QFETCH(QStringList, extra);
        const QString run = m_dir.filePath("run-" + QString(collection).replace(':', '-'));
        CliRun r = runCli(QStringList{"train", "--dataset", kRealRoot, "--collection", collection,
                                      "--steps", "20", "--log-every", "5", "--out", run} +
                          extra);
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.out.contains("finished (completed) at step 20/20"), qPrintable(r.out));
        QVERIFY2(!r.all().contains("Exception raised"), qPrintable(r.all()));
        if (collection != "layout:xla:default")
            QVERIFY2(r.out.contains("note: no train graph has 2 distinct config vectors"),
                     qPrintable(r.out));

        r = runCli({"evaluate", "--run", run, "--split", "train"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.out.contains("mean: ") && r.out.contains("(1 graphs)"), qPrintable(r.out));

        const QString csv = m_dir.filePath(QString(collection).replace(':', '-') + ".csv");
        r = runCli({"predict", "--run", run, "--dataset", kRealRoot, "--template", kTemplate,
                    "--out", csv});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.out.contains("wrote " + csv + " (894 rows, validated"), qPrintable(r.out));
        // Predicted output goes to a pipe here: progress must come as whole lines.
        QVERIFY2(!r.err.contains("predicting 0/1predicting"), qPrintable(r.err));

        r = runCli({"validate-submission", csv, "--dataset", kRealRoot});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.out.contains("OK: the submission is valid for Kaggle (1 warning)"),
                 qPrintable(r.out));
    }

    // With held-out configs, identical configs cannot be kept (they would sit on both sides).
    void realRandomHoldoutIsRefused() {
        const CliRun r = runCli({"train", "--dataset", kRealRoot, "--collection",
                                 "layout:xla:random", "--steps", "5", "--holdout-configs", "0.2",
                                 "--out", m_dir.filePath("run-random-holdout")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("openai_v0_rnn_optimized") &&
                     r.err.contains("distinct config(s) left to train on"),
                 qPrintable(r.describe()));
        QVERIFY2(!r.all().contains("Exception raised"), qPrintable(r.all()));
    }

    // Models trained on the demo predict every real test file, all five collections.
    void demoModelsPredictEveryRealTestFile() {
        const QString demo = m_dir.filePath("demo");
        CliRun r = runCli({"generate", "--preset", "demo", "--collections", "tile:xla",
                           "layout:xla:default", "--limit", "4", "--out", demo});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const QString tileRun = m_dir.filePath("demo-tile"),
                      layoutRun = m_dir.filePath("demo-layout");
        r = runCli({"train", "--dataset", demo, "--collection", "tile:xla", "--steps", "10",
                    "--out", tileRun});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        r = runCli({"train", "--dataset", demo, "--collection", "layout:xla:default", "--steps",
                    "4", "--out", layoutRun});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));

        const QStringList collections{"tile:xla", "layout:xla:default", "layout:xla:random",
                                      "layout:nlp:default", "layout:nlp:random"};
        for (const QString& collection : collections) {
            const QString csv =
                m_dir.filePath("demo-" + QString(collection).replace(':', '-') + ".csv");
            r = runCli({"predict", "--run", collection == "tile:xla" ? tileRun : layoutRun,
                        "--dataset", kRealRoot, "--collection", collection, "--template", kTemplate,
                        "--out", csv});
            QVERIFY2(r.exitCode == 0, qPrintable(collection + ": " + r.describe()));
            QVERIFY2(r.out.contains("1 rows predicted"), qPrintable(r.out));
            QVERIFY2(r.out.contains("(894 rows, validated"), qPrintable(r.out));
            // The template's own 1000-of-1001 row is kept as it is, with a warning naming it;
            // a predicted layout row lists every config of its file.
            if (collection == "layout:nlp:default")
                QVERIFY2(!r.all().contains("warning"), qPrintable(r.all()));
            else
                QVERIFY2(r.all().contains("row copied from the template") &&
                             r.all().contains("lists 1000 of 1001 configs"),
                         qPrintable(r.all()));
        }
    }

    void officialTemplateValidatesWithAWarning() {
        const CliRun r = runCli({"validate-submission", kTemplate, "--dataset", kRealRoot});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.out.contains("lists 1000 of 1001 configs (missing 1000)"), qPrintable(r.out));
        QVERIFY2(r.out.contains("OK: the submission is valid for Kaggle (1 warning)"),
                 qPrintable(r.out));
    }

    void tileOnlyFileIsInvalidByDefault() {
        const QString tileOnly = m_dir.filePath("tile-only.csv");
        QFile in(kTemplate), out(tileOnly);
        QVERIFY(in.open(QIODevice::ReadOnly) && out.open(QIODevice::WriteOnly));
        while (!in.atEnd()) {
            const QByteArray line = in.readLine();
            if (!line.startsWith("layout:")) out.write(line);
        }
        out.close();
        CliRun r = runCli({"validate-submission", tileOnly});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("found 844 rows") && r.err.contains("layout:xla:default 0 of 8") &&
                     r.err.contains("layout:nlp:random 0 of 17"),
                 qPrintable(r.describe()));
        r = runCli({"validate-submission", tileOnly, "--partial"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.out.contains("valid as a partial file"), qPrintable(r.out));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestTrainRealData)
#include "tst_train_realdata.moc"
