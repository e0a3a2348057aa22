// npy/npz round trips: headers of every version, every dtype bit for bit, graphs, parallel reads
// and the first writes of a process made by several threads at once.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <cstring>
#include <functional>
#include <optional>
#include <random>
#include <thread>

#include "base/atomic_file.h"
#include "data/graph_io.h"
#include "data/npy_array.h"
#include "data/npz_file.h"
#include "data/npz_writer.h"

using namespace tpugraphs;

namespace {

template <typename T>
std::vector<T> randomValues(size_t n, std::mt19937_64& rng) {
    std::vector<T> v(n);
    for (T& x : v) {
        const uint64_t bits = rng();
        std::memcpy(&x, &bits, sizeof(T));
        if constexpr (std::is_floating_point_v<T>)
            if (!std::isfinite(x)) x = T(1.5);
    }
    return v;
}

template <typename T>
bool sameBits(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

TileGraph randomTileGraph(std::mt19937_64& rng, int64_t n, int64_t c) {
    TileGraph g;
    g.name = "tile";
    g.nodeFeat = randomValues<float>(size_t(n * 140), rng);
    for (int64_t i = 0; i < n; ++i) g.nodeOpcode.push_back(uint8_t(rng() % 121));
    for (int64_t u = 1; u < n; ++u) {
        g.edgeIndex.push_back(u);
        g.edgeIndex.push_back(int64_t(rng() % uint64_t(u)));
    }
    g.configFeat = randomValues<float>(size_t(c * 24), rng);
    for (int64_t i = 0; i < c; ++i) {
        g.configRuntime.push_back(int64_t(rng() % 1000000) + 1);
        g.configRuntimeNormalizers.push_back(int64_t(rng() % 1000) + 1);
    }
    return g;
}

LayoutGraph randomLayoutGraph(std::mt19937_64& rng, int64_t n, int64_t c, int64_t k) {
    LayoutGraph g;
    g.name = "layout";
    g.nodeFeat = randomValues<float>(size_t(n * 140), rng);
    for (int64_t i = 0; i < n; ++i) g.nodeOpcode.push_back(uint8_t(rng() % 121));
    for (int64_t u = 1; u < n; ++u) {
        g.edgeIndex.push_back(u);
        g.edgeIndex.push_back(int64_t(rng() % uint64_t(u)));
    }
    for (int64_t i = 0; i < k; ++i) g.nodeConfigIds.push_back(i * (n / k));
    std::vector<float> values(size_t(c * k * 18));
    for (float& v : values) v = float(int(rng() % 7) - 1);
    g.configs = PackedLayoutConfigs::fromFloats(values.data(), c, k);
    for (int64_t i = 0; i < c; ++i) g.configRuntime.push_back(int64_t(rng() % 100000000000ull) + 1);
    g.nodeSplits = {0, n / 2, n};
    return g;
}

// The child process of firstWritesFromThreadsSucceed: eight threads released together make this
// process's first libzip calls, each writing one archive into `folder`. Returns how many failed.
int writeFirstArchivesFromThreads(const std::string& folder) {
    constexpr int kThreads = 8;
    std::atomic<bool> go{false};
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            NpzWriter writer(1);
            writer.add("values", std::vector<int32_t>{t, t + 1}, {2});
            while (!go.load()) std::this_thread::yield();
            try {
                writer.write(folder + "/" + std::to_string(t) + ".npz");
            } catch (const std::exception& e) {
                std::fprintf(stderr, "%s\n", e.what());
                ++failures;
            }
        });
    go = true;
    for (std::thread& t : threads) t.join();
    return failures.load();
}

constexpr const char* kFirstWritesFolder = "TPUGRAPHS_TEST_FIRST_WRITES_FOLDER";

}  // namespace

