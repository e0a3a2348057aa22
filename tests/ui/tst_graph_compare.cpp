// Tests the explorer's config comparison and exports with real widgets: the highlighted nodes are
// exactly those whose layout columns differ (checked against the float arrays), the table follows
// the sensitivity and a click on a row centres its node, the drawing exports as SVG and PNG and
// the graph as DOT and GraphML that parse back with the graph's node and edge counts, and a
// table's CSV and clipboard copy equal its cells.
#include <QApplication>
#include <QClipboard>
#include <QImage>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <cmath>

#include "analysis/loaded_graph.h"
#include "data/dataset.h"
#include "explorer/config_compare_panel.h"
#include "explorer/table_export.h"
#include "graphview/graph_view_panel.h"
#include "graphview/graph_view_widget.h"
#include "synth/generator.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

// Counts start elements by name (and a class attribute when given); false on an XML error.
bool countElements(const QString& path, const QString& name, const QString& cls, int& count) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return false;
    QXmlStreamReader xml(&file);
    count = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == name &&
            (cls.isEmpty() || xml.attributes().value("class") == cls))
            ++count;
    }
    return !xml.hasError();
}

}  // namespace

class TestGraphCompare : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        GeneratorOptions options;
        options.collections = {Collection::LayoutXlaDefault};
        options.splits = {Split::Train};
        options.limit = 1;
        generateDataset(m_dir.path().toStdString(), options);
        const DatasetIndex index = scanDataset(m_dir.path().toStdString());
        QVERIFY(!index.graphs.empty());
        m_graph = std::make_shared<const LoadedGraph>(loadGraph(index.graphs.front()));
        QVERIFY(m_graph->layout);
        QVERIFY(m_graph->configCount() > 2);
    }

    void highlightsExactlyTheNodesWhoseColumnsDiffer() {
        ConfigComparePanel panel;
        QSignalSpy highlight(&panel, &ConfigComparePanel::highlightChanged);
        panel.setGraph(m_graph);
        QCOMPARE(panel.configA(), m_graph->bestConfig());
        QCOMPARE(panel.configB(), m_graph->defaultConfig());
        const std::vector<float> floats = m_graph->layout->configs.toFloats();
        const int64_t nc = m_graph->layout->configurableCount();
        for (const int64_t b : {int64_t(0), int64_t(1), m_graph->configCount() - 1}) {
            panel.setConfigs(panel.configA(), b);
            const QVector<float> values = highlight.last().at(0).value<QVector<float>>();
            QCOMPARE(values.size(), int(m_graph->nodeCount()));
            int differing = 0;
            for (int64_t k = 0; k < nc; ++k) {
                bool differs = false;
                for (int i = 0; i < 18; ++i)
                    differs |= floats[size_t((panel.configA() * nc + k) * 18 + i)] !=
                               floats[size_t((b * nc + k) * 18 + i)];
                const int node = int(m_graph->layout->nodeConfigIds[size_t(k)]);
                QCOMPARE(!std::isnan(values[node]), differs);
                QCOMPARE(panel.nodeDetail(node).isEmpty(), !differs);
                differing += differs;
            }
            int highlighted = 0;
            for (const float v : values) highlighted += !std::isnan(v);
            QCOMPARE(highlighted, differing);
            QCOMPARE(panel.table()->rowCount(), differing);
        }
    }

    void tableFollowsTheSensitivityAndAClickCentresTheNode() {
        GraphViewPanel graphPanel;
        graphPanel.resize(1200, 800);
        graphPanel.show();
        QSignalSpy drawn(graphPanel.view(), &GraphViewWidget::drawingFinished);
        graphPanel.setGraph(m_graph->topology);
        QVERIFY(drawn.wait(60000));
        ConfigComparePanel panel;
        panel.resize(400, 600);
        panel.show();
        panel.setGraph(m_graph);
        panel.setConfigs(m_graph->bestConfig(), m_graph->configCount() - 1);
        QTableWidget* table = panel.table();
        QVERIFY(table->rowCount() >= 2);
        const auto& diffs = panel.differences();
        for (size_t i = 0; i + 1 < diffs.size(); ++i)
            QVERIFY(diffs[i].sensitivity >= diffs[i + 1].sensitivity);
        for (int row = 0; row < table->rowCount(); ++row)
            QCOMPARE(table->item(row, 0)->text(), QString::number(diffs[size_t(row)].node));
        connect(&panel, &ConfigComparePanel::nodeActivated, graphPanel.view(),
                [&graphPanel](int64_t node) { graphPanel.view()->centreOnNode(int(node)); });
        QSignalSpy activated(&panel, &ConfigComparePanel::nodeActivated);
        const int row = 1;
        const QRect cell = table->visualRect(table->model()->index(row, 1));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::NoModifier, cell.center());
        QCOMPARE(activated.count(), 1);
        const int node = int(diffs[size_t(row)].node);
        QCOMPARE(activated.at(0).at(0).toLongLong(), qlonglong(node));
        const QPointF centre(graphPanel.view()->width() / 2.0, graphPanel.view()->height() / 2.0);
        const QPointF at = graphPanel.view()->nodeScreenPos(node);
        if (graphPanel.view()->scene()->viewNodeOf(node) >= 0)
            QVERIFY2((at - centre).manhattanLength() < 2.0,
                     qPrintable(QStringLiteral("%1,%2").arg(at.x()).arg(at.y())));
    }

    void drawingAndGraphExportsParseBack() {
        GraphViewPanel panel;
        panel.resize(1200, 800);
        panel.show();
        QSignalSpy drawn(panel.view(), &GraphViewWidget::drawingFinished);
        panel.view()->setViewMode(GraphViewMode::Whole);
        panel.setGraph(m_graph->topology);
        QVERIFY(drawn.wait(60000));
        panel.setExportGraph(m_graph, m_graph->bestConfig());
        const auto scene = panel.view()->scene();
        const QString svg = m_dir.filePath("whole.svg");
        panel.exportDrawing(svg, true);
        int rects = 0, lines = 0;
        QVERIFY(countElements(svg, "rect", "node", rects));
        QVERIFY(countElements(svg, "polyline", "edge", lines));
        QCOMPARE(rects, scene->nodeCount());
        QCOMPARE(lines, scene->edgeCount());
        const QString png = m_dir.filePath("visible.png");
        panel.exportDrawing(png, false);
        const QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), panel.view()->size());
        const QString graphml = m_dir.filePath("graph.graphml");
        panel.exportGraph(graphml);
        int nodes = 0, edges = 0;
        QVERIFY(countElements(graphml, "node", {}, nodes));
        QVERIFY(countElements(graphml, "edge", {}, edges));
        QCOMPARE(nodes, m_graph->topology->nodeCount);
        QCOMPARE(edges, m_graph->topology->edgeCount());
        const QString dot = m_dir.filePath("graph.dot");
        panel.exportGraph(dot);
        QFile file(dot);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QCOMPARE(int(text.count(QStringLiteral(" -> "))), m_graph->topology->edgeCount());
        QCOMPARE(int(text.count(QStringLiteral(" [label="))), m_graph->topology->nodeCount);
    }

    void csvAndCopyEqualTheTableCells() {
        ConfigComparePanel panel;
        panel.show();
        panel.setGraph(m_graph);
        panel.setConfigs(m_graph->bestConfig(), m_graph->configCount() - 1);
        QTableWidget* table = panel.table();
        QVERIFY(table->rowCount() > 0);
        const CsvTable csv = csvTableOf(*table->model());
        QCOMPARE(int(csv.header.size()), table->columnCount());
        QCOMPARE(int(csv.rows.size()), table->rowCount());
        for (int r = 0; r < table->rowCount(); ++r)
            for (int c = 0; c < table->columnCount(); ++c)
                QCOMPARE(QString::fromStdString(csv.rows[size_t(r)][size_t(c)]),
                         table->item(r, c)->text());
        // Ctrl+C on the table copies the selected row as CSV.
        table->setFocus();
        table->selectRow(0);
        QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
        const CsvTable row = csvTableOf(*table->model(), {0});
        QCOMPARE(QApplication::clipboard()->text(), QString::fromStdString(csvText(row)));
    }

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const LoadedGraph> m_graph;
};

QTEST_MAIN(TestGraphCompare)
#include "tst_graph_compare.moc"
