// The runtime charts of the selected graph with their controls.
#include "charts/runtime_charts_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>

#include "analysis/loaded_graph.h"
#include "charts/feature_scatter_chart.h"
#include "charts/histogram_chart.h"
#include "charts/sorted_runtime_chart.h"
#include "common/count_text.h"
#include "common/units.h"
#include "data/feature_names.h"

namespace tpugraphs::ui {

namespace {
QString runtimeTitle(const LoadedGraph& graph) {
    return graph.tile ? QStringLiteral("runtime / normalizer") : QStringLiteral("runtime");
}
}  // namespace

RuntimeChartsPanel::RuntimeChartsPanel(QWidget* parent)
    : QWidget(parent),
      m_summary(new QLabel(this)),
      m_log(new QCheckBox(QStringLiteral("Log scale"), this)),
      m_clip(new QCheckBox(QStringLiteral("Clip outliers"), this)),
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

    m_log->setToolTip(QStringLiteral("Runtimes on a log scale (histogram and sorted curve)"));
    m_clip->setToolTip(QStringLiteral(
        "Histogram: bins cover the bulk of the runtimes (quartiles ± 3 IQR); far outliers are "
        "counted in the edge bins"));
    m_clip->setChecked(true);
    m_histogram->setClipOutliers(true);
    auto* hint = new QLabel(
        QStringLiteral("wheel: zoom · drag: pan · double-click: reset · click a point: config"),
        this);
    hint->setStyleSheet(QStringLiteral("color: gray"));
    hint->setAlignment(Qt::AlignRight);
    auto* controls = new QHBoxLayout;
    controls->addWidget(m_log);
    controls->addWidget(m_clip);
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
    layout->addWidget(hint);

    connect(m_log, &QCheckBox::toggled, m_curve, &SortedRuntimeChart::setLogScale);
    connect(m_log, &QCheckBox::toggled, m_histogram, &HistogramChart::setLogScale);
    connect(m_clip, &QCheckBox::toggled, m_histogram, &HistogramChart::setClipOutliers);
    connect(m_curve, &SortedRuntimeChart::configClicked, this, &RuntimeChartsPanel::configChosen);
    connect(m_scatter, &FeatureScatterChart::configClicked, this,
            &RuntimeChartsPanel::configChosen);
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

QString RuntimeChartsPanel::summary() const {
    QTextDocument document;
    document.setHtml(m_summary->text());
    return document.toPlainText();
}

void RuntimeChartsPanel::refresh() {
    if (!m_graph) {  // no stale header above empty axes: a plain message instead
        m_summary->setText(QStringLiteral("No graph selected."));
        m_noRuntimes->setText(QStringLiteral("Select a graph to see its config runtimes."));
        m_histogram->clear(QStringLiteral("no graph"));
        m_curve->clear(QStringLiteral("no graph"));
        m_scatter->clear(QStringLiteral("no graph"));
        m_stack->setCurrentWidget(m_noRuntimes);
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
                       .arg(runtimeText(g.runtimes[size_t(best)], !g.tile));
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
    m_histogram->setNanoseconds(!g.tile);
    m_curve->setNanoseconds(!g.tile);
    m_scatter->setNanoseconds(!g.tile);
    chooseVaryingFeature();
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

void RuntimeChartsPanel::chooseVaryingFeature() {
    const auto varies = [this](int feature) {
        const std::vector<double> column = m_graph->configFeatureColumn(feature, -1);
        return !column.empty() && *std::min_element(column.begin(), column.end()) <
                                      *std::max_element(column.begin(), column.end());
    };
    if (m_feature->currentIndex() >= 0 && varies(m_feature->currentIndex())) return;
    for (int f = 0; f < m_feature->count(); ++f)
        if (varies(f)) {
            const QSignalBlocker block(m_feature);  // refresh() draws the scatter next
            m_feature->setCurrentIndex(f);
            return;
        }
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
