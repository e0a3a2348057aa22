// Predictions page (offscreen): the run predicts on its own dataset by default (named), the
// per-graph table sorted worst first, the selected graph's scatter and top-5, Export
// Predictions; plus the node sensitivity measure on a hand-made layout graph.
#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QTableWidget>
#include <QtTest>

#include <cmath>

#include "analysis/config_sensitivity.h"
#include "analysis/loaded_graph.h"
#include "base/atomic_file.h"
#include "common/dataset_name.h"
#include "explorer_test_support.h"
#include "export_dialogs/export_predictions_dialog.h"
#include "graphview/graph_palette.h"
#include "graphview/graph_view_panel.h"
#include "graphview/graph_view_widget.h"
#include "item_models/graph_metrics_model.h"
#include "item_models/run_list_model.h"
#include "predictions/graph_detail_view.h"
#include "predictions/predictions_page.h"
#include "trainui_test_support.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

class TestPredictionsPage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void sensitivitySeparatesNodes();
    void sensitivityTableSelectsAndCentresTheNode();
    void tableWorstFirstAndDetail();
    void exportPredictionsCsv();

private:
    QTemporaryDir m_dir;
    std::string m_root;
    QString m_run;
};

namespace {

// "Copy all" of the view's right-click menu puts every cell, as the view shows it (its sort
// order), on the clipboard: the header line, then one tab-separated line a row.
void verifyCopyAllGivesCells(const QAbstractItemView* view) {
    auto* copyAll = view->findChild<QAction*>(QStringLiteral("copyAllRows"));
    QVERIFY2(copyAll && view->actions().contains(copyAll), qPrintable(view->objectName()));
    QCOMPARE(view->contextMenuPolicy(), Qt::ActionsContextMenu);
    const QAbstractItemModel* model = view->model();
    QStringList lines, cells;
    for (int c = 0; c < model->columnCount(); ++c)
        cells << model->headerData(c, Qt::Horizontal).toString();
    lines << cells.join('\t');
    for (int r = 0; r < model->rowCount(); ++r) {
        cells.clear();
        for (int c = 0; c < model->columnCount(); ++c)
            cells << model->index(r, c).data().toString();
        lines << cells.join('\t');
    }
    copyAll->trigger();
    QCOMPARE(QApplication::clipboard()->text(), lines.join('\n') + '\n');
}

}  // namespace

void TestPredictionsPage::initTestCase() {
    tpugraphs::test::isolateSettings();
    QVERIFY(m_dir.isValid());
    m_root = tpugraphs::test::makeTileDemo(m_dir, 16);
    m_run = m_dir.path() + "/run";
    QCOMPARE(train(tpugraphs::test::tinyTileOptions(m_root, m_run.toStdString(), 20)).status,
             RunStatus::Completed);
}

void TestPredictionsPage::sensitivitySeparatesNodes() {
    // 2 configurable nodes, 4 configs: node 10's layout sets the runtime (x4), node 20's does not.
    LayoutGraph g;
    g.nodeConfigIds = {10, 20};
    std::vector<float> floats(4 * 2 * 18, -1.0f);
    std::vector<double> logRuntime(4);
    for (int c = 0; c < 4; ++c) {
        floats[size_t((c * 2 + 0) * 18)] = float(c % 2);
        floats[size_t((c * 2 + 1) * 18)] = float(c / 2);
        logRuntime[size_t(c)] = std::log(c % 2 ? 400.0 : 100.0);
    }
    g.configs = PackedLayoutConfigs::fromFloats(floats.data(), 4, 2);
    const auto s = layoutSensitivity(g, logRuntime);
    QCOMPARE(s.size(), size_t(2));
    QCOMPARE(s[0].node, int64_t(10));
    QCOMPARE(s[0].values, 2);
    QVERIFY(std::abs(s[0].logSpread - std::log(4.0)) < 1e-9);
    QCOMPARE(s[1].node, int64_t(20));
    QVERIFY(std::abs(s[1].logSpread) < 1e-9);
    // Groups below the minimum size are ignored: with minGroup 3 nothing qualifies.
    QCOMPARE(layoutSensitivity(g, logRuntime, 3)[0].logSpread, 0.0);
}

