// GUI test, offscreen: reading the training charts. Resting the pointer on a point keeps its
// tool tip up with the point highlighted; the hover reads out every shown run at one x, whole
// and on the screen in the left and the right column of charts (run names longer than a chart is
// wide); y labels of small values on a chart of the minimum size are short and never elided.
#include <QApplication>
#include <QGraphicsTextItem>
#include <QHelpEvent>
#include <QRegularExpression>
#include <QScreen>
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "charts/unit_axis.h"
#include "run_charts_test_support.h"
#include "training/metric_chart.h"
#include "training/run_charts.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;
using namespace tpugraphs::test;

class TestChartReadout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tooltipStaysWhileThePointerRests() {
        RunCharts charts;
        showUnsmoothed(charts);
        QVERIFY(QTest::qWaitForWindowExposed(&charts));
        charts.showRuns({tile()});
        MetricChart* topK = charts.chart(CurveMetric::ofKey("top5_score"));
        QTRY_VERIFY(laidOut(charts, topK));
        const QPointF point = topK->line(0)->at(1);  // the validation at step 100
        QPoint at;
        // Onto the point, placed again until the layout has settled (the first moves may land
        // while the grid still reflows).
        const auto restOnPoint = [&] {
            at = topK->viewportPosition(point, topK->line(0));
            QTest::mouseMove(topK->viewport(), QPoint(2, 2));
            QTest::mouseMove(topK->viewport(), at);
            return topK->shownTip().contains("step 100");
        };
        QTRY_VERIFY(restOnPoint());
        const QString tip = topK->shownTip();
        QVERIFY2(tip.contains("tile-run") && tip.contains("step 100") && tip.contains("0.95"),
                 qPrintable(tip));
        QVERIFY(topK->hasHighlight());
        QCOMPARE(topK->highlightedPoint(), point);
        // Qt's tool-tip event, which comes ~0.7 s after the pointer stops (and once hid the
        // tip), delivered now: the tip stays.
        QHelpEvent rest(QEvent::ToolTip, at, topK->viewport()->mapToGlobal(at));
        QApplication::sendEvent(topK->viewport(), &rest);
        QCOMPARE(topK->shownTip(), tip);
        QVERIFY(topK->hasHighlight());
        QTest::mouseMove(topK->viewport(), QPoint(2, 2));
        QVERIFY(topK->shownTip().isEmpty());
        QVERIFY(!topK->hasHighlight());
    }

    // A window that comes to the front (a dialog opened from the page) hides the read-out: it
    // is a window of its own, and no Leave may reach the chart.
    void readOutHidesWhenAnotherWindowComesToTheFront() {
        RunCharts charts;
        showUnsmoothed(charts);
        charts.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&charts));
        charts.showRuns({tile()});
        MetricChart* topK = charts.chart(CurveMetric::ofKey("top5_score"));
        QTRY_VERIFY(laidOut(charts, topK));
        const QPointF point = topK->line(0)->at(1);
        const auto restOnPoint = [&] {
            QTest::mouseMove(topK->viewport(), QPoint(2, 2));
            QTest::mouseMove(topK->viewport(), topK->viewportPosition(point, topK->line(0)));
            return !topK->shownTip().isEmpty();
        };
        QTRY_VERIFY(restOnPoint());
        QWidget dialog;
        dialog.resize(300, 200);
        dialog.show();
        dialog.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&dialog));
        QTRY_VERIFY(topK->shownTip().isEmpty());
        QVERIFY(!topK->hasHighlight());
    }

    // Resting the pointer on the plot reads out every shown run at that x.
    void hoverReadsOutEveryRun() {
        RunCharts charts;
        showUnsmoothed(charts);
        QVERIFY(QTest::qWaitForWindowExposed(&charts));
        charts.showRuns({tile(), layout()});
        MetricChart* opa = charts.chart(CurveMetric::ofKey("opa"));
        QTRY_VERIFY(laidOut(charts, opa));
        const QPointF point = opa->line(1)->at(1);  // the layout run's validation at step 50
        QTest::mouseMove(opa->viewport(), opa->viewportPosition(point, opa->line(1)));
        const QString tip = opa->shownTip();
        QVERIFY2(
            tip.contains("tile-run: 0.7  (step 50)") && tip.contains("layout-run: 0.7  (step 50)"),
            qPrintable(tip));
    }

    // The read-out of a chart in the left and one in the right column, with run names longer
    // than a chart is wide: a window of its own at the pointer, every run's value in it, the
    // whole of it on the screen and wide enough for its longest line.
    void hoverReadOutIsWholeInEveryColumn() {
        const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
        RunCharts charts;
        charts.setSmoothing(0.6);
        charts.setGeometry(screen.adjusted(0, 0, -screen.width() / 10, -screen.height() / 10));
        charts.show();
        QVERIFY(QTest::qWaitForWindowExposed(&charts));
        ShownRun a = tile(), b = layout();
        a.name = "tile:xla \u00b7 recipe lr=3e-3, batch 8, 400 steps \u00b7 seed 0";
        b.name = "layout:xla:random \u00b7 recipe lr=1e-3, 20 steps \u00b7 seed 0";
        charts.showRuns({a, b});
        QTRY_VERIFY(charts.columns() >= 2);
        const QList<MetricChart*> visible = charts.visibleCharts();
        const int columns = charts.columns();
        for (MetricChart* chart : {visible[0], visible[columns - 1]}) {  // left, right column
            // Near the plot's right edge (the read-out flips left of the pointer), placed again
            // until the grid has settled.
            const auto restNearRightEdge = [chart] {
                const QRectF plot = chart->chart()->plotArea();
                const QPoint at = chart->mapFromScene(QPointF(plot.right() - 2, plot.center().y()));
                QTest::mouseMove(chart->viewport(), QPoint(2, 2));
                QTest::mouseMove(chart->viewport(), at);
                return !chart->shownTip().isEmpty();
            };
            QTRY_VERIFY(restNearRightEdge());
            const QString tip = chart->shownTip();
            for (const ShownRun& run : {a, b})
                QVERIFY2(QRegularExpression(QRegularExpression::escape(run.name) +
                                            ": [-0-9.e]+  \\(step \\d+(, raw [-0-9.e]+)?\\)")
                             .match(tip)
                             .hasMatch(),
                         qPrintable(chart->title() + ":\n" + tip));
            const QRect shown = chart->shownTipGeometry();
            QVERIFY2(screen.contains(shown), qPrintable(chart->title()));
            int longest = 0;
            for (const QString& line : tip.split('\n'))
                longest = std::max(longest, chart->fontMetrics().horizontalAdvance(line));
            QVERIFY(shown.width() >= longest);
            QVERIFY(shown.width() > chart->width() / 2);  // wider than the chart's own room
        }
    }

    // Learning rates and top-1 errors of a few thousandths, on a chart of the minimum size: the
    // y labels are short ("2.5e-3") and QtCharts draws none of them elided ("...").
    void yLabelsAreNeverElided() {
        const double kPi = std::acos(-1.0);
        for (const double scale : {1.0, 1e-3, 1e-5}) {
            MetricChart chart("Learning rate");
            chart.resize(RunCharts::kMinChartWidth, RunCharts::kMinChartHeight);
            chart.show();
            QVERIFY(QTest::qWaitForWindowExposed(&chart));
            QList<QPointF> points;
            for (int step = 0; step <= 400; ++step)  // a cosine schedule from 2.5 to 0.05 x scale
                points.append(
                    QPointF(step, scale * (0.05 + 1.225 * (1 + std::cos(kPi * step / 400)))));
            chart.setCurves({ChartCurve{"seed 0", points, Qt::blue}});
            QTRY_VERIFY(!chart.yAxis()->tickLabels().isEmpty());
            QTRY_VERIFY(chart.chart()->plotArea().height() > 20);
            QApplication::processEvents();
            QStringList drawn;
            for (QGraphicsItem* item : chart.scene()->items())
                if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible())
                    drawn << text->toPlainText();
            for (const QString& label : chart.yAxis()->tickLabels()) {
                QVERIFY2(label.size() <= 6, qPrintable(label));
                QVERIFY2(drawn.contains(label), qPrintable(label + " not in " + drawn.join("|")));
            }
            for (const QString& text : drawn)
                QVERIFY2(!text.contains("...") && !text.contains(QChar(0x2026)),
                         qPrintable(drawn.join("|")));
        }
        QCOMPARE(numberText(0.0025, 0.0005), QString("2.5e-3"));
        QCOMPARE(numberText(0.001, 0.0005), QString("1.0e-3"));
        QCOMPARE(numberText(0.25, 0.05), QString("0.25"));
    }

private:
    ShownRun tile() const { return m_runs.tile(); }
    ShownRun layout() const { return m_runs.layout(); }

    ChartRuns m_runs;
};

QTEST_MAIN(TestChartReadout)
#include "tst_chart_readout.moc"
