// Unit tests of the live-chart data path: min/max decimation and per-run curves.
#include <QtTest>

#include <cmath>

#include "training/decimation.h"
#include "training/run_curves.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

class TestTrainingCurves : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shortSeriesUnchanged();
    void decimationCapsAndKeepsExtremes_data();
    void decimationCapsAndKeepsExtremes();
    void curvesSplitTrainingAndValidation();
    void smoothedLossFollowsRaw();
};

void TestTrainingCurves::shortSeriesUnchanged() {
    const QList<QPointF> points{{0, 1}, {1, 3}, {2, 2}};
    QCOMPARE(decimateMinMax(points, 10), points);
}

void TestTrainingCurves::decimationCapsAndKeepsExtremes_data() {
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("cap");
    QTest::newRow("just over") << 2001 << 2000;
    QTest::newRow("long run") << 200000 << 2000;
    QTest::newRow("tiny cap") << 1000 << 4;
}

void TestTrainingCurves::decimationCapsAndKeepsExtremes() {
    QFETCH(int, count);
    QFETCH(int, cap);
    QList<QPointF> points;
    for (int i = 0; i < count; ++i) points.append(QPointF(i, std::sin(i * 0.01)));
    points[count / 3].setY(50.0);       // a spike
    points[2 * count / 3].setY(-50.0);  // a dip
    const QList<QPointF> out = decimateMinMax(points, cap);
    QVERIFY(out.size() <= cap);
    QCOMPARE(out.front(), points.front());
    QCOMPARE(out.back(), points.back());
    if (cap > 4) {
        bool spike = false, dip = false;
        for (const QPointF& p : out) {
            spike |= p.y() == 50.0;
            dip |= p.y() == -50.0;
        }
        QVERIFY(spike);
        QVERIFY(dip);
    }
    for (int i = 1; i < out.size(); ++i) QVERIFY(out[i - 1].x() < out[i].x());
}

void TestTrainingCurves::curvesSplitTrainingAndValidation() {
    RunCurves curves;
    TrainProgress train;
    train.step = 10;
    train.loss = 0.5;
    train.lr = 1e-3;
    curves.append(train);
    TrainProgress valid;
    valid.phase = TrainPhase::Validation;
    valid.isValidation = true;
    valid.step = 10;
    valid.validation.topKScore = 0.9;
    valid.validation.top1Error = 0.2;
    valid.validation.opa = 0.7;
    const quint64 before = curves.revision();
    curves.append(valid);
    QVERIFY(curves.revision() > before);
    QCOMPARE(curves.points(CurveMetric::Loss).size(), 1);
    QCOMPARE(curves.points(CurveMetric::LearningRate).front(), QPointF(10, 1e-3));
    QCOMPARE(curves.points(CurveMetric::TopKScore).front(), QPointF(10, 0.9));
    QCOMPARE(curves.points(CurveMetric::Opa).size(), 1);
    QVERIFY(curves.points(CurveMetric::Kendall).isEmpty());  // NaN for tile: skipped
    QCOMPARE(curves.validations(), 1);
    TrainProgress loading;
    loading.phase = TrainPhase::Loading;
    const quint64 unchanged = curves.revision();
    curves.append(loading);
    QCOMPARE(curves.revision(), unchanged);
}

void TestTrainingCurves::smoothedLossFollowsRaw() {
    RunCurves curves;
    for (int i = 1; i <= 100; ++i) {
        TrainProgress p;
        p.step = i;
        p.loss = i % 2 ? 2.0 : 0.0;  // alternating: the smoothed curve settles near 1
        curves.append(p);
    }
    const auto& smooth = curves.points(CurveMetric::SmoothedLoss);
    QCOMPARE(smooth.size(), 100);
    QVERIFY(std::abs(smooth.back().y() - 1.0) < 0.15);
    QCOMPARE(smooth.front().y(), 2.0);
}

QTEST_GUILESS_MAIN(TestTrainingCurves)
#include "tst_training_curves.moc"
