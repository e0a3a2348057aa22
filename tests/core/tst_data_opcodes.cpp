// Tests the compiled-in opcode names against ../shared/reference/opcodes.tsv and the families.
#include <QtTest>

#include "data/opcodes.h"

using namespace tpugraphs;

class TestOpcodes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void namesMatchReferenceTable() {
        QFile file(QStringLiteral(TPUGRAPHS_SHARED_REFERENCE "/opcodes.tsv"));
        if (!file.open(QIODevice::ReadOnly)) QSKIP("../shared/reference absent: opcodes.tsv");
        const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
        int rows = 0;
        for (const QString& line : lines.mid(1)) {
            const QStringList cells = line.split('\t');
            QVERIFY(cells.size() >= 2);
            const int id = cells[0].toInt();
            QCOMPARE(QString::fromLatin1(opcodeName(id)), cells[1]);
            QCOMPARE(opcodeIdFromName(cells[1].toStdString()), id);
            ++rows;
        }
        QCOMPARE(rows, kOpcodeMaxId);
    }

    void unknownIds() {
        QCOMPARE(QString(opcodeName(0)), QString("unknown"));
        QCOMPARE(QString(opcodeName(121)), QString("unknown"));
        QCOMPARE(opcodeFamily(0), OpcodeFamily::Other);
        QCOMPARE(opcodeIdFromName("no-such-op"), -1);
    }

    void families_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("family");
        QTest::newRow("parameter") << "parameter" << int(OpcodeFamily::Input);
        QTest::newRow("add") << "add" << int(OpcodeFamily::Elementwise);
        QTest::newRow("reshape") << "reshape" << int(OpcodeFamily::DataMovement);
        QTest::newRow("dot") << "dot" << int(OpcodeFamily::DotConvolution);
        QTest::newRow("convolution") << "convolution" << int(OpcodeFamily::DotConvolution);
        QTest::newRow("reduce") << "reduce" << int(OpcodeFamily::Reduce);
        QTest::newRow("all-reduce") << "all-reduce" << int(OpcodeFamily::Collective);
        QTest::newRow("tuple") << "tuple" << int(OpcodeFamily::Control);
        QTest::newRow("fusion") << "fusion" << int(OpcodeFamily::Other);
    }
    void families() {
        QFETCH(QString, name);
        QFETCH(int, family);
        QCOMPARE(int(opcodeFamily(opcodeIdFromName(name.toStdString()))), family);
    }

    void familyNamesAreDistinct() {
        QSet<QString> names;
        for (int f = 0; f < kOpcodeFamilyCount; ++f)
            names.insert(QString(opcodeFamilyName(static_cast<OpcodeFamily>(f))));
        QCOMPARE(names.size(), kOpcodeFamilyCount);
    }
};

QTEST_GUILESS_MAIN(TestOpcodes)
#include "tst_data_opcodes.moc"
