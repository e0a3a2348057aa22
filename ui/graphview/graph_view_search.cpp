// GraphViewWidget search and selection: finding nodes by id or opcode, the selected node and
// the highlighted matches.
#include "graphview/graph_view_widget.h"

#include <string>
#include <vector>

namespace tpugraphs::ui {

QVector<int> GraphViewWidget::findNodes(const QString& query) const {
    QVector<int> found;
    if (!m_scene) return found;
    const GraphTopology& t = *m_topology;
    QString text = query.trimmed();
    if (text.isEmpty()) return found;
    const bool hash = text.startsWith('#');
    if (hash) text = text.mid(1);
    bool isNumber = false;
    const int id = text.toInt(&isNumber);
    if (isNumber) {
        if (id >= 0 && id < t.nodeCount && m_scene->viewNodeOf(id) >= 0) found.append(id);
        return found;
    }
    if (hash) return found;
    const std::string lower = text.toLower().toStdString();
    std::vector<char> opcodeMatches(256, 0);
    const int exact = opcodeIdFromName(lower);
    for (int op = 1; op <= kOpcodeMaxId; ++op)
        opcodeMatches[op] =
            exact > 0 ? op == exact : std::string(opcodeName(op)).find(lower) != std::string::npos;
    for (int v = 0; v < t.nodeCount; ++v)
        if (opcodeMatches[t.opcode[v]] && m_scene->viewNodeOf(v) >= 0) found.append(v);
    return found;
}

void GraphViewWidget::selectNode(int originalNode) {
    m_selectedOriginal = originalNode;
    selectViewNode(m_scene ? m_scene->viewNodeOf(originalNode) : -1);
}

int GraphViewWidget::selectedNode() const {
    if (!m_scene || m_state.selected < 0) return -1;
    return m_scene->originalNode(m_state.selected);
}

void GraphViewWidget::selectViewNode(int viewNode) {
    const int before = m_state.selected;
    m_state.selected = viewNode;
    if (m_scene && viewNode >= 0) m_selectedOriginal = m_scene->originalNode(viewNode);
    if (viewNode < 0) m_selectedOriginal = -1;
    update();
    if (before != viewNode) Q_EMIT nodeSelected(selectedNode());
}

void GraphViewWidget::setSearchMatches(const QVector<int>& originalNodes, int currentOriginal) {
    m_matchOriginals = originalNodes;
    m_currentMatchOriginal = currentOriginal;
    m_state.matches.clear();
    m_state.currentMatch = -1;
    if (m_scene) {
        for (const int o : originalNodes) {
            const int v = m_scene->viewNodeOf(o);
            if (v >= 0) m_state.matches.append(v);
        }
        m_state.currentMatch = m_scene->viewNodeOf(currentOriginal);
    }
    update();
}

}  // namespace tpugraphs::ui
