// ConfigComparePanel: config choice, layout differences, their table and their highlight.
#include "explorer/config_compare_panel.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

#include "analysis/loaded_graph.h"
#include "analysis/node_shape.h"
#include "data/opcodes.h"
#include "explorer/table_export.h"

namespace tpugraphs::ui {

namespace {

enum CompareColumn { NodeColumn, OpcodeColumn, ShapeColumn, SensitivityColumn, ColumnCount };

QTableWidgetItem* tableCell(const QString& text, const QVariant& sortValue = {}) {
    auto* item = new QTableWidgetItem(text);
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
                                        QStringLiteral("Shape"), QStringLiteral("Sensitivity")});
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(20);
    m_table->horizontalHeader()->setSectionResizeMode(ShapeColumn, QHeaderView::Stretch);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    installTableExport(m_table);
    m_table->setToolTip(
        QStringLiteral("Configurable nodes whose layout differs between A and B, most "
                       "sensitive first: click one to centre it on the graph"));
    auto* form = new QFormLayout;
    form->addRow(QStringLiteral("Config A"), m_a);
    form->addRow(QStringLiteral("Config B"), m_b);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_highlight);
    layout->addWidget(m_split);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    connect(m_a, &QSpinBox::valueChanged, this, &ConfigComparePanel::recompute);
    connect(m_b, &QSpinBox::valueChanged, this, &ConfigComparePanel::recompute);
    connect(m_highlight, &QCheckBox::toggled, this, &ConfigComparePanel::recompute);
    connect(m_table, &QTableWidget::cellClicked, this, [this](int row, int) {
        Q_EMIT nodeActivated(m_table->item(row, NodeColumn)->data(Qt::UserRole).toLongLong());
    });
    setGraph(nullptr);
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
    const int64_t best = m_graph ? m_graph->bestConfig() : -1;
    const int64_t fallback = m_graph ? m_graph->defaultConfig() : -1;
    m_a->setValue(int(std::max<int64_t>(0, best)));
    m_b->setValue(int(std::max<int64_t>(0, fallback)));
    recompute();
}

void ConfigComparePanel::setPerConfigScores(const std::vector<double>& scores,
                                            const QString& source) {
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

void ConfigComparePanel::recompute() {
    m_differences.clear();
    if (m_graph && m_graph->configCount() > 0) {
        std::vector<double> value = m_scores;
        if (value.empty() && m_graph->measured)
            for (const double r : m_graph->runtimes) value.push_back(std::log(std::max(r, 1e-30)));
        m_differences = layoutDifferences(*m_graph->layout, configA(), configB(), value);
    }
    fillTable();
    const bool show = m_graph && isHighlighted();
    Q_EMIT highlightChanged(
        show ? highlightValues() : QVector<float>(),
        QStringLiteral("sensitivity, config %1 vs %2").arg(configA()).arg(configB()));
}

void ConfigComparePanel::fillTable() {
    m_table->setRowCount(0);
    if (!m_graph) {
        m_summary->setText(QStringLiteral("Open a layout graph to compare two of its configs."));
        return;
    }
    const QString source = !m_scoreSource.isEmpty() ? m_scoreSource
                           : m_graph->measured      ? QStringLiteral("measured runtimes")
                                                    : QStringLiteral("none (no runtimes)");
    m_summary->setText(QStringLiteral("%1 of %2 configurable nodes differ; sensitivity from %3.")
                           .arg(m_differences.size())
                           .arg(m_graph->layout->configurableCount())
                           .arg(source));
    m_table->setRowCount(int(m_differences.size()));
    for (int row = 0; row < int(m_differences.size()); ++row) {
        const NodeLayoutDifference& d = m_differences[size_t(row)];
        m_table->setItem(row, NodeColumn, tableCell(QString::number(d.node), qlonglong(d.node)));
        m_table->setItem(
            row, OpcodeColumn,
            tableCell(QString::fromUtf8(opcodeName(m_graph->nodeOpcode()[size_t(d.node)]))));
        m_table->setItem(row, ShapeColumn,
                         tableCell(QString::fromStdString(nodeShapeText(*m_graph, d.node))));
        m_table->setItem(
            row, SensitivityColumn,
            tableCell(std::isnan(d.sensitivity) ? QStringLiteral("–")
                                                : QString::number(d.sensitivity, 'f', 3)));
        m_table->item(row, NodeColumn)
            ->setToolTip(QStringLiteral("A: %1\nB: %2")
                             .arg(QString::fromStdString(layoutTupleText(d.a)),
                                  QString::fromStdString(layoutTupleText(d.b))));
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
    const int64_t config = ofB ? configB() : configA();
    for (const NodeLayoutDifference& d : m_differences) {
        const size_t distinct = configs.distinctLayouts(d.configurableIndex).size();
        values[int(d.node)] = float(configs.code(config, d.configurableIndex)) /
                              float(std::max<size_t>(1, distinct - 1));
    }
    return values;
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
