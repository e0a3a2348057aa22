// Unit tests of the live-chart data path: min/max decimation and per-run curves.
#include <QtTest>

#include <cmath>

#include "training/decimation.h"
#include "training/loss_trend.h"
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
    void flatLossIsFlagged();
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
    valid.validation.top5Score = 0.9;
    valid.validation.top1Error = 0.2;
    valid.validation.opa = 0.7;
    const quint64 before = curves.revision();
    curves.append(valid);
    QVERIFY(curves.revision() > before);
    QCOMPARE(curves.points(CurveMetric::Loss).size(), 1);
    QCOMPARE(curves.points(CurveMetric::LearningRate).front(), QPointF(10, 1e-3));
    QCOMPARE(curves.points(CurveMetric::ofKey("top5_score")).front(), QPointF(10, 0.9));
    QCOMPARE(curves.points(CurveMetric::ofKey("opa")).size(), 1);
    QVERIFY(curves.points(CurveMetric::ofKey("kendall")).isEmpty());  // NaN for tile: skipped
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

// The flat-loss rule (loss_trend.h): flat from the start is flagged once past 200 steps; a
// falling loss, a converged one (fell, then levelled off) and a short run are not.
void TestTrainingCurves::flatLossIsFlagged() {
    const auto curve = [](int steps, const std::function<double(int)>& loss) {
        QList<QPointF> points;
        for (int step = 10; step <= steps; step += 10) points.append(QPointF(step, loss(step)));
        return points;
    };
    QVERIFY(isLossFlat(curve(300, [](int) { return 1.0; })));
    QVERIFY(isLossFlat(curve(300, [](int step) { return 1.0 + 0.001 * (step % 3); })));
    QVERIFY(!isLossFlat(curve(150, [](int) { return 1.0; })));  // too early to tell
    QVERIFY(!isLossFlat(curve(300, [](int step) { return 1.0 - 0.002 * step; })));
    QVERIFY(
        !isLossFlat(curve(3000, [](int step) { return step < 500 ? 1.0 - 0.0015 * step : 0.25; })));
}

QTEST_GUILESS_MAIN(TestTrainingCurves)
#include "tst_training_curves.moc"
