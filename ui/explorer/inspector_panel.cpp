// The node inspector with node and config feature tables.
#include "explorer/inspector_panel.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include "analysis/feature_rows.h"
#include "analysis/loaded_graph.h"
#include "common/units.h"
#include "data/opcodes.h"
#include "explorer/table_export.h"
#include "item_models/feature_table_model.h"

namespace tpugraphs::ui {

namespace {

QTableView* makeTable(FeatureTableModel* model, QWidget* parent) {
    auto* table = new QTableView(parent);
    table->setModel(model);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(20);
    table->horizontalHeader()->setSectionResizeMode(FeatureTableModel::NameColumn,
                                                    QHeaderView::Stretch);
    table->horizontalHeader()->setSectionResizeMode(FeatureTableModel::IndexColumn,
                                                    QHeaderView::ResizeToContents);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setAlternatingRowColors(true);
    table->setTextElideMode(Qt::ElideMiddle);  // long feature names keep both ends
    installTableExport(table);
    return table;
}

// Links for up to `limit` node ids, then "… (n more)".
QString nodeLinks(const std::vector<int64_t>& ids, size_t limit = 12) {
    if (ids.empty()) return QStringLiteral("none");
    QStringList parts;
    for (size_t i = 0; i < ids.size() && i < limit; ++i)
        parts << QStringLiteral("<a href=\"%1\">%1</a>").arg(ids[i]);
    if (ids.size() > limit) parts << QStringLiteral("… (%1 more)").arg(ids.size() - limit);
    return QStringLiteral("%1: %2").arg(ids.size()).arg(parts.join(QStringLiteral(", ")));
}

}  // namespace

InspectorPanel::InspectorPanel(QWidget* parent)
    : QWidget(parent),
      m_headline(new QLabel(QStringLiteral("No node selected"), this)),
      m_details(new QLabel(this)),
      m_nodeModel(new FeatureTableModel(this)),
      m_nodeTable(makeTable(m_nodeModel, this)),
      m_configBox(new QSpinBox(this)),
      m_bestButton(new QPushButton(QStringLiteral("Best"), this)),
      m_defaultButton(new QPushButton(QStringLiteral("Default"), this)),
      m_configInfo(new QLabel(this)),
      m_configModel(new FeatureTableModel(this)),
      m_configTable(makeTable(m_configModel, this)) {
    m_headline->setObjectName("inspectorHeadline");
    m_details->setObjectName("inspectorDetails");
    m_nodeTable->setObjectName("nodeFeatureTable");
    m_configTable->setObjectName("configFeatureTable");
    m_configBox->setObjectName("inspectorConfig");
    QFont bold = m_headline->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_headline->setFont(bold);
    m_headline->setWordWrap(true);
    m_details->setTextFormat(Qt::RichText);
    m_details->setWordWrap(true);
    m_configInfo->setWordWrap(true);
    m_bestButton->setToolTip(QStringLiteral("Show the fastest measured config"));
    m_defaultButton->setToolTip(
        QStringLiteral("Show config 0, taken as the default of the layout "
                       "\"default\" collections (the files mark no default)"));

    auto* nodeBox = new QGroupBox(QStringLiteral("Node features (non-zero first)"), this);
    auto* nodeLayout = new QVBoxLayout(nodeBox);
    nodeLayout->addWidget(m_nodeTable);

    auto* configBox = new QGroupBox(QStringLiteral("Config features"), this);
    auto* configLayout = new QVBoxLayout(configBox);
    auto* chooser = new QHBoxLayout;
    chooser->addWidget(new QLabel(QStringLiteral("Config:"), configBox));
    chooser->addWidget(m_configBox, 1);
    chooser->addWidget(m_bestButton);
    chooser->addWidget(m_defaultButton);
    configLayout->addLayout(chooser);
    configLayout->addWidget(m_configInfo);
    configLayout->addWidget(m_configTable);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_headline);
    layout->addWidget(m_details);
    layout->addWidget(nodeBox, 3);
    layout->addWidget(configBox, 2);

    connect(m_configBox, &QSpinBox::valueChanged, this, [this](int value) { setConfig(value); });
    connect(m_bestButton, &QPushButton::clicked, this, [this] {
        if (m_graph) setConfig(m_graph->bestConfig());
    });
    connect(m_defaultButton, &QPushButton::clicked, this, [this] {
        if (m_graph) setConfig(m_graph->defaultConfig());
    });
    connect(m_details, &QLabel::linkActivated, this,
            [this](const QString& link) { Q_EMIT nodeActivated(link.toLongLong()); });
    setGraph(nullptr);
}

