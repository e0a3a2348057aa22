// Two configurations of a layout graph compared: config A and B (the best and the default by
// default), the configurable nodes whose layouts differ as a table (opcode, shape, sensitivity,
// most sensitive first; a click centres the node), and the colours and tool tips that highlight
// them on the graph view. The sensitivity comes from the measured runtimes or from a trained run
// chosen in the panel (CompareRunChooser).
#pragma once

#include <QStringList>
#include <QVector>
#include <QWidget>

#include <functional>
#include <memory>
#include <vector>

#include "analysis/config_diff.h"

class QCheckBox;
class QLabel;
class QSpinBox;
class QTableWidget;

namespace tpugraphs {
struct LoadedGraph;
}

namespace tpugraphs::ui {

class CompareRunChooser;

class ConfigComparePanel : public QWidget {
    Q_OBJECT
public:
    explicit ConfigComparePanel(QWidget* parent = nullptr);

    // Defaults A to the best config and B to the default one (config 0 without a default).
    void setGraph(std::shared_ptr<const LoadedGraph> graph);
    // Ranks by a model's per-config scores (a trained run's predictions) instead of the
    // measured log runtime; empty restores the measured ranking. The run chooser calls it.
    void setPerConfigScores(const std::vector<double>& scores, const QString& source);
    void setConfigs(int64_t a, int64_t b);

    int64_t configA() const;
    int64_t configB() const;
    bool isHighlighted() const;
    // The graph should mark the differing nodes: highlighted, and some differ.
    bool showsDifferences() const;
    const std::vector<NodeLayoutDifference>& differences() const { return m_differences; }
    QTableWidget* table() const { return m_table; }
    CompareRunChooser* runChooser() const { return m_run; }

    // Per original node: the difference's sensitivity (or 1 without one), NaN when the node's
    // layout is the same; the graph view colours by it.
    QVector<float> highlightValues() const;
    // The tool tip line of a node: both layouts when it differs, else empty.
    QString nodeDetail(int node) const;
    // Per original node, for the split view: which of its two layouts the differing node takes
    // in config A (or B): 0 the faster one (lower mean log runtime, or score, over the configs
    // that give the node that layout), 1 the slower one; without runtimes 0 in A and 1 in B.
    // NaN elsewhere. The two panes always differ on a differing node.
    QVector<float> layoutValues(bool ofB) const;
    // The legend texts of layoutValues' 0 and 1.
    QStringList layoutScaleLabels() const;
    bool isSplitView() const;
    QCheckBox* splitBox() const { return m_split; }
    QLabel* summaryLabel() const { return m_summary; }
    // The original ids of the differing nodes (the table's rows, in its order).
    QVector<int> differingNodes() const;
    // True when every configurable node takes one layout in all configs.
    bool allLayoutsIdentical() const;

Q_SIGNALS:
    // The highlight changed: the graph view shows `values` (empty: none, also when nothing
    // ranks the differing nodes) titled `title`, and rings differingNodes() while
    // showsDifferences().
    void highlightChanged(const QVector<float>& values, const QString& title);
    void nodeActivated(int64_t nodeId);
    void splitViewToggled(bool on);

private:
    void recompute();
    void fillTable();

    std::shared_ptr<const LoadedGraph> m_graph;
    std::vector<double> m_scores;
    QString m_scoreSource;
    std::vector<NodeLayoutDifference> m_differences;
    std::vector<double> m_value;  // per config: what the sensitivity ranks by (empty: none)
    QSpinBox* m_a;
    QSpinBox* m_b;
    QCheckBox* m_highlight;
    QCheckBox* m_split;
    CompareRunChooser* m_run;
    QLabel* m_summary;
    QTableWidget* m_table;
};

}  // namespace tpugraphs::ui
