// Generator: the demo preset's plan, valid files in the official format (our reader and numpy),
// same seed same bytes, cancellation and the completion marker, a 100k-config layout graph.
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <set>

#include "data/data_error.h"
#include "data/dataset.h"
#include "data/graph_io.h"
#include "synth/generator.h"

using namespace tpugraphs;

namespace {

// Relative path -> SHA-1 of every file under root.
std::map<QString, QByteArray> hashTree(const QString& root) {
    std::map<QString, QByteArray> hashes;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) continue;
        hashes[QDir(root).relativeFilePath(path)] =
            QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha1);
    }
    return hashes;
}

GeneratorOptions demoOptions(uint64_t seed, int threads) {
    GeneratorOptions o;
    o.seed = seed;
    o.threads = threads;
    return o;
}

}  // namespace

class TestGenerator : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_demo.isValid());
        size_t lastDone = 0, calls = 0;
        bool monotonic = true;
        m_summary = generateDataset(m_demo.path().toStdString(), demoOptions(1, 2),
                                    [&](size_t done, size_t total, const std::string& file) {
                                        monotonic = monotonic && done == lastDone + 1 &&
                                                    done <= total && !file.empty();
                                        lastDone = done;
                                        ++calls;
                                    });
        QVERIFY(monotonic);
        QCOMPARE(calls, m_summary.files);
    }

    void demoPlanHasEveryCollectionAndSplit() {
        const std::vector<PlannedGraph> plan = planDataset(demoOptions(1, 0));
        std::map<std::string, int> counts;
        std::set<std::string> paths;
        for (const PlannedGraph& g : plan) {
            counts[std::string(collectionName(g.collection)) + "/" + splitName(g.split)]++;
            QVERIFY(paths.insert(g.relativePath).second);
            QVERIFY(g.nodes >= 1 && g.configs >= 1);
        }
        QCOMPARE(counts["tile:xla/train"], 80);
        QCOMPARE(counts["tile:xla/test"], 12);
        for (const Collection c : kCollections)
            for (const char* split : {"train", "valid", "test"})
                QVERIFY(counts[std::string(collectionName(c)) + "/" + split] > 0);
        QCOMPARE(m_summary.files, plan.size());
        QVERIFY(!m_summary.cancelled);
    }

    void limitFractionAndCollectionsSelectFiles() {
        GeneratorOptions o = demoOptions(1, 0);
        o.preset = GeneratorPreset::FullScale;
        o.collections = {Collection::TileXla};
        o.splits = {Split::Valid};
        QCOMPARE(planDataset(o).size(), size_t(676));
        o.fraction = 0.1;
        QCOMPARE(planDataset(o).size(), size_t(68));
        o.limit = 5;
        QCOMPARE(planDataset(o).size(), size_t(5));
    }

    void everyFilePassesValidationAndScan() {
        const DatasetIndex index = scanDataset(m_demo.path().toStdString());
        QCOMPARE(index.graphs.size(), m_summary.files);
        int64_t nodes = 0;
        for (const GraphEntry& e : index.graphs) {
            QVERIFY2(e.error.empty(), e.error.c_str());
            ReadOptions options;
            options.requireRuntimes = e.split != Split::Test;
            const QString path = QString::fromStdString(e.path);
            const std::string full = QFileInfo(path).isAbsolute()
                                         ? e.path
                                         : QDir(m_demo.path()).filePath(path).toStdString();
            if (e.kind == GraphKind::Tile) {
                const TileGraph g = readTileGraph(full, options);
                nodes += g.nodeCount();
                for (int64_t r : g.configRuntime) QVERIFY(e.split == Split::Test ? r == 0 : r > 0);
            } else {
                const LayoutGraph g = readLayoutGraph(full, options);
                nodes += g.nodeCount();
                QVERIFY(g.configurableCount() > 0);
                for (int64_t r : g.configRuntime) QVERIFY(e.split == Split::Test ? r == 0 : r > 0);
            }
        }
        QCOMPARE(nodes, m_summary.nodes);
        QVERIFY(isGeneratedDatasetComplete(m_demo.path().toStdString()));
    }

    void numpyReadsEveryFile() {
        const QString python = "/usr/bin/python3";
        if (!QFileInfo::exists(python)) QSKIP("/usr/bin/python3 absent: numpy read-back skipped");
        const QString script =
            QStringLiteral(TPUGRAPHS_SOURCE_DIR "/scripts/check_numpy_readback.py");
        QProcess p;
        p.start(python, {script, m_demo.path()});
        QVERIFY(p.waitForFinished(300000));
        const QString output = p.readAllStandardOutput() + p.readAllStandardError();
        if (p.exitCode() == 77) QSKIP("numpy absent for /usr/bin/python3: read-back skipped");
        QVERIFY2(p.exitCode() == 0, qPrintable(output));
        QVERIFY2(output.contains(QString("%1 files").arg(m_summary.files)), qPrintable(output));
    }

    void sameSeedSameBytesAnyThreadCount() {
        QTemporaryDir other;
        generateDataset(other.path().toStdString(), demoOptions(1, 1), {});
        const auto a = hashTree(m_demo.path()), b = hashTree(other.path());
        QCOMPARE(a.size(), m_summary.files + 1);  // + the marker
        QVERIFY(a == b);
    }

    void differentSeedDifferentData() {
        GeneratorOptions o = demoOptions(2, 2);
        o.collections = {Collection::TileXla, Collection::LayoutNlpRandom};
        QTemporaryDir other;
        generateDataset(other.path().toStdString(), o, {});
        const auto a = hashTree(m_demo.path()), b = hashTree(other.path());
        int compared = 0, same = 0;
        for (const auto& [path, hash] : b) {
            if (path.endsWith(".npz") && a.count(path)) {
                ++compared;
                same += a.at(path) == hash;
            }
        }
        QVERIFY(compared > 50);  // train/valid names repeat across seeds
        QCOMPARE(same, 0);
    }

    void cancelStopsWithoutMarker() {
        QTemporaryDir dir;
        std::atomic<bool> cancel{false};
        const GenerationSummary s = generateDataset(
            dir.path().toStdString(), demoOptions(1, 1),
            [&](size_t done, size_t, const std::string&) { cancel = done >= 3; }, &cancel);
        QVERIFY(s.cancelled);
        QCOMPARE(s.files, size_t(3));
        QVERIFY(!isGeneratedDatasetComplete(dir.path().toStdString()));
        QVERIFY(!QFileInfo::exists(dir.filePath(kDatasetCompleteMarker)));
    }

    void demoCachePath() {
        const std::string path = defaultDemoDatasetPath("/home/u/.cache/tpugraphs");
        QCOMPARE(QString::fromStdString(path), QString("/home/u/.cache/tpugraphs/demo-dataset-v1"));
        QVERIFY(!isGeneratedDatasetComplete(path));
        GeneratorPreset p;
        QVERIFY(parsePreset("full-scale", &p) && p == GeneratorPreset::FullScale);
        QVERIFY(!parsePreset("huge", &p));
    }

    // One layout graph with 100,000 configs, held packed (3 integers per node and config).
    void hundredThousandConfigLayoutGraph() {
        PlannedGraph plan;
        plan.collection = Collection::LayoutXlaRandom;
        plan.split = Split::Train;
        plan.relativePath = "big.npz";
        plan.seed = 99;
        plan.nodes = 300;
        plan.configs = 100000;
        std::vector<double> cost;
        const LayoutGraph g = generateLayoutGraph(plan, 0.01, &cost);
        QCOMPARE(g.configCount(), int64_t(100000));
        QCOMPARE(g.configs.configCount(), int64_t(100000));
        QCOMPARE(g.configs.nodeCount(), g.configurableCount());
        QCOMPARE(cost.size(), size_t(100000));
        validateLayoutGraph(g, "big.npz", ReadOptions{true});
    }

private:
    QTemporaryDir m_demo;
    GenerationSummary m_summary;
};

QTEST_GUILESS_MAIN(TestGenerator)
#include "tst_synth_generator.moc"
