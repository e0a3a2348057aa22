// ConfigComparePanel: config choice, layout differences, their table and their highlight.
#include "explorer/config_compare_panel.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "analysis/loaded_graph.h"
#include "analysis/node_shape.h"
#include "common/units.h"
#include "data/opcodes.h"
#include "explorer/compare_run_chooser.h"
#include "explorer/table_export.h"

namespace tpugraphs::ui {

namespace {

// Sensitivity before the long texts, so that it shows in a narrow inspector without scrolling;
// the change shows only the layout groups that differ, one a line, the full layouts are in its
// tool tip and in the hidden columns that Copy and CSV export carry.
enum CompareColumn {
    NodeColumn,
    OpcodeColumn,
    SensitivityColumn,
    ShapeColumn,
    ChangeColumn,
    LayoutAColumn,
    LayoutBColumn,
    ColumnCount
};

const char* const kSensitivityTip =
    "How much the runtime moves with this node's layout: the configs are grouped by the layout "
    "the node takes, and the sensitivity is the spread (max - min) of the groups' mean natural-"
    "log runtime, i.e. ln(slowest / fastest geometric-mean runtime); 0.35 means about 1.42\u00d7. "
    "With a trained run it is the same spread of the model's predicted score. Observational "
    "over the sampled configs (other nodes vary too), not causal. A dash: no runtimes.";

// Every cell shows its whole text in its tool tip (long shapes and layouts).
QTableWidgetItem* tableCell(const QString& text, const QVariant& sortValue = {},
                            const QString& toolTip = {}) {
    auto* item = new QTableWidgetItem(text);
    item->setToolTip(toolTip.isEmpty() ? text : toolTip);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    if (sortValue.isValid()) item->setData(Qt::UserRole, sortValue);
    return item;
}

}  // namespace

ConfigComparePanel::ConfigComparePanel(QWidget* parent)
    : QWidget(parent),
      m_a(new QSpinBox(this)),
      m_b(new QSpinBox(this)),
      m_highlight(new QCheckBox(QStringLiteral("Highlight on the graph"), this)),
      m_split(new QCheckBox(QStringLiteral("Split view A | B"), this)),
      m_run(new CompareRunChooser(this)),
      m_summary(new QLabel(this)),
      m_table(new QTableWidget(0, ColumnCount, this)) {
    m_a->setObjectName("compareConfigA");
    m_b->setObjectName("compareConfigB");
    m_highlight->setObjectName("compareHighlight");
    m_table->setObjectName("compareTable");
    m_a->setToolTip(QStringLiteral("Config A (the best measured one when a graph opens)"));
    m_b->setToolTip(QStringLiteral("Config B (the default one when a graph opens)"));
    m_highlight->setChecked(true);
    m_split->setObjectName("compareSplit");
    m_split->setToolTip(
        QStringLiteral("Config A on the left, B on the right, panned and zoomed together: a "
                       "differing node's colour is its layout in each config"));
    connect(m_split, &QCheckBox::toggled, this, [this](bool on) {
        Q_EMIT splitViewToggled(on);
        recompute();
    });
    m_summary->setWordWrap(true);
    m_table->setHorizontalHeaderLabels({QStringLiteral("Node"), QStringLiteral("Opcode"),
                                        QStringLiteral("Sensitivity"), QStringLiteral("Shape"),
                                        QStringLiteral("A \u2192 B"), QStringLiteral("Layout A"),
                                        QStringLiteral("Layout B")});
    m_table->horizontalHeaderItem(SensitivityColumn)
        ->setToolTip(QString::fromUtf8(kSensitivityTip));
    m_table->horizontalHeaderItem(ChangeColumn)
        ->setToolTip(QStringLiteral("The layout groups (output, input, kernel dimension orders) "
                                    "that differ, in A then in B, unused trailing -1s left out; "
                                    "a cell's tool tip has both whole layouts"));
    m_table->setColumnHidden(LayoutAColumn, true);
    m_table->setColumnHidden(LayoutBColumn, true);
    m_table->horizontalHeaderItem(LayoutAColumn)
        ->setToolTip(QStringLiteral("The node's layout in config A: output, input and kernel "
                                    "dimension orders (-1: unused)"));
    m_table->horizontalHeaderItem(LayoutBColumn)
        ->setToolTip(QStringLiteral("The node's layout in config B"));
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(20);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setTextElideMode(Qt::ElideNone);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    installTableExport(m_table);
    m_table->setToolTip(
        QStringLiteral("Configurable nodes whose layout differs between A and B, most "
                       "sensitive first: click one to centre it on the graph"));
    auto* form = new QFormLayout;
    form->addRow(QStringLiteral("Config A"), m_a);
    form->addRow(QStringLiteral("Config B"), m_b);
    form->addRow(QStringLiteral("Ranked by"), m_run);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_highlight);
    layout->addWidget(m_split);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    connect(m_a, &QSpinBox::valueChanged, this, &ConfigComparePanel::recompute);
    connect(m_b, &QSpinBox::valueChanged, this, &ConfigComparePanel::recompute);
    connect(m_highlight, &QCheckBox::toggled, this, &ConfigComparePanel::recompute);
    connect(m_run, &CompareRunChooser::scoresReady, this, &ConfigComparePanel::setPerConfigScores);
    connect(m_table, &QTableWidget::cellClicked, this, [this](int row, int) {
        Q_EMIT nodeActivated(m_table->item(row, NodeColumn)->data(Qt::UserRole).toLongLong());
    });
    setGraph(nullptr);
}

