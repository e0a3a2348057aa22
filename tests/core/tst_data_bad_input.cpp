// Bad-input suite: each corruption of an .npz gives its own clear DataError, never a crash.
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <functional>

#include "data/dataset.h"
#include "data/graph_io.h"
#include "data/npz_file.h"
#include "npz_fixtures.h"

using namespace tpugraphs;
using namespace tpugraphs::test;

namespace {

// The archive with entry 0 (node_feat) changed by `change`.
QByteArray corruptEntry(const std::function<void(ZipEntry&)>& change) {
    std::vector<ZipEntry> e = entries(tileMembers());
    change(e[0]);
    const Bytes zip = buildZip(e);
    return QByteArray(reinterpret_cast<const char*>(zip.data()), qsizetype(zip.size()));
}

Bytes nodeFeatWith(float value) {
    std::vector<float> feat(4 * 140, 1.0f);
    feat[5] = value;
    return npy(feat, {4, 140});
}

std::vector<float> layoutConfigsWith(float value) {
    std::vector<float> c(2 * 2 * 18, 3.0f);
    c[40] = value;  // config 1, node 0, feature 4
    return c;
}

}  // namespace

class TestBadInput : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rejects_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("array");    // the array the error must name ("" = whole file)
        QTest::addColumn<QString>("problem");  // a fragment of the expected problem text
        QTest::addColumn<bool>("train");       // read with requireRuntimes

        const Members tile = tileMembers();
        const Bytes tileZip = buildZip(entries(tile));
        const QByteArray valid(reinterpret_cast<const char*>(tileZip.data()),
                               qsizetype(tileZip.size()));
        const Bytes okDict = npy(std::vector<float>(4 * 140), {4, 140});
        const Bytes zeros(4 * 140 * 4, 0);

        // The container.
        QTest::newRow("empty file") << QByteArray() << ""
                                    << "not a readable zip archive" << false;
        QTest::newRow("not a zip") << QByteArray("hello, I am a text file\n") << ""
                                   << "not a readable zip archive" << false;
        QTest::newRow("truncated file") << valid.left(valid.size() * 2 / 3) << ""
                                        << "not a readable zip archive" << false;
        QTest::newRow("wrong local header magic") << QByteArray("XXXX") + valid.mid(4) << ""
                                                  << "not a readable zip archive" << false;
        QTest::newRow("bad CRC") << corruptEntry([](ZipEntry& e) { e.crc ^= 0x1234; })
                                 << "node_feat"
                                 << "CRC-32 mismatch" << false;
        QTest::newRow("corrupted stored data") << corruptEntry([](ZipEntry& e) {
            const uint32_t crc = e.crc;
            e = zipEntry("node_feat.npy", nodeFeatWith(1.0f), false);
            e.payload[300] ^= 0xff;
            e.crc = crc;
        }) << "node_feat"
                                               << "CRC-32 mismatch" << false;
        QTest::newRow("truncated deflate stream")
            << corruptEntry([](ZipEntry& e) { e.payload.resize(e.payload.size() / 2); })
            << "node_feat"
            << "deflate stream" << false;
        QTest::newRow("garbage deflate stream") << corruptEntry([](ZipEntry& e) {
            std::fill(e.payload.begin(), e.payload.end(), 0xff);
        }) << "node_feat"
                                                << "corrupt or truncated deflate stream" << false;
        QTest::newRow("inflates short")
            << corruptEntry([](ZipEntry& e) { e.size += 10; }) << "node_feat"
            << "ends before the declared" << false;
        QTest::newRow("inflates long")
            << corruptEntry([](ZipEntry& e) { e.size -= 10; }) << "node_feat"
            << "more than the declared" << false;
        QTest::newRow("impossible size (bomb)")
            << corruptEntry([](ZipEntry& e) { e.size = uint32_t(e.payload.size()) * 2000; })
            << "node_feat"
            << "more than deflate can produce" << false;
        QTest::newRow("entry larger than the file")
            << corruptEntry([](ZipEntry& e) { e.declaredCompressed = 1000000; }) << ""
            << "not a readable zip archive" << false;
        QTest::newRow("unsupported compression")
            << corruptEntry([](ZipEntry& e) { e.method = 12; }) << "node_feat"
            << "unsupported zip compression method 12" << false;
        QTest::newRow("stored size mismatch") << corruptEntry([](ZipEntry& e) {
            e = zipEntry("node_feat.npy", nodeFeatWith(1.0f), false);
            e.size += 4;
        }) << "node_feat"
                                              << "stored zip entry has compressed size" << false;
        // The npy format.
        Bytes badMagic = okDict;
        badMagic[1] = 'X';
        QTest::newRow("npy bad magic") << archive(with(tile, "node_feat", badMagic)) << "node_feat"
                                       << "bad magic" << false;
        Bytes version4 = okDict;
        version4[6] = 4;
        QTest::newRow("npy version 4") << archive(with(tile, "node_feat", version4)) << "node_feat"
                                       << "unsupported npy format version 4" << false;
        Bytes longHeader = okDict;
        longHeader[9] = 0x7f;
        QTest::newRow("npy header longer than member")
            << archive(with(tile, "node_feat", longHeader)) << "node_feat"
            << "npy header is truncated (needs 32640 bytes, 2368 available)" << false;
        QTest::newRow("npy too short")
            << archive(with(tile, "node_feat", Bytes{0x93, 'N', 'U'})) << "node_feat"
            << "too short to be an npy array" << false;
        QTest::newRow("malformed header")
            << archive(with(tile, "node_feat", npyRaw("{'descr' '<f4', }\n", zeros))) << "node_feat"
            << "malformed npy header" << false;
        QTest::newRow("header missing key")
            << archive(with(tile, "node_feat",
                            npyRaw("{'descr': '<f4', 'fortran_order': False, }\n", zeros)))
            << "node_feat"
            << "has no 'shape'" << false;
        QTest::newRow("header unknown key")
            << archive(with(
                   tile, "node_feat",
                   npyRaw("{'descr': '<f4', 'fortran_order': False, 'shape': (4, 140), 'x': 1}\n",
                          zeros)))
            << "node_feat"
            << "unexpected key 'x'" << false;
        QTest::newRow("unsupported dtype")
            << archive(with(
                   tile, "node_feat",
                   npyRaw("{'descr': '<c8', 'fortran_order': False, 'shape': (4, 70), }\n", zeros)))
            << "node_feat"
            << "unsupported dtype '<c8'" << false;
        QTest::newRow("structured dtype")
            << archive(with(
                   tile, "node_feat",
                   npyRaw(
                       "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (4, 140), }\n",
                       zeros)))
            << "node_feat"
            << "structured arrays are not supported" << false;
        QTest::newRow("header lies about shape")
            << archive(
                   with(tile, "node_feat",
                        npyRaw("{'descr': '<f4', 'fortran_order': False, 'shape': (5, 140), }\n",
                               zeros)))
            << "node_feat"
            << "needs 2800 bytes of data but 2240 are stored" << false;
        QTest::newRow("shape overflows")
            << archive(with(tile, "node_feat",
                            npyRaw("{'descr': '<f4', 'fortran_order': False, 'shape': "
                                   "(99999999999, 99999999999), }\n",
                                   zeros)))
            << "node_feat"
            << "is too large" << false;
        QTest::newRow("huge shape with a zero dimension")
            << archive(with(tile, "node_feat",
                            npyRaw("{'descr': '<f4', 'fortran_order': False, 'shape': "
                                   "(99999999999, 99999999999, 0), }\n",
                                   zeros)))
            << "node_feat"
            << "needs 0 bytes of data but 2240 are stored" << false;
        // The schema.
        QTest::newRow("missing array") << archive(without(tile, "node_opcode")) << "node_opcode"
                                       << "missing array" << false;
        QTest::newRow("unexpected array")
            << archive(with(tile, "extra", npy(std::vector<int64_t>{1}, {1}))) << "extra"
            << "unexpected array in a tile file" << false;
        QTest::newRow("neither tile nor layout") << archive({tile[0]}) << ""
                                                 << "is neither a tile file" << false;
        QTest::newRow("wrong dtype")
            << archive(with(tile, "node_feat", npy(std::vector<int64_t>(560), {4, 140})))
            << "node_feat"
            << "has dtype int64, expected float32" << false;
        QTest::newRow("float runtimes")
            << archive(with(tile, "config_runtime", npy(std::vector<double>{1, 2, 3}, {3})))
            << "config_runtime"
            << "has dtype float64, expected an integer" << false;
        QTest::newRow("wrong rank")
            << archive(with(tile, "node_opcode", npy(std::vector<uint8_t>{1, 2, 3, 4}, {4, 1})))
            << "node_opcode"
            << "has rank 2" << false;
        QTest::newRow("wrong feature width")
            << archive(with(tile, "node_feat", npy(std::vector<float>(4 * 139), {4, 139})))
            << "node_feat"
            << "expected 140 in dimension 1" << false;
        QTest::newRow("inconsistent node count")
            << archive(with(tile, "node_opcode", npy(std::vector<uint8_t>{1, 2, 3, 4, 5}, {5})))
            << "node_opcode"
            << "inconsistent with the node count 4 of node_feat" << false;
        QTest::newRow("inconsistent config count")
            << archive(with(tile, "config_runtime", npy(std::vector<int64_t>{1, 2, 3, 4}, {4})))
            << "config_runtime"
            << "inconsistent with the config count 3 of config_feat" << false;
        // The values.
        QTest::newRow("edge out of range")
            << archive(
                   with(tile, "edge_index", npy(std::vector<int64_t>{1, 0, 2, 1, 4, 2}, {3, 2})))
            << "edge_index"
            << "edge 2 = (4, 2) refers to node 4, outside 0..3" << false;
        QTest::newRow("negative edge")
            << archive(
                   with(tile, "edge_index", npy(std::vector<int64_t>{1, -1, 2, 1, 3, 2}, {3, 2})))
            << "edge_index"
            << "refers to node -1" << false;
        QTest::newRow("huge unsigned edge")
            << archive(with(tile, "edge_index",
                            npy(std::vector<uint64_t>{1, 0, 2, 1, 3, 1ull << 63}, {3, 2})))
            << "edge_index"
            << "value 9223372036854775808 at index 5 is outside" << false;
        QTest::newRow("opcode above 255")
            << archive(with(tile, "node_opcode", npy(std::vector<int16_t>{1, 2, 300, 4}, {4})))
            << "node_opcode"
            << "value 300 at index 2 is outside 0..255" << false;
        // Ids past the opcode table index the models' embedding out of range: refused on read.
        QTest::newRow("opcode past the table (tile)")
            << archive(with(tile, "node_opcode", npy(std::vector<uint8_t>{1, 2, 121, 4}, {4})))
            << "node_opcode"
            << "opcode id 121 of node 2 is outside 0..120" << false;
        QTest::newRow("opcode past the table (layout)")
            << archive(with(layoutMembers(), "node_opcode",
                            npy(std::vector<uint8_t>{1, 2, 3, 4, 200, 6}, {6})))
            << "node_opcode"
            << "opcode id 200 of node 4 is outside 0..120" << false;
        QTest::newRow("NaN feature")
            << archive(with(tile, "node_feat", nodeFeatWith(std::nanf("")))) << "node_feat"
            << "NaN at row 0, column 5" << false;
        QTest::newRow("Inf feature")
            << archive(with(tile, "node_feat", nodeFeatWith(INFINITY))) << "node_feat"
            << "Inf at row 0, column 5" << false;
        QTest::newRow("zero runtime in train")
            << archive(with(tile, "config_runtime", npy(std::vector<int64_t>{10, 0, 30}, {3})))
            << "config_runtime"
            << "runtime of config 1 is 0 in a train/valid file" << true;
        QTest::newRow("negative runtime")
            << archive(with(tile, "config_runtime", npy(std::vector<int64_t>{10, -5, 30}, {3})))
            << "config_runtime"
            << "runtime -5 of config 1 is negative" << false;
        QTest::newRow("zero normalizer") << archive(with(tile, "config_runtime_normalizers",
                                                         npy(std::vector<int64_t>{5, 0, 5}, {3})))
                                         << "config_runtime_normalizers"
                                         << "normalizer 0 of config 1 is not positive" << false;
        // Layout files.
        const Members layout = layoutMembers();
        QTest::newRow("layout config value 7")
            << archive(layoutMembers(layoutConfigsWith(7.0f))) << "node_config_feat"
            << "value 7.000000 at config 1, configurable node 0, feature 4 is not an integer in "
               "-1..5"
            << false;
        QTest::newRow("layout config value 0.5")
            << archive(layoutMembers(layoutConfigsWith(0.5f))) << "node_config_feat"
            << "not an integer in -1..5" << false;
        QTest::newRow("layout config NaN")
            << archive(layoutMembers(layoutConfigsWith(std::nanf("")))) << "node_config_feat"
            << "value nan at config 1" << false;
        QTest::newRow("configurable id out of range")
            << archive(with(layout, "node_config_ids", npy(std::vector<int64_t>{2, 6}, {2})))
            << "node_config_ids"
            << "configurable id 6 at index 1 is outside 0..5" << false;
        QTest::newRow("duplicate configurable id")
            << archive(with(layout, "node_config_ids", npy(std::vector<int64_t>{4, 4}, {2})))
            << "node_config_ids"
            << "not strictly increasing" << false;
        QTest::newRow("node split out of range")
            << archive(with(layout, "node_splits", npy(std::vector<int64_t>{0, 7}, {1, 2})))
            << "node_splits"
            << "split 7 at index 1 is outside 0..6" << false;
        QTest::newRow("layout configurable count mismatch")
            << archive(with(layout, "node_config_ids", npy(std::vector<int64_t>{1, 2, 4}, {3})))
            << "node_config_ids"
            << "inconsistent with the configurable node count 2 of node_config_feat" << false;
        QTest::newRow("tile array in a layout file")
            << archive(
                   with(layout, "config_runtime_normalizers", npy(std::vector<int64_t>{1, 1}, {2})))
            << "config_runtime_normalizers"
            << "unexpected array in a layout file" << false;
    }

    void rejects() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, array);
        QFETCH(QString, problem);
        QFETCH(bool, train);
        QTemporaryDir dir;
        const std::string path = dir.filePath("graph.npz").toStdString();
        QFile file(QString::fromStdString(path));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(bytes);
        file.close();
        ReadOptions options;
        options.requireRuntimes = train;
        try {
            if (detectGraphKind(path) == GraphKind::Tile)
                readTileGraph(path, options);
            else
                readLayoutGraph(path, options);
            QFAIL("no error for a corrupt file");
        } catch (const DataError& e) {
            QCOMPARE(QString::fromStdString(e.file()), QString::fromStdString(path));
            QCOMPARE(QString::fromStdString(e.array()), array);
            QVERIFY2(QString::fromStdString(e.problem()).contains(problem), e.what());
            QVERIFY(QString(e.what()).startsWith(QString::fromStdString(path)));
        }
        // The scanner's header-only description never throws, and the raw reader never crashes.
        const GraphEntry entry = describeGraphFile(path);
        QCOMPARE(entry.name, std::string("graph"));
        try {
            NpzFile npz = NpzFile::openMemory(bytes.data(), size_t(bytes.size()));
            npz.readAll();
        } catch (const DataError&) {
        }
    }

    void duplicateArray() {
        const Members tile = tileMembers();
        std::vector<ZipEntry> e = entries(tile);
        e.push_back(zipEntry("node_feat.npy", tile[0].second));
        const Bytes zip = buildZip(e);
        try {
            NpzFile::openMemory(zip.data(), zip.size(), "dup.npz");
            QFAIL("no error for a duplicate array");
        } catch (const DataError& error) {
            QCOMPARE(error.array(), std::string("node_feat"));
            QCOMPARE(error.problem(), std::string("the array appears twice in the archive"));
        }
    }

    void headerLevelErrorsReachTheScanner() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("g.npz").toStdString();
        const Bytes zip = buildZip(entries(without(tileMembers(), "config_feat")));
        QFile file(QString::fromStdString(path));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(reinterpret_cast<const char*>(zip.data()), qsizetype(zip.size()));
        file.close();
        const GraphEntry entry = describeGraphFile(path);
        QVERIFY(QString::fromStdString(entry.error).contains("is neither a tile file"));
        QVERIFY(!describeGraphFile(dir.filePath("absent.npz").toStdString()).error.empty());
    }

    void validFixturesLoad() {
        const Bytes t = buildZip(entries(tileMembers()));
        NpzFile tile = NpzFile::openMemory(t.data(), t.size(), "tile");
        QCOMPARE(readTileGraph(tile, ReadOptions{true}).nodeCount(), int64_t(4));
        const Bytes l = buildZip(entries(layoutMembers()));
        NpzFile layout = NpzFile::openMemory(l.data(), l.size(), "layout");
        const LayoutGraph g = readLayoutGraph(layout, ReadOptions{true});
        QCOMPARE(g.configs.toFloats(), std::vector<float>(2 * 2 * 18, 3.0f));
    }
};

QTEST_GUILESS_MAIN(TestBadInput)
#include "tst_data_bad_input.moc"
