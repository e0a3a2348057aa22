// `tpugraphs config-diff` as a user meets it: on a generated layout graph it lists exactly the
// nodes whose layouts differ (as the library computes them), with both layouts and runtimes in
// ns; best/default and bad configs on an unmeasured or random-search graph are refused with a
// sentence that says why and what to give instead.
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "analysis/config_diff.h"
#include "analysis/loaded_graph.h"
#include "cli_runner.h"
#include "data/dataset.h"
#include "synth/generator.h"

using namespace tpugraphs;

class TestCliConfigDiff : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        GeneratorOptions options;
        options.collections = {Collection::LayoutXlaDefault, Collection::LayoutXlaRandom};
        options.splits = {Split::Train, Split::Test};
        options.limit = 1;
        generateDataset(m_dir.path().toStdString(), options);
        m_index = scanDataset(m_dir.path().toStdString());
        QVERIFY(!m_index.graphs.empty());
    }

    void listsTheDifferingNodesWithLayoutsAndUnits() {
        const GraphEntry* entry = find(Collection::LayoutXlaDefault, Split::Train);
        QVERIFY(entry);
        const LoadedGraph graph = loadGraph(*entry);
        const int64_t last = graph.configCount() - 1;
        const CliRun run = runCli(
            {"config-diff", QString::fromStdString(entry->path), "best", QString::number(last)});
        QCOMPARE(run.exitCode, 0);
        const auto diffs = layoutDifferences(*graph.layout, graph.bestConfig(), last);
        QVERIFY2(run.out.contains(QStringLiteral("differing    %1 of").arg(diffs.size())),
                 qPrintable(run.describe()));
        QVERIFY2(run.out.contains(QStringLiteral(" ns)")), qPrintable(run.out));
        QVERIFY(run.out.contains(QStringLiteral("layout A")));
        for (const NodeLayoutDifference& d : diffs)
            QVERIFY2(run.out.contains(QString::fromStdString(layoutTupleText(d.b))),
                     qPrintable(QString::number(d.node)));
    }

    void refusalsSayWhyAndWhatToGive() {
        const GraphEntry* test = find(Collection::LayoutXlaDefault, Split::Test);
        QVERIFY(test);
        CliRun run = runCli({"config-diff", QString::fromStdString(test->path), "best", "0"});
        QVERIFY(run.exitCode != 0);
        QVERIFY2(run.err.contains(QStringLiteral("has no measured runtimes (test split)")),
                 qPrintable(run.describe()));
        const GraphEntry* random = find(Collection::LayoutXlaRandom, Split::Train);
        QVERIFY(random);
        run = runCli({"config-diff", QString::fromStdString(random->path), "0", "default"});
        QVERIFY(run.exitCode != 0);
        QVERIFY2(run.err.contains(QStringLiteral("has no default config: give an index 0..")),
                 qPrintable(run.describe()));
        run = runCli({"config-diff", QString::fromStdString(random->path), "0", "99999"});
        QVERIFY(run.exitCode != 0);
        QVERIFY2(run.err.contains(QStringLiteral("'99999' is not a config of")),
                 qPrintable(run.describe()));
    }

private:
    const GraphEntry* find(Collection collection, Split split) const {
        for (const GraphEntry& e : m_index.graphs)
            if (e.collection == collection && e.split == split) return &e;
        return nullptr;
    }

    QTemporaryDir m_dir;
    DatasetIndex m_index;
};

QTEST_GUILESS_MAIN(TestCliConfigDiff)
#include "tst_cli_config_diff.moc"
