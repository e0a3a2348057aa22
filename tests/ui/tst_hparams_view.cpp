// GUI test, offscreen: the HParams view. Its table lists exactly the options that differ
// between the runs (not the ones they share, not the run directory) and the final metrics they
// report; a header click sorts by a column as numbers; typing in the filter hides runs (from
// the parallel-coordinates chart too); a click on a row or on a run's line selects that run; a
// sweep's output folder yields its runs; each axis of the parallel coordinates shows its full
// name (wrapped on two lines) and its lowest and highest value.
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "training/hparams_table.h"
#include "training/hparams_view.h"
#include "training/parallel_coordinates.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

TrainProgress validation(int64_t step, double topK) {
    TrainProgress p;
    p.phase = TrainPhase::Validation;
    p.isValidation = true;
    p.step = step;
    p.validation.top5Score = topK;
    p.validation.top1Error = 1 - topK;
    p.validation.opa = 0.7;
    return p;
}

TrainProgress trainingRow(int64_t step, double loss) {
    TrainProgress p;
    p.step = step;
    p.loss = loss;
    p.lr = 1e-3;
    return p;
}

}  // namespace

class TestHParamsView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        const double scores[] = {0.91, 0.95, 0.88};
        for (int i = 0; i < 3; ++i) {
            m_curves[i].append(trainingRow(10, 1.0 - 0.1 * i));
            m_curves[i].append(validation(10, scores[i]));
            TrainOptions o = defaultTrainOptions(Collection::TileXla);
            o.datasetRoot = "/data/demo";
            o.runDir = "/runs/run-" + std::to_string(i);
            if (i == 1) o.learningRate = 3e-3;
            if (i == 2) o.seed = 42;
            m_runs.append(
                {QString("run-%1").arg(i), QString::fromStdString(o.runDir), o, &m_curves[i]});
        }
    }

    void tableListsExactlyTheDifferingOptions() {
        const HParamsTable table = hparamsTable(m_runs);
        QStringList options, metrics;
        for (const HParamsColumn& c : table.columns) (c.metric ? metrics : options) << c.key;
        QCOMPARE(options, (QStringList{"learning_rate", "seed"}));
        // The metrics recorded, in the metric table's order, then the final loss.
        QCOMPARE(metrics, (QStringList{"topk_score", "opa", "top1_error", "loss"}));
        QCOMPARE(table.cells[1][table.columnOf("learning_rate")], QString("0.003"));
        QCOMPARE(table.cells[2][table.columnOf("seed")], QString("42"));
        QCOMPARE(table.cells[1][table.columnOf("topk_score")], QString("0.95"));
        // One run alone: nothing differs.
        QCOMPARE(hparamsTable({m_runs[0]}).optionColumns(), 0);
    }

    void sortFilterAndSelect() {
        HParamsView view;
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setRuns(m_runs);
        QCOMPARE(view.headers(), (QStringList{"Run", "Learning rate", "Seed", "top-5 score", "OPA",
                                              "top-1 error", "final loss"}));
        QTableView* table = view.view();
        // Sort by the score, by clicks on its header: lowest (0.88) or highest (0.95) first,
        // then the other way round.
        QHeaderView* header = table->horizontalHeader();
        const int scoreColumn = 3;
        const QPoint at(header->sectionViewportPosition(scoreColumn) + 5, header->height() / 2);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
        const QString first = table->model()->index(0, 0).data().toString();
        QVERIFY2(first == "run-2" || first == "run-1", qPrintable(first));
        QCOMPARE(table->model()->index(1, 0).data().toString(), QString("run-0"));  // 0.91
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(table->model()->index(0, 0).data().toString(),
                 QString(first == "run-2" ? "run-1" : "run-2"));
        // A click on a row selects its run.
        QSignalSpy selected(&view, &HParamsView::runSelected);
        const QRect row = table->visualRect(table->model()->index(1, 0));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, row.center());
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.takeFirst().at(0).toString(),
                 table->model()->index(1, 0).data(Qt::ToolTipRole).toString());
        // A click on a run's line in the parallel coordinates selects it too.
        ParallelCoordinates* lines = view.coordinates();
        const QPointF a = lines->pointOf(2, 0), b = lines->pointOf(2, 1);
        QVERIFY(!a.isNull() && !b.isNull());
        // A quarter of the way along (run-1's line crosses it in the middle).
        QTest::mouseClick(lines, Qt::LeftButton, {}, (a + (b - a) * 0.25).toPoint());
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.takeFirst().at(0).toString(), QString("/runs/run-2"));
        // The filter, typed: only the matching run is left.
        QTest::keyClicks(view.filter(), "42");
        QCOMPARE(table->model()->rowCount(), 1);
        QCOMPARE(table->model()->index(0, 0).data().toString(), QString("run-2"));
        // Colour by any final metric.
        QCOMPARE(view.colourBy()->count(), 4);
        // Each axis: its full name (wrapped, not "Learn… rate") and its range at its ends.
        const HParamsTable shown = hparamsTable(m_runs);
        ParallelCoordinates narrow;  // six axes
        narrow.setTable(shown, {0, 1, 2});
        narrow.resize(400, 300);  // about 60 px an axis: names wrap on two lines
        for (int c = 0; c < shown.columns.size(); ++c)
            QCOMPARE(narrow.axisTitle(c), shown.columns[c].label);
        QCOMPARE(narrow.axisEnds(0), (QStringList{"0.001", "0.003"}));
        QCOMPARE(narrow.axisEnds(2), (QStringList{"0.88", "0.95"}));
    }

    void sweepFolderYieldsItsRuns() {
        QTemporaryDir dir;
        for (const char* trial : {"t1", "t0", "t2"}) {
            QVERIFY(QDir().mkpath(dir.path() + "/runs/" + trial));
            QFile format(dir.path() + "/runs/" + trial + "/format.json");
            QVERIFY(format.open(QIODevice::WriteOnly));
        }
        QVERIFY(QDir().mkpath(dir.path() + "/runs/not-a-run"));
        QCOMPARE(runDirectoriesIn(dir.path()),
                 (QStringList{dir.path() + "/runs/t0", dir.path() + "/runs/t1",
                              dir.path() + "/runs/t2"}));
        QCOMPARE(runDirectoriesIn(dir.path() + "/runs/t1"), QStringList{dir.path() + "/runs/t1"});
    }

private:
    RunCurves m_curves[3];
    QList<HParamsRun> m_runs;
};

QTEST_MAIN(TestHParamsView)
#include "tst_hparams_view.moc"