QVector<int> ConfigComparePanel::differingNodes() const {
    QVector<int> nodes;
    for (const NodeLayoutDifference& d : m_differences) nodes.append(int(d.node));
    return nodes;
}

bool ConfigComparePanel::allLayoutsIdentical() const {
    if (!m_graph) return false;
    const PackedLayoutConfigs& configs = m_graph->layout->configs;
    for (int64_t n = 0; n < m_graph->layout->configurableCount(); ++n)
        if (configs.distinctLayouts(n).size() > 1) return false;
    return true;
}

void ConfigComparePanel::setGraph(std::shared_ptr<const LoadedGraph> graph) {
    m_graph = graph && graph->layout ? std::move(graph) : nullptr;
    m_scores.clear();
    m_scoreSource.clear();
    const int last = m_graph ? int(m_graph->configCount()) - 1 : 0;
    const QSignalBlocker blockA(m_a), blockB(m_b);
    m_a->setRange(0, std::max(0, last));
    m_b->setRange(0, std::max(0, last));
    m_a->setEnabled(m_graph != nullptr);
    m_b->setEnabled(m_graph != nullptr);
    // A tile graph has no per-node layouts: nothing to split by.
    if (!m_graph) m_split->setChecked(false);
    m_split->setEnabled(m_graph != nullptr);
    // Best vs default; without measured runtimes (the test split) configs 0 and 1.
    const bool measured = m_graph && m_graph->measured;
    const int64_t a = measured ? m_graph->bestConfig() : 0;
    const int64_t b = measured ? m_graph->defaultConfig() : std::min(1, last);
    m_a->setValue(int(std::max<int64_t>(0, a)));
    m_b->setValue(int(std::max<int64_t>(0, b)));
    recompute();
    m_run->setGraph(m_graph);  // ranks by the chosen run again once it has predicted this graph
}

void ConfigComparePanel::setPerConfigScores(const std::vector<double>& scores,
                                            const QString& source) {
    if (scores.empty() && m_scores.empty()) return;  // measured already
    m_scores = scores;
    m_scoreSource = source;
    recompute();
}