class TestNpz : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void headerVersions_data() {
        QTest::addColumn<QByteArray>("image");
        QTest::addColumn<int>("version");
        const QByteArray dict = "{'descr': '>i2', 'fortran_order': True, 'shape': (3, 2), }\n";
        QTest::newRow("v1") << QByteArray("\x93NUMPY\x01\x00", 8) + char(dict.size()) + char(0) +
                                   dict
                            << 1;
        QTest::newRow("v2") << QByteArray("\x93NUMPY\x02\x00", 8) + char(dict.size()) +
                                   QByteArray(3, 0) + dict
                            << 2;
        QTest::newRow("v3") << QByteArray("\x93NUMPY\x03\x00", 8) + char(dict.size()) +
                                   QByteArray(3, 0) + dict
                            << 3;
    }
    void headerVersions() {
        QFETCH(QByteArray, image);
        QFETCH(int, version);
        // Big-endian int16, Fortran order, 3 x 2: column-major values 1..6.
        QByteArray data;
        for (int v : {1, 2, 3, 4, 5, 6}) data += char(0) + QByteArray(1, char(v));
        const QByteArray whole = image + data;
        AlignedBuffer buffer(size_t(whole.size()));
        std::memcpy(buffer.data(), whole.data(), buffer.size());
        const NpyArray a = NpyArray::decode(std::move(buffer), "f", "a");
        QCOMPARE(a.storedHeader().version, version);
        QVERIFY(a.storedHeader().bigEndian);
        QVERIFY(a.storedHeader().fortranOrder);
        QCOMPARE(a.shape(), (std::vector<int64_t>{3, 2}));
        QCOMPARE(a.toVector<int16_t>(), (std::vector<int16_t>{1, 4, 2, 5, 3, 6}));
        QVERIFY_THROWS_EXCEPTION(DataError, a.data<float>());
    }

    void formattedHeadersParse() {
        for (const auto& shape :
             std::vector<std::vector<int64_t>>{{}, {0}, {7}, {2, 3, 4}, {1, 99999999}}) {
            const std::string h = formatNpyHeader(DType::U16, shape, false);
            QCOMPARE(h.size() % 64, size_t(0));
            const NpyHeader p =
                parseNpyHeader(reinterpret_cast<const uint8_t*>(h.data()), h.size(), "", "");
            QCOMPARE(p.shape, shape);
            QCOMPARE(p.dtype, DType::U16);
            QCOMPARE(p.dataOffset, h.size());
        }
        QCOMPARE(shapeToString({5}), std::string("(5,)"));
        QCOMPARE(shapeToString({}), std::string("()"));
        QCOMPARE(dtypeDescr(DType::I64, true), std::string(">i8"));
        QCOMPARE(dtypeDescr(DType::U8), std::string("|u1"));
    }

    void everyDtypeRoundTrips_data() {
        QTest::addColumn<int>("level");
        QTest::newRow("deflate") << 6;
        QTest::newRow("stored") << 0;
    }
    void everyDtypeRoundTrips() {
        QFETCH(int, level);
        QTemporaryDir dir;
        const std::string path = dir.filePath("all.npz").toStdString();
        std::mt19937_64 rng(7);
        const auto f4 = randomValues<float>(60, rng);
        const auto f8 = randomValues<double>(60, rng);
        const auto u1 = randomValues<uint8_t>(60, rng);
        const auto i1 = randomValues<int8_t>(60, rng);
        const auto i2 = randomValues<int16_t>(60, rng);
        const auto u2 = randomValues<uint16_t>(60, rng);
        const auto i4 = randomValues<int32_t>(60, rng);
        const auto u4 = randomValues<uint32_t>(60, rng);
        const auto i8 = randomValues<int64_t>(60, rng);
        const auto u8 = randomValues<uint64_t>(60, rng);
        NpzWriter w(level);
        w.add("f4", f4, {3, 4, 5});
        w.add("f8", f8, {60});
        w.add("u1", u1, {6, 10});
        w.add("i1", i1, {60, 1});
        w.add("i2", i2, {2, 30});
        w.add("u2", u2, {60});
        w.add("i4", i4, {5, 12}, true);
        w.add("u4", u4, {60});
        w.add("i8", i8, {30, 2}, true);
        w.add("u8", u8, {1, 1, 60});
        w.add("empty", std::vector<float>{}, {0, 140});
        w.add("scalar", std::vector<double>{3.25}, {});
        w.write(path);
        NpzFile npz = NpzFile::open(path);
        QCOMPARE(npz.members().size(), size_t(12));
        QCOMPARE(npz.members()[0].deflated, level > 0);
        QVERIFY(npz.readHeader("i8").fortranOrder);
        QCOMPARE(npz.readHeader("f4").shape, (std::vector<int64_t>{3, 4, 5}));
        QVERIFY(sameBits(npz.read("f4").toVector<float>(), f4));
        QVERIFY(sameBits(npz.read("f8").toVector<double>(), f8));
        QVERIFY(sameBits(npz.read("u1").toVector<uint8_t>(), u1));
        QVERIFY(sameBits(npz.read("i1").toVector<int8_t>(), i1));
        QVERIFY(sameBits(npz.read("i2").toVector<int16_t>(), i2));
        QVERIFY(sameBits(npz.read("u2").toVector<uint16_t>(), u2));
        QVERIFY(sameBits(npz.read("i4").toVector<int32_t>(), i4));
        QVERIFY(sameBits(npz.read("u4").toVector<uint32_t>(), u4));
        QVERIFY(sameBits(npz.read("i8").toVector<int64_t>(), i8));
        QVERIFY(sameBits(npz.read("u8").toVector<uint64_t>(), u8));
        QCOMPARE(npz.read("empty").elementCount(), int64_t(0));
        QCOMPARE(npz.read("scalar").toVector<double>(), std::vector<double>{3.25});
        // Parallel and sequential reads agree.
        const auto all = npz.readAll(4);
        QCOMPARE(all.size(), size_t(12));
        QCOMPARE(all[0].name(), std::string("f4"));
        QVERIFY(sameBits(all[8].toVector<int64_t>(), i8));
        QVERIFY(!QFile::exists(QString::fromStdString(temporaryPathFor(path))));
    }

    void inMemoryArchive() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("m.npz").toStdString();
        NpzWriter w;
        w.add("x", std::vector<int32_t>{1, 2, 3}, {3});
        w.write(path);
        QFile file(QString::fromStdString(path));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        NpzFile npz = NpzFile::openMemory(bytes.data(), size_t(bytes.size()));
        QCOMPARE(npz.read("x").toVector<int32_t>(), (std::vector<int32_t>{1, 2, 3}));
        QCOMPARE(npz.fileBytes(), int64_t(bytes.size()));
    }

    void tileGraphRoundTrips() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("g.npz").toStdString();
        std::mt19937_64 rng(11);
        const TileGraph g = randomTileGraph(rng, 50, 30);
        writeTileGraph(path, g);
        const TileGraph r = readTileGraph(path, ReadOptions{true});
        QCOMPARE(r.name, std::string("g"));
        QVERIFY(sameBits(r.nodeFeat, g.nodeFeat));
        QVERIFY(sameBits(r.nodeOpcode, g.nodeOpcode));
        QVERIFY(sameBits(r.edgeIndex, g.edgeIndex));
        QVERIFY(sameBits(r.configFeat, g.configFeat));
        QVERIFY(sameBits(r.configRuntime, g.configRuntime));
        QVERIFY(sameBits(r.configRuntimeNormalizers, g.configRuntimeNormalizers));
        QCOMPARE(detectGraphKind(path), GraphKind::Tile);
    }

    void layoutGraphRoundTrips() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("l.npz").toStdString();
        std::mt19937_64 rng(13);
        const LayoutGraph g = randomLayoutGraph(rng, 300, 40, 25);
        writeLayoutGraph(path, g);
        NpzFile npz = NpzFile::open(path);
        QVERIFY(npz.readHeader("edge_index").fortranOrder);  // like the real files
        QCOMPARE(npz.readHeader("node_splits").shape, (std::vector<int64_t>{1, 3}));
        QCOMPARE(npz.readHeader("node_config_feat").shape, (std::vector<int64_t>{40, 25, 18}));
        const LayoutGraph r = readLayoutGraph(path, ReadOptions{true});
        QVERIFY(sameBits(r.nodeFeat, g.nodeFeat));
        QVERIFY(sameBits(r.nodeOpcode, g.nodeOpcode));
        QVERIFY(sameBits(r.edgeIndex, g.edgeIndex));
        QVERIFY(sameBits(r.nodeConfigIds, g.nodeConfigIds));
        QVERIFY(r.configs == g.configs);
        QVERIFY(sameBits(r.configRuntime, g.configRuntime));
        QVERIFY(sameBits(r.nodeSplits, g.nodeSplits));
        QCOMPARE(r.configs.toFloats(), g.configs.toFloats());
        QCOMPARE(detectGraphKind(path), GraphKind::Layout);
        // The reader that keeps node_config_feat as read: the same floats, packed on demand to
        // the same configs, the other arrays alike.
        std::optional<NpyArray> kept;
        const LayoutGraph k = readLayoutGraph(path, ReadOptions{true}, &kept);
        QVERIFY(kept.has_value());
        QCOMPARE(k.configs.configCount(), int64_t(0));  // not packed
        QCOMPARE(kept->shape(), (std::vector<int64_t>{40, 25, 18}));
        const std::vector<float> floats = g.configs.toFloats();
        QCOMPARE(std::vector<float>(kept->data<float>(), kept->data<float>() + floats.size()),
                 floats);
        QVERIFY(packLayoutConfigs(*kept) == g.configs);
        QVERIFY(sameBits(k.nodeFeat, g.nodeFeat));
        QVERIFY(sameBits(k.edgeIndex, g.edgeIndex));
        QVERIFY(sameBits(k.configRuntime, g.configRuntime));
        // Streamed arrays are packed as before.
        ReadOptions streamed;
        streamed.streamLayoutConfigsAbove = 0;
        std::optional<NpyArray> none;
        QVERIFY(readLayoutGraph(path, streamed, &none).configs == g.configs);
        QVERIFY(!none.has_value());
    }

    void layoutConfigsStreamLikeWholeReads() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.npz").toStdString();
        std::mt19937_64 rng(19);
        const LayoutGraph g = randomLayoutGraph(rng, 200, 300, 60);  // 1.3 MB of config floats
        writeLayoutGraph(path, g);
        ReadOptions streamed;
        streamed.streamLayoutConfigsAbove = 0;
        const LayoutGraph r = readLayoutGraph(path, streamed);
        QVERIFY(r.configs == g.configs);
        QCOMPARE(r.configs.configCount(), int64_t(300));
        QCOMPARE(r.configs.nodeCount(), int64_t(60));
        // A bad value is found, with its position, while streaming.
        std::vector<float> values = g.configs.toFloats();
        values[size_t((250 * 60 + 7) * 18 + 3)] = 6.0f;
        NpzWriter w;
        w.add("node_feat", g.nodeFeat, {200, 140});
        w.add("node_opcode", g.nodeOpcode, {200});
        w.add("edge_index", g.edgeIndex, {199, 2}, true);
        w.add("node_config_feat", values, {300, 60, 18});
        w.add("node_config_ids", g.nodeConfigIds, {60});
        w.add("config_runtime", g.configRuntime, {300});
        w.add("node_splits", g.nodeSplits, {1, 3});
        w.write(path);
        // The streaming reader and the one that keeps the floats both find it.
        std::optional<NpyArray> kept;
        const std::function<void()> readers[] = {[&] { readLayoutGraph(path, streamed); },
                                                 [&] { readLayoutGraph(path, {}, &kept); }};
        for (const std::function<void()>& read : readers) {
            try {
                read();
                QFAIL("no error for config value 6");
            } catch (const DataError& e) {
                QCOMPARE(e.array(), std::string("node_config_feat"));
                QVERIFY2(e.problem().find("at config 250, configurable node 7, feature 3") !=
                             std::string::npos,
                         e.what());
            }
        }
        // Chunks cover the array exactly, in order.
        NpzFile npz = NpzFile::open(path);
        int64_t next = 0;
        npz.readChunks("node_config_feat", 1000 * 72,
                       [&](const uint8_t*, size_t bytes, int64_t offset) {
                           QCOMPARE(offset, next);
                           next += int64_t(bytes);
                       });
        QCOMPARE(next, int64_t(300 * 60 * 18 * 4));
    }

    // libzip 1.7 initialises its open checks lazily without a lock: a process whose first
    // archives were written by several threads at once failed ~2 % of the time with "Read-only
    // archive". Each run is a fresh process, so each meets that first use.
    void firstWritesFromThreadsSucceed() {
        constexpr int kProcesses = 200;
        for (int run = 0; run < kProcesses; ++run) {
            QTemporaryDir dir;
            QProcess child;
            QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
            environment.insert(kFirstWritesFolder, dir.path());
            child.setProcessEnvironment(environment);
            child.start(QCoreApplication::applicationFilePath(), {});
            QVERIFY(child.waitForFinished(30000));
            QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0,
                     qPrintable(QString("run %1: %2")
                                    .arg(run)
                                    .arg(QString::fromLocal8Bit(child.readAllStandardError()))));
            QCOMPARE(QDir(dir.path()).entryList({"*.npz"}).size(), 8);
        }
    }

    void writerRejectsInvalidGraphs() {
        QTemporaryDir dir;
        std::mt19937_64 rng(17);
        TileGraph g = randomTileGraph(rng, 5, 3);
        g.edgeIndex[1] = 99;
        const std::string path = dir.filePath("bad.npz").toStdString();
        QVERIFY_THROWS_EXCEPTION(DataError, writeTileGraph(path, g));
        QVERIFY(!QFile::exists(QString::fromStdString(path)));
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsSet(kFirstWritesFolder))
        return writeFirstArchivesFromThreads(
            qEnvironmentVariable(kFirstWritesFolder).toStdString());
    QCoreApplication app(argc, argv);
    TestNpz test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_data_npz.moc"
