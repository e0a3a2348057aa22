// The runtime charts of the selected graph: histogram, sorted curve (linear/log) and a config
// feature vs runtime scatter; test-split graphs say that they have no measured runtimes. A click
// on a config's point chooses that config (configChosen).
#pragma once

#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QStackedWidget;

namespace tpugraphs {
struct LoadedGraph;
}

namespace tpugraphs::ui {

class FeatureScatterChart;
class HistogramChart;
class SortedRuntimeChart;

class RuntimeChartsPanel : public QWidget {
    Q_OBJECT
public:
    explicit RuntimeChartsPanel(QWidget* parent = nullptr);

    void setGraph(std::shared_ptr<const LoadedGraph> graph);
    // Layout: the scatter uses this configurable node's value (else the mean over all nodes).
    void setFeatureNode(int64_t nodeId);
    void setScatterFeature(int feature);

    HistogramChart* histogram() const { return m_histogram; }
    SortedRuntimeChart* sortedCurve() const { return m_curve; }
    FeatureScatterChart* scatter() const { return m_scatter; }
    QComboBox* featureBox() const { return m_feature; }
    QCheckBox* logBox() const { return m_log; }
    QString message() const;  // the text shown instead of charts ("no measured runtimes"), or empty
    QString summary() const;  // the header line above the charts (plain text)

Q_SIGNALS:
    void configChosen(int64_t config);

private:
    void refresh();
    void refreshScatter();
    void chooseVaryingFeature();  // when the chosen feature is constant on this graph

    std::shared_ptr<const LoadedGraph> m_graph;
    int64_t m_featureNode = -1;
    QLabel* m_summary;
    QCheckBox* m_log;
    QCheckBox* m_clip;
    QComboBox* m_feature;
    QLabel* m_featureScope;
    QStackedWidget* m_stack;
    QLabel* m_noRuntimes;
    HistogramChart* m_histogram;
    SortedRuntimeChart* m_curve;
    FeatureScatterChart* m_scatter;
};

}  // namespace tpugraphs::ui