void ConfigComparePanel::setConfigs(int64_t a, int64_t b) {
    {
        const QSignalBlocker blockA(m_a), blockB(m_b);
        m_a->setValue(int(a));
        m_b->setValue(int(b));
    }
    recompute();
}

int64_t ConfigComparePanel::configA() const {
    return m_a->value();
}

int64_t ConfigComparePanel::configB() const {
    return m_b->value();
}

bool ConfigComparePanel::isHighlighted() const {
    return m_highlight->isChecked();
}

bool ConfigComparePanel::showsDifferences() const {
    return m_graph && isHighlighted() && !m_differences.empty();
}

void ConfigComparePanel::recompute() {
    m_differences.clear();
    m_value.clear();
    if (m_graph && m_graph->configCount() > 0) {
        std::vector<double> value = m_scores;
        if (value.empty() && m_graph->measured)
            for (const double r : m_graph->runtimes) value.push_back(std::log(std::max(r, 1e-30)));
        m_differences = layoutDifferences(*m_graph->layout, configA(), configB(), value);
        m_value = std::move(value);
    }
    fillTable();
    // Without a sensitivity (no runtimes, no run) the nodes keep their colours: the rings
    // alone mark the differing ones, instead of one colour with a meaningless ramp.
    const bool ranked =
        std::any_of(m_differences.begin(), m_differences.end(),
                    [](const NodeLayoutDifference& d) { return !std::isnan(d.sensitivity); });
    Q_EMIT highlightChanged(
        showsDifferences() && ranked ? highlightValues() : QVector<float>(),
        ranked ? QStringLiteral("sensitivity, config %1 vs %2").arg(configA()).arg(configB())
               : QStringLiteral("layout differs, config %1 vs %2").arg(configA()).arg(configB()));
}

void ConfigComparePanel::fillTable() {
    m_table->setRowCount(0);
    if (!m_graph) {
        m_summary->setText(QStringLiteral("Open a layout graph to compare two of its configs."));
        return;
    }
    QStringList summary;
    if (!m_graph->measured && m_scoreSource.isEmpty())
        summary << QStringLiteral(
            "This file has no measured runtimes (test split): choose two "
            "configs (opened on 0 and 1); no sensitivity to rank by.");
    if (allLayoutsIdentical())
        summary << QStringLiteral(
                       "All %1 configs give every configurable node the same layout: "
                       "nothing differs.")
                       .arg(m_graph->configCount());
    else if (configA() == configB())
        summary << QStringLiteral("A and B are the same config: choose two different ones.");
    else
        summary << QStringLiteral("%1 of %2 configurable nodes differ%3.")
                       .arg(m_differences.size())
                       .arg(m_graph->layout->configurableCount())
                       .arg(!m_scoreSource.isEmpty()
                                ? QStringLiteral("; sensitivity from ") + m_scoreSource
                            : m_graph->measured
                                ? QStringLiteral("; sensitivity from measured runtimes")
                                : QString());
    if (m_graph->measured && configA() != configB()) {
        const double a = m_graph->runtimes[size_t(configA())];
        const double b = m_graph->runtimes[size_t(configB())];
        summary << QStringLiteral("Measured: A %1, B %2 (B / A %3\u00d7).")
                       .arg(runtimeText(a, true), runtimeText(b, true))
                       .arg(a > 0 ? b / a : 0.0, 0, 'f', 4);
    }
    m_summary->setText(summary.join(QLatin1Char(' ')));
    m_table->setRowCount(int(m_differences.size()));
    const int lineSpacing = m_table->fontMetrics().lineSpacing();
    for (int row = 0; row < int(m_differences.size()); ++row) {
        const NodeLayoutDifference& d = m_differences[size_t(row)];
        m_table->setItem(row, NodeColumn, tableCell(QString::number(d.node), qlonglong(d.node)));
        m_table->setItem(
            row, OpcodeColumn,
            tableCell(QString::fromUtf8(opcodeName(m_graph->nodeOpcode()[size_t(d.node)]))));
        m_table->setItem(row, ShapeColumn,
                         tableCell(QString::fromStdString(nodeShapeText(*m_graph, d.node))));
        const QString layouts = QStringLiteral("A: %1\nB: %2")
                                    .arg(QString::fromStdString(layoutTupleText(d.a)),
                                         QString::fromStdString(layoutTupleText(d.b)));
        // One line a differing group: a narrow column, its row as tall as its groups.
        const QString change = QString::fromStdString(layoutChangeText(d.a, d.b, "\n"));
        m_table->setItem(row, ChangeColumn, tableCell(change, {}, layouts));
        m_table->setRowHeight(row, m_table->verticalHeader()->defaultSectionSize() +
                                       int(change.count(QLatin1Char('\n'))) * lineSpacing);
        m_table->setItem(row, LayoutAColumn,
                         tableCell(QString::fromStdString(layoutTupleText(d.a))));
        m_table->setItem(row, LayoutBColumn,
                         tableCell(QString::fromStdString(layoutTupleText(d.b))));
        m_table->setItem(
            row, SensitivityColumn,
            tableCell(std::isnan(d.sensitivity) ? QStringLiteral("–")
                                                : QString::number(d.sensitivity, 'f', 3)));
    }
}

