// GUI test, offscreen: the training charts. A tile top-5 score and a layout Kendall tau get
// separate charts (each one y axis); a single validation, and a loss of one point, are drawn as
// visible markers; the x choice (a real key press) switches steps to the fraction of each run,
// the time since the start or the wall time; the smoothing slider (real key presses) changes the
// drawn loss and validation curves and never the data; the CSV export holds history.csv's values;
// legend names are elided in the middle, keeping the ends that tell runs apart; one exploding run
// does not flatten the others (robust y range, "Loss: log scale" by a click); an empty chart
// shows no tick labels; a live refresh redraws only the charts whose curves changed, one chart
// per event-loop pass, and an axis whose ticks did not change is left alone (no relayout).
// Reading the charts (hover, tool tips, y labels): tst_chart_readout.
#include <QCheckBox>
#include <QComboBox>
#include <QImage>
#include <QLineSeries>
#include <QSlider>
#include <QTemporaryDir>
#include <QValueAxis>
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "charts/unit_axis.h"
#include "run_charts_test_support.h"
#include "train/run_directory.h"
#include "training/metric_chart.h"
#include "training/run_charts.h"
#include "training/run_curves.h"
#include "training/smoothing.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

using namespace tpugraphs::test;

class TestRunCharts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tileScoreAndLayoutTauNeverShareAnAxis() {
        RunCharts charts;
        showUnsmoothed(charts);
        charts.showRuns({tile(), layout()});
        MetricChart* topK = charts.chart(CurveMetric::ofKey("top5_score"));
        MetricChart* kendall = charts.chart(CurveMetric::ofKey("kendall"));
        QVERIFY(topK != kendall);
        QVERIFY(topK->isVisible() && kendall->isVisible());
        QCOMPARE(topK->legendNames(), QStringList{"tile-run"});
        QCOMPARE(kendall->legendNames(), QStringList{"layout-run"});
        QCOMPARE(topK->pointCount(), 2);
        QCOMPARE(kendall->pointCount(), 2);
        for (MetricChart* chart : charts.visibleCharts())
            QCOMPARE(chart->chart()->axes(Qt::Vertical).size(), 1);
        // OPA is the same metric for both kinds: one chart, both runs.
        QCOMPARE(charts.chart(CurveMetric::ofKey("opa"))->legendNames(),
                 (QStringList{"tile-run", "layout-run"}));
        // (Legend entries become visible once the chart is laid out.)
        QTRY_COMPARE(charts.chart(CurveMetric::SmoothedLoss)->legendNames().size(), 2);
        QCOMPARE(charts.chart(CurveMetric::SmoothedLoss)->pointCount(), 100 + 50);