// Choosing a node in the sensitivity table selects it in the graph below and centres the view
// on it (unet3d of ../shared/data, its measured runtimes standing in for predicted scores).
void TestPredictionsPage::sensitivityTableSelectsAndCentresTheNode() {
    if (!ui::test::haveSharedDataset())
        QSKIP("../shared/data absent: sensitivity view not checked");
    const DatasetIndex index = scanDataset(ui::test::sharedDatasetRoot().toStdString());
    auto graph = std::make_shared<const LoadedGraph>(
        loadGraph(ui::test::sharedEntry(index, Collection::LayoutXlaDefault, "unet3d")));
    PredictedGraph d;
    d.graph = graph;
    d.topology = graph->topology;
    d.prediction.name = "unet3d";
    d.prediction.collection = Collection::LayoutXlaDefault;
    std::vector<double> logRuntime;
    for (const double r : graph->runtimes) {
        d.prediction.scores.push_back(float(r));
        logRuntime.push_back(std::log(r));
    }
    d.sensitivity = layoutSensitivity(*graph->layout, logRuntime);
    d.sensitivityFromMeasured = true;
    GraphDetailView view;
    view.resize(1200, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    GraphViewWidget* graphView = view.graphPanel()->view();
    QSignalSpy laidOut(graphView, &GraphViewWidget::drawingFinished);
    view.setDetail(d);
    QTRY_COMPARE_WITH_TIMEOUT(laidOut.count(), 1, 30000);
    QTableWidget* table = view.sensitivityTable();
    table->parentWidget()->parentWidget()->show();  // its tab
    QVERIFY(table->rowCount() > 3);
    const int row = 3;
    const int node = table->item(row, 0)->text().toInt();
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Home);  // row 0, then down three rows, as a user would
    for (int i = 0; i < row; ++i) QTest::keyClick(table, Qt::Key_Down);
    QCOMPARE(table->currentRow(), row);
    QCOMPARE(graphView->selectedNode(), node);
    const QPointF centre = QRectF(graphView->rect()).center();
    QVERIFY((graphView->nodeScreenPos(node) - centre).manhattanLength() < 2.0);
    // The legend names the table's units, and the opcode colours are off: a producer that is
    // not configurable is grey, whatever its opcode.
    QCOMPARE(graphView->valuesTitle(), table->horizontalHeaderItem(2)->text());
    QCOMPARE(graphView->valuesTitle(), QStringLiteral("Runtime spread (×)"));
    const GraphScene& scene = *graphView->scene();
    int plain = -1;
    for (const int e : scene.inEdges(scene.viewNodeOf(node)))
        if (!scene.isConfigurable(scene.edgeFrom(e))) plain = scene.edgeFrom(e);
    QVERIFY(plain >= 0);
    QVERIFY(graphView->centreOnNode(scene.originalNode(plain)));
    const QRectF box = scene.rect(plain);
    const QPointF inside = graphView->nodeScreenPos(scene.originalNode(plain)) -
                           QPointF(0.5 * box.width() * graphView->zoom() - 4, 0);
    const QImage image = graphView->grab().toImage();
    QCOMPARE(QColor(image.pixel(inside.toPoint())).rgb(), palette::noValue.rgb());
}

void TestPredictionsPage::tableWorstFirstAndDetail() {
    RunListModel runs;
    runs.addOrUpdate(loadRunInfo(m_run.toStdString()));
    PredictionsPage page(&runs);
    page.resize(1400, 900);
    page.show();
    new QAbstractItemModelTester(page.metrics(),
                                 QAbstractItemModelTester::FailureReportingMode::QtTest, &page);
    page.setRun(m_run);
    page.setSplit("valid");
    // Another dataset is open: the run predicts on its own dataset by default, and says which.
    const QString elsewhere = m_dir.path() + "/elsewhere";
    page.setDatasetRoot(elsewhere);
    const QString own = QString::fromStdString(m_root);
    QCOMPARE(page.predictionRoot(), own);
    auto* dataset = page.findChild<QComboBox*>("dataset");
    QCOMPARE(dataset->itemText(0), "run's dataset (" + datasetDisplayName(own) + ")");
    QCOMPARE(dataset->itemText(1), QString("open dataset (elsewhere)"));
    dataset->setCurrentIndex(1);
    QCOMPARE(page.predictionRoot(), elsewhere);
    dataset->setCurrentIndex(0);
    QSignalSpy ready(&page, &PredictionsPage::predictionsReady);
    QSignalSpy detail(&page, &PredictionsPage::detailReady);
    QTest::mouseClick(page.findChild<QPushButton*>("predictButton"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 60000);
    const QAbstractItemModel* table = page.table()->model();
    QCOMPARE(table->rowCount(), 12);
    const double first = table->index(0, GraphMetricsModel::ScoreColumn)
                             .data(GraphMetricsModel::SortRole)
                             .toDouble();
    const double last = table->index(11, GraphMetricsModel::ScoreColumn)
                            .data(GraphMetricsModel::SortRole)
                            .toDouble();
    QVERIFY(first <= last);                               // worst first
    QVERIFY(std::isfinite(first) && last <= 1.0 + 1e-9);  // top-5 score <= 1, every graph scored

    // The worst graph is selected and detailed.
    QTRY_COMPARE_WITH_TIMEOUT(detail.count(), 1, 60000);
    QCOMPARE(detail.front().at(0).toString(), table->index(0, 0).data().toString());
    QVERIFY(page.detail()->scatterPointCount() > 0);
    QCOMPARE(page.detail()->topTable()->rowCount(), 5);
    // Tile runtimes are ratios shown with 3 significant digits (not "133502.0000").
    for (int r = 0; r < 5; ++r) {
        const QString runtime = page.detail()->topTable()->item(r, 3)->text();
        QString digits = runtime;
        digits.remove('.').remove(QRegularExpression("^0+"));
        QVERIFY2(!runtime.isEmpty() && digits.size() <= 3, qPrintable(runtime));
    }
    // The metric table, the top-5 table and the sensitivity table copy (and export) their cells.
    verifyCopyAllGivesCells(page.table());
    verifyCopyAllGivesCells(page.detail()->topTable());
    verifyCopyAllGivesCells(page.detail()->sensitivityTable());
}

void TestPredictionsPage::exportPredictionsCsv() {
    RunListModel runs;
    runs.addOrUpdate(loadRunInfo(m_run.toStdString()));
    ExportPredictionsDialog dialog(&runs, QString::fromStdString(m_root));
    dialog.setRun(m_run);
    dialog.setSplit("test");
    const QString output = m_dir.path() + "/predictions.csv";
    dialog.setOutputPath(output);
    QSignalSpy done(&dialog, &ExportPredictionsDialog::exportFinished);
    QTest::mouseClick(dialog.findChild<QPushButton*>("exportButton"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
    QVERIFY2(done.front().at(0).toBool(), qPrintable(dialog.summary()));
    QFile file(output);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(lines.front(), QByteArray("ID,config,score,predicted_rank"));
    QVERIFY(lines.size() > 12);
    QVERIFY(lines[1].startsWith("tile:xla:"));
    QVERIFY(!QFile::exists(QString::fromStdString(temporaryPathFor(output.toStdString()))));
}

QTEST_MAIN(TestPredictionsPage)
#include "tst_predictions_page.moc"
