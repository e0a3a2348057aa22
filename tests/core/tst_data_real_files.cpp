// Every real TpuGraphs sample file loads with the documented shapes; the scanner lists them.
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <set>

#include "data/dataset.h"
#include "data/graph_io.h"
#include "data/npz_file.h"

using namespace tpugraphs;

namespace {

const std::string kRoot = std::string(TPUGRAPHS_SHARED_DATA) + "/tpugraphs";

bool haveData() {
    return std::filesystem::is_directory(kRoot + "/npz");
}

}  // namespace

class TestRealFiles : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() {
        if (!haveData()) QSKIP("../shared/data absent: real-file tests skipped");
    }

    void loads_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("nodes");
        QTest::addColumn<qint64>("edges");
        QTest::addColumn<qint64>("configs");
        QTest::addColumn<qint64>("configurable");  // -1: tile
        QTest::addColumn<qint64>("minRuntime");    // 0 0: all zero (test split)
        QTest::addColumn<qint64>("maxRuntime");
        QTest::newRow("tile train") << "tile/xla/train/retinanet.2x2.fp32_-342c949e14733d96.npz"
                                    << 2ll << 1ll << 2ll << -1ll << 5578ll << 6788ll;
        QTest::newRow("tile valid")
            << "tile/xla/valid/inception_v3_batch_128_train_426e203f19335d17.npz" << 2ll << 1ll
            << 9ll << -1ll << 8521ll << 31998ll;
        QTest::newRow("tile test") << "tile/xla/test/d6f5f54247bd1e58a10b9e7062c636ab.npz" << 2ll
                                   << 1ll << 25ll << -1ll << 0ll << 0ll;
        QTest::newRow("xla default train")
            << "layout/xla/default/train/unet3d.npz" << 2774ll << 4730ll << 1159ll << 56ll
            << 23300000000ll << 71000000000ll;
        QTest::newRow("xla random train")
            << "layout/xla/random/train/openai_v0_rnn_optimized.npz" << 1277ll << 2063ll << 20ll
            << 62ll << 461300000ll << 461400000ll;
        QTest::newRow("xla default test")
            << "layout/xla/default/test/cd708819d3f5103afd6460b15e74eaf3.npz" << 490ll << 749ll
            << 1000ll << 38ll << 0ll << 0ll;
        QTest::newRow("xla random test")
            << "layout/xla/random/test/cd708819d3f5103afd6460b15e74eaf3.npz" << 490ll << 749ll
            << 1000ll << 38ll << 0ll << 0ll;
        QTest::newRow("nlp default test")
            << "layout/nlp/default/test/3a0c5517a87df8d82fd637b83298a3ba.npz" << 21918ll << 36278ll
            << 1001ll << 848ll << 0ll << 0ll;
        QTest::newRow("nlp random test")
            << "layout/nlp/random/test/23559853d9702baaaacbb0c83fd32266.npz" << 1096ll << 1688ll
            << 1000ll << 56ll << 0ll << 0ll;
    }
    void loads() {
        QFETCH(QString, file);
        QFETCH(qint64, nodes);
        QFETCH(qint64, edges);
        QFETCH(qint64, configs);
        QFETCH(qint64, configurable);
        QFETCH(qint64, minRuntime);
        QFETCH(qint64, maxRuntime);
        const std::string path = kRoot + "/npz/" + file.toStdString();
        const bool train = file.contains("/train/") || file.contains("/valid/");
        ReadOptions options;
        options.requireRuntimes = train;
        std::vector<int64_t> edgeIndex, runtimes;
        if (configurable < 0) {
            QCOMPARE(detectGraphKind(path), GraphKind::Tile);
            const TileGraph g = readTileGraph(path, options);
            QCOMPARE(g.nodeCount(), nodes);
            QCOMPARE(g.configFeat.size(), size_t(configs * 24));
            QCOMPARE(g.configRuntimeNormalizers.size(), size_t(configs));
            if (!train)
                for (int64_t n : g.configRuntimeNormalizers) QCOMPARE(n, int64_t(1));
            edgeIndex = g.edgeIndex;
            runtimes = g.configRuntime;
        } else {
            QCOMPARE(detectGraphKind(path), GraphKind::Layout);
            const LayoutGraph g = readLayoutGraph(path, options);
            QCOMPARE(g.nodeCount(), nodes);
            QCOMPARE(g.configurableCount(), configurable);
            QCOMPARE(g.configs.configCount(), configs);
            QCOMPARE(g.configs.nodeCount(), configurable);
            QCOMPARE(g.nodeFeat.size(), size_t(nodes * 140));
            QVERIFY(!g.nodeSplits.empty());
            edgeIndex = g.edgeIndex;
            runtimes = g.configRuntime;
        }
        QCOMPARE(int64_t(edgeIndex.size() / 2), edges);
        QCOMPARE(int64_t(runtimes.size()), configs);
        // Fortran-order edge_index decoded right: every edge (u, v) has u > v in the real files.
        for (size_t e = 0; e < edgeIndex.size(); e += 2) QVERIFY(edgeIndex[e] > edgeIndex[e + 1]);
        const auto [lo, hi] = std::minmax_element(runtimes.begin(), runtimes.end());
        // The README gives the range to 3-4 significant digits.
        QVERIFY(std::abs(double(*lo - minRuntime)) <= 0.002 * double(minRuntime));
        QVERIFY(std::abs(double(*hi - maxRuntime)) <= 0.002 * double(maxRuntime));
        if (maxRuntime == 0) QCOMPARE(*hi, int64_t(0));
        // The header-only description agrees with the full load.
        const GraphEntry entry = describeGraphFile(path);
        QVERIFY2(entry.error.empty(), entry.error.c_str());
        QCOMPARE(entry.nodes, nodes);
        QCOMPARE(entry.edges, edges);
        QCOMPARE(entry.configs, configs);
        QCOMPARE(entry.configurableNodes, configurable < 0 ? 0 : configurable);
    }

    void layoutEdgeIndexIsStoredFortranOrder() {
        NpzFile npz = NpzFile::open(kRoot + "/npz/layout/xla/default/train/unet3d.npz");
        QVERIFY(npz.readHeader("edge_index").fortranOrder);
        QVERIFY(!npz.readHeader("node_feat").fortranOrder);
        const NpyArray edges = npz.read("edge_index");
        QVERIFY(edges.storedHeader().fortranOrder);
        QCOMPARE(edges.shape(), (std::vector<int64_t>{4730, 2}));
        QCOMPARE(edges.dtype(), DType::I64);
    }

    void unet3dHasDuplicateConfigs() {
        const LayoutGraph g = readLayoutGraph(kRoot + "/npz/layout/xla/default/train/unet3d.npz");
        std::set<std::vector<float>> distinct;
        for (int64_t c = 0; c < g.configs.configCount(); ++c)
            distinct.insert(g.configs.unpackConfig(c));
        QCOMPARE(distinct.size(), size_t(681));
    }

    void streamedConfigsMatchWholeRead() {
        const std::string path =
            kRoot + "/npz/layout/nlp/default/test/3a0c5517a87df8d82fd637b83298a3ba.npz";
        ReadOptions streamed;
        streamed.streamLayoutConfigsAbove = 0;
        const LayoutGraph whole = readLayoutGraph(path);
        const LayoutGraph pieces = readLayoutGraph(path, streamed);
        QCOMPARE(pieces.configs.configCount(), int64_t(1001));
        QCOMPARE(pieces.configs.nodeCount(), int64_t(848));
        QVERIFY(pieces.configs == whole.configs);
        QVERIFY(pieces.nodeFeat == whole.nodeFeat);
    }

    void scanListsCollectionsAndSplits() {
        std::vector<std::pair<size_t, size_t>> calls;
        const DatasetIndex index =
            scanDataset(kRoot, [&](size_t done, size_t total) { calls.emplace_back(done, total); });
        QCOMPARE(index.graphs.size(), size_t(9));
        QVERIFY(!calls.empty());
        QCOMPARE(calls.back(), std::make_pair(size_t(9), size_t(9)));
        for (const GraphEntry& g : index.graphs) QVERIFY2(g.error.empty(), g.error.c_str());
        QCOMPARE(index.select(Collection::TileXla, Split::Train).size(), size_t(1));
        QCOMPARE(index.select(Collection::TileXla, Split::Valid).size(), size_t(1));
        QCOMPARE(index.select(Collection::TileXla, Split::Test).size(), size_t(1));
        QCOMPARE(index.select(Collection::LayoutXlaDefault, Split::Train).size(), size_t(1));
        QCOMPARE(index.select(Collection::LayoutXlaRandom, Split::Test).size(), size_t(1));
        QCOMPARE(index.select(Collection::LayoutNlpDefault, Split::Test).size(), size_t(1));
        QCOMPARE(index.select(Collection::LayoutNlpRandom, Split::Test).size(), size_t(1));
        QCOMPARE(index.select(Collection::LayoutNlpRandom, Split::Train).size(), size_t(0));
        const GraphEntry* nlp = index.select(Collection::LayoutNlpDefault, Split::Test).front();
        QCOMPARE(nlp->nodes, int64_t(21918));
        QCOMPARE(nlp->uncompressedBytes,
                 int64_t(12274208 + 22046 + 580576 + 61117184 + 6912 + 8136 + 144 - 7 * 128));
        QVERIFY(nlp->compressedBytes > 900000 && nlp->compressedBytes < 1100000);
        QVERIFY(index.graphs.front().collection == Collection::TileXla);  // sorted by collection
    }

    void scanRejectsANonDatasetFolder() {
        QVERIFY_THROWS_EXCEPTION(
            DataError, scanDataset(std::string(TPUGRAPHS_SHARED_DATA) + "/tpugraphs/npz/tile/xla"));
    }
};

QTEST_GUILESS_MAIN(TestRealFiles)
#include "tst_data_real_files.moc"
