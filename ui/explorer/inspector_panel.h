// The node inspector: opcode, id, computation, inputs/outputs, the 140 named node features
// (non-zero first) and the config features of the chosen config.
#pragma once

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;
class QSpinBox;
class QTableView;

namespace tpugraphs {
struct LoadedGraph;
}

namespace tpugraphs::ui {

class FeatureTableModel;

class InspectorPanel : public QWidget {
    Q_OBJECT
public:
    explicit InspectorPanel(QWidget* parent = nullptr);

    void setGraph(std::shared_ptr<const LoadedGraph> graph);
    void showNode(int64_t nodeId);  // -1 clears the node part
    void setConfig(int64_t config);

    int64_t node() const { return m_node; }
    int64_t config() const { return m_config; }
    FeatureTableModel* nodeFeatures() const { return m_nodeModel; }
    FeatureTableModel* configFeatures() const { return m_configModel; }
    QString headline() const;  // the node line, e.g. "Node 5: fusion"
    QString details() const;   // id, opcode, computation, inputs, outputs as plain text

Q_SIGNALS:
    void configChanged(int64_t config);
    void nodeActivated(int64_t nodeId);  // an input/output link was clicked

private:
    void refreshNode();
    void refreshConfig();

    std::shared_ptr<const LoadedGraph> m_graph;
    int64_t m_node = -1;
    int64_t m_config = 0;
    QLabel* m_headline;
    QLabel* m_details;
    FeatureTableModel* m_nodeModel;
    QTableView* m_nodeTable;
    QSpinBox* m_configBox;
    QPushButton* m_bestButton;
    QPushButton* m_defaultButton;
    QLabel* m_configInfo;
    FeatureTableModel* m_configModel;
    QTableView* m_configTable;
};

}  // namespace tpugraphs::ui
