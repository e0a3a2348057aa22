// The collection view: graph size and best-over-median speed-up distributions.
#include "charts/collection_charts_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <cmath>

#include "charts/histogram_chart.h"
#include "common/count_text.h"

namespace tpugraphs::ui {

CollectionChartsPanel::CollectionChartsPanel(QWidget* parent)
    : QWidget(parent),
      m_collection(new QComboBox(this)),
      m_note(new QLabel(this)),
      m_sizes(new HistogramChart(QStringLiteral("Graph sizes"), this)),
      m_speedups(
          new HistogramChart(QStringLiteral("Best-over-median speed-up across graphs"), this)) {
    m_sizes->setObjectName("collectionSizes");
    m_speedups->setObjectName("collectionSpeedups");
    m_collection->setObjectName("collectionChoice");
    m_note->setWordWrap(true);
    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(QStringLiteral("Collection:"), this));
    controls->addWidget(m_collection);
    controls->addWidget(m_note, 1);
    auto* charts = new QHBoxLayout;
    charts->addWidget(m_sizes);
    charts->addWidget(m_speedups);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addLayout(charts, 1);
    connect(m_collection, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
}

void CollectionChartsPanel::setDataset(const DatasetIndex& index) {
    m_index = index;
    m_stats.assign(index.graphs.size(), RuntimeStats{});
    const QSignalBlocker block(m_collection);
    m_collection->clear();
    m_collection->addItem(QStringLiteral("All collections"), QString());
    for (const GraphEntry& entry : index.graphs) {
        const QString label = QString::fromStdString(collectionLabel(entry));
        if (m_collection->findData(label) < 0) m_collection->addItem(label, label);
    }
    refresh();
}

void CollectionChartsPanel::setRuntimeStats(const std::vector<RuntimeStats>& stats) {
    m_stats = stats;
    refresh();
}

void CollectionChartsPanel::setCollection(const QString& collection) {
    const int row = m_collection->findData(collection);
    m_collection->setCurrentIndex(row < 0 ? 0 : row);
}

void CollectionChartsPanel::refresh() {
    const std::string chosen = m_collection->currentData().toString().toStdString();
    std::vector<double> sizes, speedups;
    int pending = 0, unmeasured = 0;
    for (size_t i = 0; i < m_index.graphs.size(); ++i) {
        const GraphEntry& entry = m_index.graphs[i];
        if (!chosen.empty() && collectionLabel(entry) != chosen) continue;
        if (!entry.error.empty()) continue;
        sizes.push_back(std::log10(std::max<double>(1.0, double(entry.nodes))));
        const RuntimeStats* s = i < m_stats.size() ? &m_stats[i] : nullptr;
        if (!s || !s->computed)
            ++pending;
        else if (s->measured)
            speedups.push_back(s->bestOverMedian);
        else if (s->error.empty())
            ++unmeasured;
    }
    m_sizes->setValues(sizes, QStringLiteral("log10(nodes)"));
    if (speedups.empty())
        m_speedups->clear(pending ? QStringLiteral("computing…")
                                  : QStringLiteral("no graphs with measured runtimes"));
    else
        m_speedups->setValues(speedups, QStringLiteral("median runtime / best runtime"));
    QString note = countText(qint64(sizes.size()), "graph", "graphs");
    if (pending)
        note += QStringLiteral("; runtimes of %1 still being read…")
                    .arg(countText(pending, "graph", "graphs"));
    if (unmeasured)
        note += QStringLiteral("; %1 without runtimes (test split) left out")
                    .arg(countText(unmeasured, "graph", "graphs"));
    m_note->setText(note);
}

}  // namespace tpugraphs::ui
