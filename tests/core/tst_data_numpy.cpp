// Interoperability with numpy (Debian's /usr/bin/python3): numpy reads what we write, and we read
// every dtype, byte order, memory order and format version numpy writes, bit for bit.
#include <QCryptographicHash>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <random>

#include "data/graph_io.h"
#include "data/npz_file.h"
#include "data/npz_writer.h"

using namespace tpugraphs;

namespace {

const char* kPython = "/usr/bin/python3";

// Runs a python script with numpy; returns its stdout lines, or skips when numpy is missing.
QStringList runPython(const QString& script, const QStringList& args) {
    QProcess p;
    p.start(kPython, QStringList{"-c", script} + args);
    if (!p.waitForFinished(120000) || p.exitCode() != 0)
        return {"error: " + QString(p.readAllStandardError())};
    return QString(p.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
}

bool haveNumpy() {
    QProcess p;
    p.start(kPython, {"-c", "import numpy"});
    return p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

QString sha1(const uint8_t* data, size_t size) {
    return QCryptographicHash::hash(QByteArrayView(data, qsizetype(size)), QCryptographicHash::Sha1)
        .toHex();
}

const char* kDescribe = R"(
import sys, hashlib, numpy as np
z = np.load(sys.argv[1])
for k in z.files:
    a = z[k]
    print(k, a.dtype.str, 'x'.join(map(str, a.shape)), int(a.flags.f_contiguous and not a.flags.c_contiguous),
          hashlib.sha1(np.ascontiguousarray(a).tobytes()).hexdigest())
)";

const char* kWrite = R"(
import sys, os, hashlib, numpy as np
out = sys.argv[1]
base = (np.arange(24) * 37 % 251 - 100).reshape(2, 3, 4)
for dt in ['<f4','>f4','<f8','>f8','|u1','|i1','<i2','>i2','<u2','>u2','<i4','>i4','<u4','>u4','<i8','>i8','<u8','>u8']:
    a = (base % 200 if dt[1] == 'u' else base).astype(dt)
    for order in 'CF':
        for version in [(1, 0), (2, 0), (3, 0)]:
            b = np.asfortranarray(a) if order == 'F' else a
            b2 = b.reshape(6, 4, order=order) if version == (2, 0) else b
            name = '%s_%s_%d' % (dt[1:] + ('be' if dt[0] == '>' else ''), order, version[0])
            with open(os.path.join(out, name + '.npy'), 'wb') as f:
                np.lib.format.write_array(f, b2, version=version)
            native = np.ascontiguousarray(b2.astype(b2.dtype.newbyteorder('=')))
            print(name, 'x'.join(map(str, b2.shape)), hashlib.sha1(native.tobytes()).hexdigest())
e = np.asfortranarray(np.arange(20, dtype='<i8').reshape(10, 2))
np.savez(os.path.join(out, 'plain.npz'), e=e, f=np.ones((3, 140), '<f4'))
np.savez_compressed(os.path.join(out, 'compressed.npz'), e=e, f=np.ones((3, 140), '<f4'))
print('archive', hashlib.sha1(np.ascontiguousarray(e).tobytes()).hexdigest())
)";

}  // namespace

class TestNumpy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        if (!haveNumpy())
            QSKIP("/usr/bin/python3 with numpy absent: numpy interoperability skipped");
    }

    void numpyReadsOurGraphs() {
        QTemporaryDir dir;
        LayoutGraph g;
        const int64_t n = 40, c = 6, k = 4;
        std::mt19937 rng(3);
        for (int64_t i = 0; i < n * 140; ++i) g.nodeFeat.push_back(float(rng() % 1000) / 8.0f);
        for (int64_t i = 0; i < n; ++i) g.nodeOpcode.push_back(uint8_t(1 + rng() % 120));
        for (int64_t u = 1; u < n; ++u)
            g.edgeIndex.insert(g.edgeIndex.end(), {u, int64_t(rng() % u)});
        g.nodeConfigIds = {3, 9, 20, 39};
        std::vector<float> values(size_t(c * k * 18));
        for (float& v : values) v = float(int(rng() % 7) - 1);
        g.configs = PackedLayoutConfigs::fromFloats(values.data(), c, k);
        g.configRuntime = {5, 6, 7, 8, 9, 10};
        g.nodeSplits = {0, 20, 40};
        const std::string path = dir.filePath("layout.npz").toStdString();
        writeLayoutGraph(path, g);

        const QStringList lines = runPython(kDescribe, {QString::fromStdString(path)});
        QCOMPARE(lines.size(), 7);
        std::map<QString, QStringList> byName;
        for (const QString& line : lines) byName[line.section(' ', 0, 0)] = line.split(' ');
        QCOMPARE(byName["edge_index"][1], QString("<i8"));
        QCOMPARE(byName["edge_index"][2], QString("39x2"));
        QCOMPARE(byName["edge_index"][3], QString("1"));  // Fortran order, like the real files
        QCOMPARE(byName["edge_index"][4], sha1(reinterpret_cast<const uint8_t*>(g.edgeIndex.data()),
                                               g.edgeIndex.size() * 8));
        QCOMPARE(byName["node_feat"][1], QString("<f4"));
        QCOMPARE(byName["node_feat"][4],
                 sha1(reinterpret_cast<const uint8_t*>(g.nodeFeat.data()), g.nodeFeat.size() * 4));
        QCOMPARE(byName["node_opcode"][1], QString("|u1"));
        QCOMPARE(byName["node_config_feat"][2], QString("6x4x18"));
        QCOMPARE(byName["node_config_feat"][4],
                 sha1(reinterpret_cast<const uint8_t*>(values.data()), values.size() * 4));
        QCOMPARE(byName["node_splits"][2], QString("1x3"));
        QCOMPARE(byName["config_runtime"][1], QString("<i8"));
    }

    void weReadWhatNumpyWrites() {
        QTemporaryDir dir;
        const QStringList lines = runPython(kWrite, {dir.path()});
        QVERIFY2(lines.size() > 100, qPrintable(lines.join('\n')));
        int checked = 0;
        for (const QString& line : lines) {
            const QStringList f = line.split(' ');
            if (f[0] == "archive") {
                for (const char* name : {"plain.npz", "compressed.npz"}) {
                    NpzFile npz = NpzFile::open(dir.filePath(name).toStdString());
                    QCOMPARE(npz.members()[0].deflated, std::string(name) == "compressed.npz");
                    const NpyArray e = npz.read("e");
                    QCOMPARE(sha1(e.bytes(), e.byteSize()), f[1]);
                    QCOMPARE(npz.read("f").toVector<float>(), std::vector<float>(420, 1.0f));
                }
                continue;
            }
            const NpyArray a = NpyArray::readFile(dir.filePath(f[0] + ".npy").toStdString());
            QStringList dims;
            for (int64_t d : a.shape()) dims << QString::number(d);
            QCOMPARE(dims.join('x'), f[1]);
            QVERIFY2(sha1(a.bytes(), a.byteSize()) == f[2], qPrintable(f[0]));
            QCOMPARE(a.storedHeader().version, f[0].right(1).toInt());
            QCOMPARE(a.storedHeader().fortranOrder, f[0].contains("_F_"));
            QCOMPARE(a.storedHeader().bigEndian, f[0].contains("be_"));
            ++checked;
        }
        QCOMPARE(checked, 18 * 2 * 3);
    }
};

QTEST_GUILESS_MAIN(TestNumpy)
#include "tst_data_numpy.moc"