        charts.showRuns({layout()});  // a layout run alone: no tile charts
        QVERIFY(!topK->isVisible());
        QVERIFY(charts.chart(CurveMetric::ofKey("top1_error"))->isVisible());  // both kinds
        QCOMPARE(charts.scoreChart(), kendall);
    }

    void singleValidationIsAVisiblePoint() {
        RunCurves one;
        one.append(trainingRow(1));
        one.append(validation(10, 0.9, NAN));
        RunCharts charts;
        showUnsmoothed(charts);
        const QColor color(214, 39, 40);
        charts.showRuns({ShownRun{"one", color, &one, false, 100}});
        MetricChart* topK = charts.chart(CurveMetric::ofKey("top5_score"));
        QCOMPARE(topK->pointCount(), 1);   // a line of one point draws nothing...
        QCOMPARE(topK->markerCount(), 1);  // ...so the point has a marker
        QVERIFY2(plotPixelsOf(topK, color) >= 20, "the validation marker is not drawn");
        // A loss of one point is a point too (a line of one point draws nothing).
        QCOMPARE(charts.chart(CurveMetric::SmoothedLoss)->markerCount(), 1);
        RunCharts many;
        many.showRuns({tile()});
        QCOMPARE(many.chart(CurveMetric::SmoothedLoss)->markerCount(), 0);  // losses: lines
    }

    void xChoiceShowsFractionOfEachRun() {
        RunCharts charts;
        charts.resize(1200, 700);
        charts.show();
        QSignalSpy toggled(&charts, &RunCharts::redrawRequested);
        charts.showRuns({tile(), layout()});
        MetricChart* opa = charts.chart(CurveMetric::ofKey("opa"));
        QVERIFY(xAxis(opa)->max() >= 100);
        auto* x = charts.findChild<QComboBox*>("xAxisKind");
        x->setFocus();
        QTest::keyClick(x, Qt::Key_Down);  // Step -> Fraction of each run
        QCOMPARE(toggled.count(), 1);
        QVERIFY(charts.fractionOfRun());
        charts.showRuns({tile(), layout()});
        // Both runs end at 1: the tile run at step 100 of 100, the layout run at 50 of 50.
        QVERIFY(xAxis(opa)->max() <= 1.05);
        QVERIFY(xAxis(opa)->max() >= 1.0);
        QCOMPARE(xAxis(opa)->titleText(), QString("fraction of the run"));
    }

    void legendElidesInTheMiddle() {
        RunCharts charts;
        charts.show();
        ShownRun a = tile(), b = tile();
        a.name = "layout-xla-random-20261122-101010-lr3e-3";
        b.name = "layout-xla-random-20261122-101010-lr1e-3";
        charts.showRuns({a, b});
        const QStringList names = charts.chart(CurveMetric::ofKey("top5_score"))->legendNames();
        QCOMPARE(names.size(), 2);
        QVERIFY(names[0] != names[1]);
        QVERIFY(names[0].endsWith("lr3e-3") && names[0].contains(QChar(0x2026)));
        QVERIFY(names[0].size() <= MetricChart::kLegendChars);
    }

    void explodingRunDoesNotFlattenTheOthers() {
        RunCurves exploding;
        for (int64_t step = 1; step <= 100; ++step) {
            TrainProgress p = trainingRow(step);
            p.loss = step < 98 ? 1.0 - 0.005 * double(step) : 1e6;  // the last 3 reports explode
            exploding.append(p);
        }
        RunCharts charts;
        charts.resize(1200, 700);
        charts.show();
        MetricChart* loss = charts.chart(CurveMetric::SmoothedLoss);
        charts.showRuns({tile()});  // a normal loss (1 / step): its first steps stay on the chart
        QVERIFY(!loss->isClipped());
        QVERIFY(loss->yAxis()->max() >= 1);
        charts.showRuns(
            {tile(), ShownRun{"exploding", QColor(214, 39, 40), &exploding, false, 100}});
        QVERIFY(loss->isClipped());
        QVERIFY2(loss->yAxis()->max() < 10, qPrintable(QString::number(loss->yAxis()->max())));
        QVERIFY(loss->chart()->title().contains("outliers off the chart"));
        // Log scale, by a click: every point drawn, labelled by value.
        auto* log = charts.findChild<QCheckBox*>("lossLogScale");
        QSignalSpy redraw(&charts, &RunCharts::redrawRequested);
        QTest::mouseClick(log, Qt::LeftButton, {}, QPoint(8, log->height() / 2));
        QCOMPARE(redraw.count(), 1);
        charts.showRuns(
            {tile(), ShownRun{"exploding", QColor(214, 39, 40), &exploding, false, 100}});
        QVERIFY(loss->logScale());
        QVERIFY(!loss->isClipped());
        QVERIFY(loss->yAxis()->max() >= 5);  // log10 of 1e6 is on the chart
        QCOMPARE(loss->yAxis()->labelKind(), UnitAxis::Labels::Log10Number);
        QVERIFY(loss->yAxis()->tickLabels().contains("1"));
    }

    void emptyChartsShowNoNumbers() {
        RunCharts charts;
        charts.resize(1200, 700);
        charts.show();
        charts.showRuns({});
        MetricChart* loss = charts.chart(CurveMetric::SmoothedLoss);
        QCOMPARE(loss->pointCount(), 0);
        QVERIFY(loss->xAxis()->tickLabels().isEmpty());  // not "0 0 0 0 1"
        QVERIFY(loss->yAxis()->tickLabels().isEmpty());
        QVERIFY(!loss->xAxis()->isTitleVisible());  // not "step" in the chart's corner
        charts.showRuns({tile()});
        QVERIFY(!loss->yAxis()->tickLabels().isEmpty());
        QVERIFY(loss->xAxis()->isTitleVisible());
        // Steps on x are whole numbers at round values.
        for (const QString& label : loss->xAxis()->tickLabels())
            QVERIFY2(QRegularExpression("^[0-9]+$").match(label).hasMatch(), qPrintable(label));
        // A narrow chart gets fewer x ticks (one per 70 px), so "150" is never elided to "1…".
        MetricChart narrow("Training loss");
        narrow.resize(260, 220);
        narrow.show();
        QList<QPointF> points;
        for (int step = 0; step <= 300; ++step) points.append(QPointF(step, 1.0 / (step + 1)));
        narrow.setCurves({ChartCurve{"run", points, Qt::blue}});
        QCOMPARE(narrow.xAxis()->tickLabels(), (QStringList{"0", "100", "200", "300"}));
    }

    // Time on x: the seconds of each report (a resumed run's sessions add up); wall time from
    // the run's start.
    void timeAxes() {
        RunCurves timed;
        for (int64_t step = 1; step <= 10; ++step) {
            TrainProgress p = trainingRow(step);
            p.elapsedSeconds = step <= 5 ? 2.0 * double(step) : double(step - 5);  // resumed at 5
            timed.append(p);
        }
        timed.setSessionStart(1'000'000'000'000);  // the second session began then
        QCOMPARE(timed.seconds(CurveMetric::Loss).first(), 2.0);
        QCOMPARE(timed.seconds(CurveMetric::Loss).last(), 15.0);  // 10 s, then 5 s more
        QCOMPARE(timed.startMsecs(), 1'000'000'000'000 - 10'000);
        RunCharts charts;
        charts.resize(1200, 700);
        charts.show();
        charts.setSmoothing(0);
        charts.setXKind(ChartX::RelativeTime);
        charts.showRuns({ShownRun{"timed", Qt::blue, &timed, false, 10}});
        MetricChart* loss = charts.chart(CurveMetric::SmoothedLoss);
        QCOMPARE(loss->line(0)->at(9).x(), 15.0);
        QCOMPARE(loss->xAxis()->labelKind(), UnitAxis::Labels::Elapsed);
        QVERIFY(loss->xAxis()->tickLabels().contains("0:10"));
        charts.setXKind(ChartX::WallTime);
        charts.showRuns({ShownRun{"timed", Qt::blue, &timed, false, 10}});
        QCOMPARE(loss->line(0)->at(0).x(), 1'000'000'000.0 - 10 + 2);
        QCOMPARE(loss->xAxis()->titleText(), QString("wall time"));
    }

    // The slider smooths the drawn loss (TensorBoard's debiased average) over the raw curve,
    // faint; the run's data stay as recorded.
    void smoothingChangesTheDrawnSeriesNotTheData() {
        RunCurves noisy;
        for (int64_t step = 1; step <= 60; ++step) {
            TrainProgress p = trainingRow(step);
            p.loss = 1.0 + (step % 2 ? 0.5 : -0.5);
            noisy.append(p);
            if (step % 10 == 0) {  // validations whose OPA alternates too
                TrainProgress v = validation(step, 0.9, NAN);
                v.validation.opa = step % 20 ? 0.6 : 0.8;
                noisy.append(v);
            }
        }
        const QList<QPointF> recorded = noisy.points(CurveMetric::Loss);
        RunCharts charts;
        charts.resize(1200, 700);
        charts.show();
        QSignalSpy redraw(&charts, &RunCharts::redrawRequested);
        QSlider* slider = charts.smoothingSlider();
        slider->setFocus();
        QTest::keyClick(slider, Qt::Key_Home);  // 0: raw
        QCOMPARE(charts.smoothing(), 0.0);
        charts.showRuns({ShownRun{"noisy", Qt::blue, &noisy, false, 60}});
        MetricChart* loss = charts.chart(CurveMetric::SmoothedLoss);
        QCOMPARE(loss->line(0)->points(), recorded);  // one curve, the data
        QVERIFY(!loss->line(1));
        for (int page = 0; page < 9; ++page) QTest::keyClick(slider, Qt::Key_PageUp);  // 0.1 each
        QVERIFY(redraw.count() >= 2);
        QVERIFY2(std::abs(charts.smoothing() - 0.9) < 1e-9,
                 qPrintable(QString::number(charts.smoothing())));
        charts.showRuns({ShownRun{"noisy", Qt::blue, &noisy, false, 60}});
        QCOMPARE(loss->line(0)->points(), recorded);  // the raw curve, faint behind
        QCOMPARE(loss->line(1)->points(), smoothed(recorded, 0.9));
        QVERIFY(loss->line(1)->points() != recorded);
        // Debiased: the first smoothed point is the first value, not pulled towards 0.
        QCOMPARE(loss->line(1)->at(0).y(), recorded.first().y());
        const double last = loss->line(1)->points().last().y();
        QVERIFY2(std::abs(last - 1.0) < 0.1, qPrintable(QString::number(last)));
        QCOMPARE(noisy.points(CurveMetric::Loss), recorded);  // the data as recorded
        // Every measured curve is smoothed, as in TensorBoard: a validation chart too (its raw
        // points, faint, keep their markers); the learning rate, a schedule, is drawn as set.
        const CurveMetric opaMetric = CurveMetric::ofKey("opa");
        const QList<QPointF> validations = noisy.points(opaMetric);
        QCOMPARE(validations.size(), 6);
        MetricChart* opa = charts.chart(opaMetric);
        QCOMPARE(opa->line(0)->points(), validations);
        QCOMPARE(opa->line(1)->points(), smoothed(validations, 0.9));
        QVERIFY(opa->line(1)->points() != validations);
        QCOMPARE(opa->markerCount(), 6);
        QVERIFY(!charts.chart(CurveMetric::LearningRate)->line(1));
        QCOMPARE(noisy.points(opaMetric), validations);
    }

    // "Export curves": one long-format row per recorded point, with history.csv's values.
    void csvExportHoldsTheHistoryValues() {
        std::vector<TrainProgress> rows;
        for (int64_t step = 1; step <= 30; ++step) {
            TrainProgress p = trainingRow(step);
            p.loss = 1.0 / 3.0 + std::sin(double(step));
            p.elapsedSeconds = 0.5 * double(step);
            rows.push_back(p);
            if (step % 10 == 0) {
                TrainProgress v = validation(step, 0.9 + 0.001 * double(step), NAN);
                v.elapsedSeconds = p.elapsedSeconds;
                rows.push_back(v);
            }
        }
        const std::string historyText = historyToCsv(rows);
        RunCurves curves;
        curves.appendAll(historyFromCsv(historyText, GraphKind::Tile, "history.csv"));
        curves.setSessionStart(1'700'000'000'000);
        RunCharts charts;
        charts.showRuns({ShownRun{"run, \"a\"", Qt::blue, &curves, false, 30}});
        QTemporaryDir dir;
        const QString path = dir.path() + "/curves.csv";
        QCOMPARE(charts.saveAllCurvesCsv(path), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QStringList exported = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
        file.close();
        QCOMPARE(exported.takeFirst(), QString("run,metric,step,wall_time,value"));
        // history.csv's columns, read by name.
        QStringList history = QString::fromStdString(historyText).split('\n', Qt::SkipEmptyParts);
        const QStringList header = history.takeFirst().split(',');
        QMap<QString, QStringList> expected;  // metric -> "step,value" in file order
        QStringList validationColumns;        // every metric of the table
        for (const MetricSpec& spec : kMetricTable) validationColumns << spec.historyColumn;
        for (const QString& line : history) {
            const QStringList cells = line.split(',');
            const bool isValidation = cells[header.indexOf("is_validation")] == "1";
            for (const QString& metric :
                 isValidation ? validationColumns : QStringList{"loss", "lr"}) {
                const double value = cells[header.indexOf(metric)].toDouble();
                if (std::isfinite(value))
                    expected[metric] << cells[0] + "," + QString::number(value, 'g', 17);
            }
        }
        QMap<QString, QStringList> got;
        for (const QString& line : exported) {
            QVERIFY2(line.startsWith("\"run, \"\"a\"\"\","), qPrintable(line));  // quoted
            const QStringList cells = line.mid(QString("\"run, \"\"a\"\"\",").size()).split(',');
            QCOMPARE(cells.size(), 4);
            QVERIFY2(cells[2].startsWith("2023-11-14T22:13:"), qPrintable(cells[2]));
            got[cells[0]] << cells[1] + "," + QString::number(cells[3].toDouble(), 'g', 17);
        }
        QCOMPARE(got.keys(), expected.keys());
        for (const QString& metric : expected.keys()) QCOMPARE(got[metric], expected[metric]);
        QCOMPARE(got["loss"].size(), 30);
        QCOMPARE(got["topk_score"].size(), 3);
        // One chart's export: its metric only.
        QCOMPARE(charts.saveChartCsv(CurveMetric::ofKey("top5_score"), path), QString());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(file.readAll()).count(",topk_score,"), 3);
        file.close();
        QCOMPARE(charts.saveChartPng(CurveMetric::SmoothedLoss, dir.path() + "/loss.png"),
                 QString());
        const QImage png(dir.path() + "/loss.png");
        QVERIFY(!png.isNull());
        // At print size: at least 1,600 px wide and twice the chart's pixels.
        const MetricChart* shown = charts.chart(CurveMetric::SmoothedLoss);
        QVERIFY2(
            png.width() >= std::max(1600, 2 * shown->width()),
            qPrintable(
                QStringLiteral("%1 px for a %2 px chart").arg(png.width()).arg(shown->width())));
    }

    void elideMiddle_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("max");
        QTest::addColumn<QString>("expected");
        QTest::newRow("short") << "run-1" << 10 << "run-1";
        QTest::newRow("exact") << "0123456789" << 10 << "0123456789";
        QTest::newRow("long") << "abcdefghijklmnop" << 9
                              << QString("ab") + QChar(0x2026) + "klmnop";
    }
    // Paced (the training page's live refresh): showRuns draws nothing at once, then one chart
    // per event-loop pass; showing the same runs again redraws nothing.
    void pacedRedrawsOneChartPerPass() {
        RunCharts charts;
        charts.resize(1200, 700);
        charts.show();
        charts.setPaced(true);
        charts.showRuns({tile()});
        const QList<MetricChart*> shown = charts.visibleCharts();
        QVERIFY(shown.size() >= 3);  // loss, learning rate, validation charts
        const auto drawn = [&] {
            return int(std::count_if(shown.begin(), shown.end(),
                                     [](MetricChart* c) { return c->pointCount() > 0; }));
        };
        QCOMPARE(drawn(), 0);
        // Each chart's first line is replaced in a pass of its own: when it is, the charts
        // drawn are those before it and itself, one more each time.
        QList<int> drawnAtEachDraw;
        for (MetricChart* chart : shown)
            connect(chart, &MetricChart::curvesSet, this,
                    [&drawnAtEachDraw, &drawn] { drawnAtEachDraw.append(drawn()); });
        QTRY_COMPARE(drawn(), int(shown.size()));
        QList<int> oneByOne;
        for (int i = 1; i <= shown.size(); ++i) oneByOne.append(i);
        QCOMPARE(drawnAtEachDraw, oneByOne);
        // The same curves again: nothing pending, nothing redrawn (unpacing draws whatever is
        // pending at once: the event a redraw would have to come before).
        QSignalSpy lossRedrawn(charts.chart(CurveMetric::SmoothedLoss)->line(0),
                               &QXYSeries::pointsReplaced);
        charts.showRuns({tile()});
        charts.setPaced(false);
        QCOMPARE(lossRedrawn.count(), 0);
    }

    // Setting the range an axis has, or the label kind it has, changes none of its ticks.
    void unchangedAxisKeepsItsTicks() {
        UnitAxis axis(UnitAxis::Labels::Integer);
        axis.setRange(0, 300);
        QSignalSpy changed(&axis, &QCategoryAxis::categoriesChanged);
        axis.setRange(0, 300);
        axis.setLabelKind(UnitAxis::Labels::Integer);
        axis.setMaxTicks(6);
        QCOMPARE(changed.count(), 0);
        axis.setRange(0, 600);
        QVERIFY(changed.count() > 0);
        QVERIFY(axis.tickLabels().contains("600"));
    }

    void elideMiddle() {
        QFETCH(QString, text);
        QFETCH(int, max);
        QFETCH(QString, expected);
        QCOMPARE(ui::elideMiddle(text, max), expected);
    }

private:
    ShownRun tile() const { return m_runs.tile(); }
    ShownRun layout() const { return m_runs.layout(); }

    ChartRuns m_runs;
};

QTEST_MAIN(TestRunCharts)
#include "tst_run_charts.moc"