void InspectorPanel::setGraph(std::shared_ptr<const LoadedGraph> graph) {
    m_graph = std::move(graph);
    m_node = -1;
    const int64_t configs = m_graph ? m_graph->configCount() : 0;
    {
        const QSignalBlocker block(m_configBox);
        m_configBox->setRange(0, int(std::max<int64_t>(0, configs - 1)));
        m_configBox->setSuffix(QStringLiteral(" of %1").arg(configs));
    }
    m_configBox->setEnabled(configs > 0);
    m_bestButton->setEnabled(m_graph && m_graph->bestConfig() >= 0);
    m_defaultButton->setEnabled(m_graph && m_graph->defaultConfig() >= 0);
    m_config = m_graph && m_graph->bestConfig() >= 0 ? m_graph->bestConfig() : 0;
    {
        const QSignalBlocker block(m_configBox);
        m_configBox->setValue(int(m_config));
    }
    refreshNode();
    refreshConfig();
}

void InspectorPanel::showNode(int64_t nodeId) {
    m_node = m_graph && nodeId >= 0 && nodeId < m_graph->nodeCount() ? nodeId : -1;
    refreshNode();
    refreshConfig();
}

void InspectorPanel::setConfig(int64_t config) {
    if (!m_graph || config < 0 || config >= m_graph->configCount()) return;
    const bool changed = config != m_config;
    m_config = config;
    {
        const QSignalBlocker block(m_configBox);
        m_configBox->setValue(int(config));
    }
    refreshConfig();
    if (changed) Q_EMIT configChanged(config);
}

QString InspectorPanel::headline() const {
    return m_headline->text();
}

QString InspectorPanel::details() const {
    QString plain = m_details->text();
    plain.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QString());
    return plain;
}

void InspectorPanel::refreshNode() {
    if (!m_graph || m_node < 0) {
        m_headline->setText(m_graph ? QStringLiteral("No node selected: click a node in the graph")
                                    : QStringLiteral("No graph loaded"));
        m_details->clear();
        m_nodeModel->setResults({});
        return;
    }
    const LoadedGraph& g = *m_graph;
    const int opcode = g.nodeOpcode()[size_t(m_node)];
    m_headline->setText(
        QStringLiteral("Node %1: %2").arg(m_node).arg(QString::fromLatin1(opcodeName(opcode))));
    std::vector<int64_t> inputs, outputs;
    const auto& edges = g.edgeIndex();
    for (size_t e = 0; e + 1 < edges.size(); e += 2) {
        if (edges[e] == m_node) inputs.push_back(edges[e + 1]);
        if (edges[e + 1] == m_node) outputs.push_back(edges[e]);
    }
    QStringList lines;
    lines << QStringLiteral("id: %1 of %2").arg(m_node).arg(g.nodeCount());
    lines << QStringLiteral("opcode: %1 (id %2, %3)")
                 .arg(QString::fromLatin1(opcodeName(opcode)))
                 .arg(opcode)
                 .arg(QString::fromLatin1(opcodeFamilyName(opcodeFamily(opcode))));
    if (g.layout)
        lines << QStringLiteral("computation: %1 of %2 (from node_splits)")
                     .arg(g.computationOf(m_node) + 1)
                     .arg(g.computationCount());
    const int64_t slot = g.configurableIndex(m_node);
    if (g.layout)
        lines << (slot >= 0
                      ? QStringLiteral("configurable: yes (entry %1 of node_config_ids)").arg(slot)
                      : QStringLiteral("configurable: no"));
    lines << QStringLiteral("inputs %1").arg(nodeLinks(inputs));
    lines << QStringLiteral("outputs %1").arg(nodeLinks(outputs));
    m_details->setText(lines.join(QStringLiteral("<br>")));
    m_nodeModel->setResults(nodeFeatureRows(g, m_node));
}

void InspectorPanel::refreshConfig() {
    if (!m_graph || m_graph->configCount() == 0) {
        m_configInfo->setText(m_graph ? QStringLiteral("This graph has no configs.") : QString());
        m_configModel->setResults({});
        return;
    }
    const LoadedGraph& g = *m_graph;
    QString info =
        g.measured ? QStringLiteral("Runtime of config %1: %2%3")
                         .arg(m_config)
                         .arg(runtimeText(g.runtimes[size_t(m_config)], !g.tile))
                         .arg(g.tile ? QStringLiteral(" (normalised)") : QString())
                   : QStringLiteral("Config %1: no measured runtime (test split)").arg(m_config);
    if (m_config == g.bestConfig()) info += QStringLiteral(" · best");
    if (m_config == g.defaultConfig()) info += QStringLiteral(" · default (config 0)");
    if (g.layout) {
        if (m_node < 0)
            info += QStringLiteral("<br>Select a configurable node to see its 18 layout features.");
        else if (g.configurableIndex(m_node) < 0)
            info += QStringLiteral(
                        "<br>Node %1 is not configurable: layout configs set only the %2 nodes "
                        "of node_config_ids.")
                        .arg(m_node)
                        .arg(g.layout->configurableCount());
    }
    m_configInfo->setText(info);
    m_configModel->setResults(configFeatureRows(g, m_config, m_node));
}

}  // namespace tpugraphs::ui
