// Tests the explorer's config comparison and exports with real widgets: the highlighted nodes are
// exactly those whose layout columns differ (checked against the float arrays), the table follows
// the sensitivity and a click on a row centres its node, the drawing exports as SVG and PNG and
// the graph as DOT and GraphML that parse back with the graph's node and edge counts, and a
// table's CSV and clipboard copy equal its cells. The split view colours each pane by its own
// config's layout and rings the differing nodes in both; unmeasured graphs open on configs 0 and
// 1 with a plain notice; SVG labels follow their fill's contrast and edges carry arrowheads.
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <cmath>

#include "analysis/loaded_graph.h"
#include "analysis/node_shape.h"
#include "common/units.h"
#include "data/dataset.h"
#include "explorer/config_compare_panel.h"
#include "explorer/explorer_page.h"
#include "explorer/table_export.h"
#include "graphview/graph_palette.h"
#include "graphview/graph_search_bar.h"
#include "graphview/graph_view_panel.h"
#include "graphview/graph_view_widget.h"
#include "synth/generator.h"

using namespace tpugraphs;
using namespace tpugraphs::ui;

namespace {

// How far the pane's zoom is from fitting its drawing at its size now: |scale / fitted - 1|.
// Fitting again is what the Fit button does; the pane keeps the fitted camera.
double distanceFromFit(GraphViewWidget& pane) {
    const double scale = pane.transform().scale;
    pane.fitToWindow();
    return std::abs(scale / pane.transform().scale - 1.0);
}

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
        // The two configs' measured runtimes and their ratio, beside the differing nodes.
        const double a = m_graph->runtimes[size_t(m_graph->bestConfig())];
        const double b = m_graph->runtimes.back();
        const QString summary = panel.summaryLabel()->text();
        QVERIFY2(summary.contains(QStringLiteral("Measured: A %1, B %2 (B / A %3")
                                      .arg(runtimeText(a, true), runtimeText(b, true))
                                      .arg(b / a, 0, 'f', 4)),
                 qPrintable(summary));
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
        // A search highlights nodes on the screen, not in the exported drawing.
        const QVector<int> found = panel.view()->findNodes(QStringLiteral("parameter"));
        QVERIFY(!found.isEmpty());
        panel.view()->setSearchMatches(found, found.first());
        QVERIFY(!panel.view()->renderState().matches.isEmpty());
        const auto matchPixelsOf = [](const QImage& shown) {
            const QImage rgb = shown.convertToFormat(QImage::Format_RGB32);
            int count = 0;
            for (int y = 0; y < rgb.height(); ++y)
                for (int x = 0; x < rgb.width(); ++x)
                    count += QColor(rgb.pixel(x, y)) == palette::match;
            return count;
        };
        QVERIFY(matchPixelsOf(panel.view()->grab().toImage()) > 0);  // on the screen
        const QString png = m_dir.filePath("visible.png");
        panel.exportDrawing(png, false);
        const QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), panel.view()->size());
        QCOMPARE(matchPixelsOf(image), 0);  // not in the file
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

    void splitPanesColourEachConfigsOwnLayout() {
        ExplorerPage page;
        page.resize(1366, 768);
        page.show();
        QSignalSpy loaded(&page, &ExplorerPage::graphLoaded);
        page.openDataset(m_dir.path());
        QVERIFY(loaded.wait(60000));
        GraphViewWidget* a = page.graphPanel()->view();
        GraphViewWidget* b = page.graphPanel()->secondView();
        QTRY_VERIFY_WITH_TIMEOUT(a->scene() != nullptr, 60000);
        ConfigComparePanel* compare = page.comparePanel();
        compare->setConfigs(m_graph->bestConfig(), m_graph->configCount() - 1);
        QVERIFY(!compare->differences().empty());
        // Its tab widens the side panel to the table's columns (no sideways scrolling at
        // 1366 px), the graph keeping its minimum width.
        page.sideTabs()->setCurrentWidget(compare);
        const QTableWidget* table = compare->table();
        QTRY_VERIFY2(table->horizontalHeader()->length() <= table->viewport()->width(),
                     qPrintable(QStringLiteral("columns %1 px in %2 px")
                                    .arg(table->horizontalHeader()->length())
                                    .arg(table->viewport()->width())));
        QVERIFY(page.tabs()->width() >= page.tabs()->minimumWidth());
        compare->splitBox()->setChecked(true);
        QTRY_VERIFY_WITH_TIMEOUT(b->scene() == a->scene(), 60000);
        // Both panes show the whole drawing fitted to the pane's new width, not at the zoom a
        // pane had before the split (or at B's size before the layout placed it). The panes
        // differ by a pixel or so in width: B, which follows A, is within 2 % of its own fit.
        QTRY_VERIFY(b->width() > 0 && std::abs(a->width() - b->width()) <= 4);
        for (GraphViewWidget* pane : {a, b}) {
            const double distance = distanceFromFit(*pane);
            QVERIFY2(distance < 0.02, qPrintable(QStringLiteral("%1: zoom %2 % from its fit")
                                                     .arg(pane->objectName())
                                                     .arg(100 * distance, 0, 'f', 1)));
        }
        // The differing nodes in view are ringed in both panes.
        QVERIFY(!a->markedViewNodes().isEmpty());
        QCOMPARE(b->markedViewNodes(), a->markedViewNodes());
        // Each pane colours a differing node by which of its two layouts (faster, slower) it takes
        // in its own config, on one fixed 0..1 scale: the colours differ on every differing node.
        QVERIFY(a->renderState().values && b->renderState().values);
        for (const int v : a->markedViewNodes())
            QVERIFY((*a->renderState().values)[v] != (*b->renderState().values)[v]);
        for (GraphViewWidget* pane : {a, b}) {
            const GraphLegendContent legend = pane->legendContent();
            QCOMPARE(legend.valueMin, 0.0f);
            QCOMPARE(legend.valueMax, 1.0f);
            QCOMPARE(legend.rampLabels.size(), 2);
            QVERIFY(!legend.markedText.isEmpty());
            // A half-width pane keeps its legend short and within a third of its width.
            QVERIFY(legend.compact);
            QVERIFY2(
                pane->legendRect().width() < pane->width() / 2,
                qPrintable(
                    QStringLiteral("%1 of %2").arg(pane->legendRect().width()).arg(pane->width())));
        }
        QVERIFY(b->valuesTitle().contains(QString::number(compare->configB())));
        QVERIFY(a->valuesTitle().contains(QString::number(compare->configA())));
        // Both panes have each node's output shape for their close-up labels, the tool tip's.
        for (GraphViewWidget* pane : {a, b}) {
            const QStringList& shapes = pane->renderState().shapes;
            QCOMPARE(shapes.size(), m_graph->topology->nodeCount);
            for (const int node : {0, m_graph->topology->nodeCount / 2})
                QCOMPARE(shapes[node], QString::fromStdString(nodeShapeText(*m_graph, node)));
            const int first = pane->scene()->originalNode(0);
            QVERIFY(first >= 0);
            QVERIFY(pane->nodeTip(0).contains(QStringLiteral("shape ") + shapes[first]));
        }
    }

    void unmeasuredGraphsOpenOnTwoConfigsWithANotice() {
        LoadedGraph unmeasured = *m_graph;
        std::fill(unmeasured.runtimes.begin(), unmeasured.runtimes.end(), 0.0);
        unmeasured.measured = false;
        ConfigComparePanel panel;
        QSignalSpy highlight(&panel, &ConfigComparePanel::highlightChanged);
        panel.setGraph(std::make_shared<const LoadedGraph>(unmeasured));
        QCOMPARE(panel.configA(), int64_t(0));
        QCOMPARE(panel.configB(), int64_t(1));
        QVERIFY(panel.summaryLabel()->text().contains(QStringLiteral("no measured runtimes")));
        QVERIFY(!panel.summaryLabel()->text().contains(QStringLiteral("nan")));
        // Nothing ranks the differing nodes: no value colours (no "nan" or flat ramp), the rings
        // alone mark them.
        QVERIFY(highlight.last().at(0).value<QVector<float>>().isEmpty());
        QCOMPARE(panel.showsDifferences(), !panel.differences().empty());
        // A tile graph (no layouts) turns the split view off and disables it.
        panel.splitBox()->setChecked(true);
        QSignalSpy split(&panel, &ConfigComparePanel::splitViewToggled);
        panel.setGraph(nullptr);
        QVERIFY(!panel.isSplitView());
        QVERIFY(!panel.splitBox()->isEnabled());
        QCOMPARE(split.count(), 1);
    }

    void tableShowsBothLayoutsAndExplainsTheSensitivity() {
        ConfigComparePanel panel;
        panel.setGraph(m_graph);
        panel.setConfigs(m_graph->bestConfig(), m_graph->configCount() - 1);
        QTableWidget* table = panel.table();
        QStringList headers;
        for (int c = 0; c < table->columnCount(); ++c)
            headers << table->horizontalHeaderItem(c)->text();
        const int layoutA = int(headers.indexOf(QStringLiteral("Layout A")));
        const int layoutB = int(headers.indexOf(QStringLiteral("Layout B")));
        const int sensitivity = int(headers.indexOf(QStringLiteral("Sensitivity")));
        const int change = int(headers.indexOf(QStringLiteral("A \u2192 B")));
        QVERIFY(layoutA >= 0 && layoutB >= 0 && sensitivity >= 0 && change >= 0);
        // The whole layouts are hidden columns (Copy and CSV carry them); the change shows.
        QVERIFY(table->isColumnHidden(layoutA) && table->isColumnHidden(layoutB));
        QVERIFY(!table->isColumnHidden(change));
        QVERIFY(
            table->horizontalHeaderItem(sensitivity)->toolTip().contains(QStringLiteral("log")));
        const auto& diffs = panel.differences();
        for (int row = 0; row < table->rowCount(); ++row) {
            QCOMPARE(table->item(row, layoutA)->text(),
                     QString::fromStdString(layoutTupleText(diffs[size_t(row)].a)));
            QCOMPARE(table->item(row, layoutB)->text(),
                     QString::fromStdString(layoutTupleText(diffs[size_t(row)].b)));
            QCOMPARE(table->item(row, change)->text(),
                     QString::fromStdString(
                         layoutChangeText(diffs[size_t(row)].a, diffs[size_t(row)].b, "\n")));
            QCOMPARE(table->item(row, change)->toolTip(),
                     QStringLiteral("A: ") + table->item(row, layoutA)->text() +
                         QStringLiteral("\nB: ") + table->item(row, layoutB)->text());
            for (int c = 0; c < table->columnCount(); ++c)
                if (c != change)
                    QCOMPARE(table->item(row, c)->toolTip(), table->item(row, c)->text());
        }
        // In a 420 px inspector the node, opcode and sensitivity columns show without scrolling.
        panel.resize(420, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const QHeaderView* header = table->horizontalHeader();
        QVERIFY(header->sectionViewportPosition(sensitivity) + header->sectionSize(sensitivity) <=
                table->viewport()->width());
    }

    void svgLabelsFollowContrastAndEdgesHaveArrows() {
        GraphViewPanel panel;
        panel.resize(1200, 800);
        panel.show();
        QSignalSpy drawn(panel.view(), &GraphViewWidget::drawingFinished);
        panel.setGraph(m_graph->topology);
        QVERIFY(drawn.wait(60000));
        // Every node on the darkest value colour: the labels must be white.
        QVector<float> dark(int(m_graph->nodeCount()), 0.0f);
        dark[0] = 1.0f;
        panel.view()->setNodeValues(dark);
        panel.setExportGraph(m_graph);
        QCOMPARE(panel.proposedFileName(QStringLiteral(".svg")),
                 QFileInfo(QString::fromStdString(m_graph->entry.path)).completeBaseName() +
                     QStringLiteral(".svg"));
        const QString svg = m_dir.filePath("dark.svg");
        panel.exportDrawing(svg, true);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        QString fill;
        int darkLabels = 0;
        bool arrowMarker = false, edgesUseIt = false;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement()) continue;
            const auto attributes = xml.attributes();
            if (xml.name() == QStringLiteral("marker")) arrowMarker = true;
            if (xml.name() == QStringLiteral("g") && attributes.hasAttribute("marker-end"))
                edgesUseIt = true;
            if (xml.name() == QStringLiteral("rect") &&
                attributes.value("class") == QStringLiteral("node"))
                fill = attributes.value("fill").toString();
            if (xml.name() == QStringLiteral("text") && QColor(fill).lightnessF() < 0.45) {
                QCOMPARE(attributes.value("fill").toString(), QStringLiteral("#ffffff"));
                ++darkLabels;
            }
        }
        QVERIFY(!xml.hasError());
        QVERIFY(darkLabels > 0);
        QVERIFY(arrowMarker && edgesUseIt);
        // The whole-drawing entries name what they write: the whole graph, or this view's part.
        const auto chooseMode = [&](GraphViewMode mode) {
            if (panel.view()->viewMode() == mode) return true;
            panel.modeBox()->setCurrentIndex(panel.modeBox()->findData(int(mode)));
            return drawn.wait(60000);
        };
        QVERIFY(chooseMode(GraphViewMode::ConfigurableNeighbourhood));
        QVERIFY2(panel.wholeDrawingName().startsWith(QStringLiteral("All of this view")),
                 qPrintable(panel.wholeDrawingName()));
        QVERIFY(chooseMode(GraphViewMode::Whole));
        QCOMPARE(panel.wholeDrawingName(), QStringLiteral("Whole graph"));
    }

    void narrowToolbarKeepsSearchAndCountsWhole() {
        // The graph panel's width beside the browser and inspector at 1366 px.
        GraphViewPanel panel;
        panel.resize(660, 500);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSignalSpy drawn(panel.view(), &GraphViewWidget::drawingFinished);
        panel.setGraph(m_graph->topology);
        QVERIFY(drawn.wait(60000));
        QTRY_VERIFY(panel.statusLabel()->text().contains(QStringLiteral("edges")));
        // The layout follows the new text on its next pass.
        QTRY_VERIFY2(panel.statusLabel()->width() >= panel.statusLabel()->sizeHint().width(),
                     qPrintable(QStringLiteral("%1 < %2")
                                    .arg(panel.statusLabel()->width())
                                    .arg(panel.statusLabel()->sizeHint().width())));
        QVERIFY(panel.searchBar()->width() >= panel.searchBar()->minimumSizeHint().width());
        QVERIFY(panel.searchBar()->width() >= 200);
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
        // Ctrl+C copies the selected rows (shift-extended) tab-separated with the header line.
        QVERIFY(table->rowCount() >= 2);
        QCOMPARE(table->selectionMode(), QAbstractItemView::ExtendedSelection);
        table->setFocus();
        table->selectRow(0);
        const QRect second = table->visualRect(table->model()->index(1, 1));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::ShiftModifier, second.center());
        QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
        const QString copied = QApplication::clipboard()->text();
        QCOMPARE(copied, tabSeparatedText(csvTableOf(*table->model(), {0, 1})));
        const QStringList lines = copied.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0].split(QLatin1Char('\t')).size(), table->columnCount());
        QCOMPARE(lines[1].split(QLatin1Char('\t')).first(), table->item(0, 0)->text());
        // "Copy all" in the right-click menu copies every row.
        QAction* copyAll = table->findChild<QAction*>(QStringLiteral("copyAllRows"));
        QVERIFY(copyAll);
        QVERIFY(table->actions().contains(copyAll));
        copyAll->trigger();
        QCOMPARE(QApplication::clipboard()->text(), tabSeparatedText(csvTableOf(*table->model())));
    }

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const LoadedGraph> m_graph;
};

QTEST_MAIN(TestGraphCompare)
#include "tst_graph_compare.moc"
