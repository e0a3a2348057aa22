// Unit test of the app's one number format (common/units.h) and of the chart axis built on it
// (charts/unit_axis.h): durations in ns/µs/ms/s, speed-ups near 1 as percentages, compact counts,
// round ticks after any pan or zoom, and no labels on an empty axis.
#include <QtTest>

#include "charts/unit_axis.h"
#include "common/units.h"

using namespace tpugraphs::ui;

class TestUnits : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void durations_data() {
        QTest::addColumn<double>("ns");
        QTest::addColumn<QString>("text");
        QTest::newRow("ns") << 512.0 << "512 ns";
        QTest::newRow("µs") << 3500.0 << "3.5 µs";
        QTest::newRow("ms") << 3.5e6 << "3.5 ms";
        QTest::newRow("tree") << 2.33e8 << "233 ms";
        QTest::newRow("s") << 8e10 << "80 s";
    }
    void durations() {
        QFETCH(double, ns);
        QFETCH(QString, text);
        QCOMPARE(durationText(ns), text);
    }

    void speedups_data() {
        QTest::addColumn<double>("ratio");
        QTest::addColumn<QString>("text");
        QTest::newRow("real layout") << 1.0034 << "1.0034×";
        QTest::newRow("few percent") << 1.052 << "1.0520×";
        QTest::newRow("factor") << 1.25 << "1.25×";
        QTest::newRow("large") << 12.5 << "12.5×";
    }
    void speedups() {
        QFETCH(double, ratio);
        QFETCH(QString, text);
        QCOMPARE(speedupText(ratio), text);
    }

    void countsAndScores() {
        QCOMPARE(compactCount(21918), QString("21.9k"));
        QCOMPARE(compactCount(1234567), QString("1.2M"));
        QCOMPARE(scoreText(0.12345), QString("0.1235"));
        QCOMPARE(scoreText(NAN), QString("-"));
    }

    void roundTicks() {
        QCOMPARE(roundTickStep(0, 1, 5), 0.2);
        QCOMPARE(roundTickStep(-7.345, 2.655, 6), 2.0);
        const std::vector<double> ticks = tpugraphs::ui::roundTicks(-7.345, 2.655, 2.0);
        QCOMPARE(ticks, (std::vector<double>{-6, -4, -2, 0, 2}));
        QCOMPARE(decimalsForStep(0.05), 2);
        QCOMPARE(decimalsForStep(50), 0);
    }

    void durationAxis() {
        UnitAxis axis(UnitAxis::Labels::Duration);
        axis.setRange(0, 8e10);
        QCOMPARE(axis.tickLabels().first(), QString("0 s"));
        QVERIFY2(axis.tickLabels().contains("20 s"), qPrintable(axis.tickLabels().join(", ")));
        axis.setRange(3.41e6, 3.62e6);  // zoomed in: finer steps, same unit on every label
        for (const QString& label : axis.tickLabels())
            QVERIFY2(label.endsWith(" ms") && !label.contains("e+"), qPrintable(label));
    }

    void axisAfterPan() {
        UnitAxis axis(UnitAxis::Labels::Number);
        axis.setRange(-7.345, 2.655);  // a pan moved the range off round values
        QCOMPARE(axis.tickLabels(), (QStringList{"-6", "-4", "-2", "0", "2"}));
        QCOMPARE(axis.tickValues(), (QList<double>{-6, -4, -2, 0, 2}));
    }

    void logAxis() {
        UnitAxis axis(UnitAxis::Labels::Log10Duration);
        axis.setRange(6, 10.5);  // 1 ms to ~32 s
        QCOMPARE(axis.tickLabels(), (QStringList{"1 ms", "10 ms", "100 ms", "1 s", "10 s"}));
    }

    void emptyAxisHasNoLabels() {
        UnitAxis axis(UnitAxis::Labels::Integer);
        axis.setRange(0, 1);
        QCOMPARE(axis.tickLabels(), (QStringList{"0", "1"}));
        axis.setEmpty(true);
        QVERIFY(axis.tickLabels().isEmpty());
        axis.setEmpty(false);
        QCOMPARE(axis.tickLabels().size(), 2);
    }
};

QTEST_MAIN(TestUnits)
#include "tst_units.moc"
