// The runtime charts of the selected graph with their controls.
#include "charts/runtime_charts_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "analysis/loaded_graph.h"
#include "charts/feature_scatter_chart.h"
#include "charts/histogram_chart.h"
#include "charts/sorted_runtime_chart.h"
#include "common/count_text.h"
#include "data/feature_names.h"

namespace tpugraphs::ui {

namespace {
QString runtimeTitle(const LoadedGraph& graph) {
    return graph.tile ? QStringLiteral("runtime / normalizer") : QStringLiteral("runtime");
}
}  // namespace

RuntimeChartsPanel::RuntimeChartsPanel(QWidget* parent)
    : QWidget(parent),
      m_summary(new QLabel(QStringLiteral("Select a graph to see its config runtimes."), this)),
      m_log(new QCheckBox(QStringLiteral("Log scale"), this)),
      m_feature(new QComboBox(this)),
      m_featureScope(new QLabel(this)),
      m_stack(new QStackedWidget(this)),
      m_noRuntimes(new QLabel(this)),
      m_histogram(new HistogramChart(QStringLiteral("Config runtimes"), this)),
      m_curve(new SortedRuntimeChart(this)),
      m_scatter(new FeatureScatterChart(this)) {
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_histogram->setObjectName("runtimeHistogram");
    m_curve->setObjectName("sortedRuntimeCurve");
    m_scatter->setObjectName("featureScatter");
    m_feature->setObjectName("scatterFeature");
    m_feature->setMinimumContentsLength(22);
    m_noRuntimes->setAlignment(Qt::AlignCenter);
    m_noRuntimes->setWordWrap(true);
    m_noRuntimes->setObjectName("noRuntimesMessage");

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_log);
    controls->addSpacing(16);
    controls->addWidget(new QLabel(QStringLiteral("Scatter feature:"), this));
    controls->addWidget(m_feature);
    controls->addWidget(m_featureScope);
    controls->addStretch();

    auto* charts = new QWidget(this);
    auto* grid = new QGridLayout(charts);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_histogram, 0, 0);
    grid->addWidget(m_curve, 0, 1);
    grid->addWidget(m_scatter, 1, 0, 1, 2);
    m_stack->addWidget(charts);
    m_stack->addWidget(m_noRuntimes);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addLayout(controls);
    layout->addWidget(m_stack, 1);

    connect(m_log, &QCheckBox::toggled, m_curve, &SortedRuntimeChart::setLogScale);
    connect(m_feature, &QComboBox::currentIndexChanged, this, [this] { refreshScatter(); });
    refresh();
}

void RuntimeChartsPanel::setGraph(std::shared_ptr<const LoadedGraph> graph) {
    const bool kindChanged = !m_graph || !graph || bool(m_graph->tile) != bool(graph->tile);
    m_graph = std::move(graph);
    m_featureNode = -1;
    if (kindChanged) {
        const QSignalBlocker block(m_feature);
        m_feature->clear();
        if (m_graph) {
            for (int f = 0; f < m_graph->configFeatureCount(); ++f) {
                const auto name =
                    m_graph->tile ? tileConfigFeatureName(f) : layoutConfigFeatureName(f);
                m_feature->addItem(QString::fromUtf8(name.data(), int(name.size())));
            }
        }
    }
    refresh();
}

void RuntimeChartsPanel::setFeatureNode(int64_t nodeId) {
    if (!m_graph || !m_graph->layout) return;
    const int64_t node = m_graph->configurableIndex(nodeId) >= 0 ? nodeId : -1;
    if (node == m_featureNode) return;
    m_featureNode = node;
    refreshScatter();
}

void RuntimeChartsPanel::setScatterFeature(int feature) {
    m_feature->setCurrentIndex(feature);
}

QString RuntimeChartsPanel::message() const {
    return m_stack->currentWidget() == m_noRuntimes ? m_noRuntimes->text() : QString();
}

void RuntimeChartsPanel::refresh() {
    if (!m_graph) {
        m_histogram->clear(QStringLiteral("no graph"));
        m_curve->clear(QStringLiteral("no graph"));
        m_scatter->clear(QStringLiteral("no graph"));
        m_stack->setCurrentIndex(0);
        return;
    }
    const LoadedGraph& g = *m_graph;
    const int64_t best = g.bestConfig(), def = g.defaultConfig();
    QString summary = QStringLiteral("<b>%1</b> (%2, %3): %4")
                          .arg(QString::fromStdString(g.entry.name),
                               QString::fromStdString(collectionLabel(g.entry)),
                               QString::fromLatin1(splitName(g.entry.split)),
                               countText(g.configCount(), "config", "configs"));
    if (g.measured)
        summary += QStringLiteral("; best config %1 (%2)")
                       .arg(best)
                       .arg(g.runtimes[size_t(best)], 0, 'g', 8);
    summary += def >= 0
                   ? QStringLiteral(
                         "; default marked = config 0 (the file has no explicit default; "
                         "configs of the default collections start from it)")
                   : QStringLiteral("; no default config marked (%1 files carry none)")
                         .arg(g.tile ? QStringLiteral("tile") : QStringLiteral("random-search"));
    m_summary->setText(summary);
    if (!g.measured) {
        m_noRuntimes->setText(QStringLiteral("No measured runtimes: %1 is in the %2 split, whose "
                                             "config_runtime is all 0. Nothing to chart.")
                                  .arg(QString::fromStdString(g.entry.name),
                                       QString::fromLatin1(splitName(g.entry.split))));
        m_histogram->clear(QStringLiteral("no measured runtimes"));
        m_curve->clear(QStringLiteral("no measured runtimes"));
        m_scatter->clear(QStringLiteral("no measured runtimes"));
        m_stack->setCurrentWidget(m_noRuntimes);
        return;
    }
    m_stack->setCurrentIndex(0);
    std::vector<ChartMarker> markers;
    markers.push_back({QStringLiteral("best (%1)").arg(best), g.runtimes[size_t(best)], 0,
                       QColor(0x59, 0xa1, 0x4f)});
    if (def >= 0)
        markers.push_back({QStringLiteral("default (%1)").arg(def), g.runtimes[size_t(def)], 0,
                           QColor(0xf2, 0x8e, 0x2b)});
    m_histogram->setValues(g.runtimes, runtimeTitle(g), markers);
    m_curve->setRuntimes(g.runtimes, runtimeTitle(g), best, def);
    refreshScatter();
}

void RuntimeChartsPanel::refreshScatter() {
    if (!m_graph || !m_graph->measured) return;
    const int feature = std::max(0, m_feature->currentIndex());
    if (m_graph->layout)
        m_featureScope->setText(m_featureNode >= 0
                                    ? QStringLiteral("at node %1 (selected)").arg(m_featureNode)
                                    : QStringLiteral("mean over the configurable nodes"));
    else
        m_featureScope->clear();
    m_scatter->setPoints(m_graph->configFeatureColumn(feature, m_featureNode), m_graph->runtimes,
                         m_feature->currentText(), runtimeTitle(*m_graph), m_graph->bestConfig(),
                         m_graph->defaultConfig());
}

}  // namespace tpugraphs::ui