QVector<float> ConfigComparePanel::highlightValues() const {
    QVector<float> values;
    if (!m_graph) return values;
    values.fill(NAN, int(m_graph->nodeCount()));
    for (const NodeLayoutDifference& d : m_differences)
        values[int(d.node)] = std::isnan(d.sensitivity) ? 1.0f : float(d.sensitivity);
    return values;
}

QVector<float> ConfigComparePanel::layoutValues(bool ofB) const {
    QVector<float> values;
    if (!m_graph) return values;
    values.fill(NAN, int(m_graph->nodeCount()));
    const PackedLayoutConfigs& configs = m_graph->layout->configs;
    const int64_t mine = ofB ? configB() : configA(), other = ofB ? configA() : configB();
    // The mean per-config value (log runtime or score) over the configs that give the node
    // `code`: how fast that layout of the node runs on average.
    const auto meanValueOf = [&](int64_t k, uint32_t code) {
        double sum = 0.0;
        int64_t count = 0;
        for (int64_t c = 0; c < int64_t(m_value.size()); ++c)
            if (configs.code(c, k) == code) {
                sum += m_value[size_t(c)];
                ++count;
            }
        return count > 0 ? sum / double(count) : 0.0;
    };
    for (const NodeLayoutDifference& d : m_differences) {
        const int64_t k = d.configurableIndex;
        const double meanMine = meanValueOf(k, configs.code(mine, k));
        const double meanOther = meanValueOf(k, configs.code(other, k));
        // 0: this pane's layout of the node is the faster one of the two; ties (and no values)
        // give A 0 and B 1, so that the two panes always differ on a differing node.
        const bool faster = meanMine < meanOther || (meanMine == meanOther && !ofB);
        values[int(d.node)] = faster ? 0.0f : 1.0f;
    }
    return values;
}

QStringList ConfigComparePanel::layoutScaleLabels() const {
    if (m_value.empty()) return {QStringLiteral("A's layout"), QStringLiteral("B's layout")};
    return {QStringLiteral("faster layout"), QStringLiteral("slower layout")};
}

bool ConfigComparePanel::isSplitView() const {
    return m_split->isChecked();
}

QString ConfigComparePanel::nodeDetail(int node) const {
    for (const NodeLayoutDifference& d : m_differences)
        if (d.node == node)
            return QStringLiteral("layout A (config %1): %2\nlayout B (config %3): %4")
                .arg(configA())
                .arg(QString::fromStdString(layoutTupleText(d.a)))
                .arg(configB())
                .arg(QString::fromStdString(layoutTupleText(d.b)));
    return {};
}

}  // namespace tpugraphs::ui
