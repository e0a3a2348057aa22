// GraphViewWidget overlays: painting the frame, the legend, the overview map, the progress and
// error messages, value colours and the hover tool tip.
#include "graphview/graph_view_widget.h"

#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <cmath>

#include "graphview/graph_minimap.h"
#include "graphview/graph_palette.h"

namespace tpugraphs::ui {

namespace {
constexpr int kCompactLegendBelow = 700;  // px of view width: a split pane's legend stays short
}  // namespace

void GraphViewWidget::setNodeValues(const QVector<float>& values, const QString& title,
                                    const std::optional<NodeValueScale>& scale) {
    const bool recoloured = !values.isEmpty() || !m_values.isEmpty();
    m_values = values;
    m_valueScale = scale;
    m_valuesTitle = title.isEmpty() ? QStringLiteral("value") : title;
    updateViewValues();
    if (recoloured) rebuildMinimap();
    update();
}

void GraphViewWidget::updateViewValues() {
    m_pixelLayer.invalidate();  // a new scene or new node colours
    m_viewValues.clear();
    m_state.values = nullptr;
    if (m_scene && !m_values.isEmpty()) fillViewValues();
}

void GraphViewWidget::setMarkedNodes(const QVector<int>& originalNodes, const QString& meaning) {
    m_markOriginals = originalNodes;
    m_markMeaning = meaning;
    updateMarkedNodes();
    update();
}

void GraphViewWidget::updateMarkedNodes() {
    m_state.marked.clear();
    if (!m_scene) return;
    for (const int o : m_markOriginals) {
        const int v = m_scene->viewNodeOf(o);
        if (v >= 0) m_state.marked.append(v);
    }
}

void GraphViewWidget::fillViewValues() {
    m_valueMin = m_valueScale ? m_valueScale->min : INFINITY;
    m_valueMax = m_valueScale ? m_valueScale->max : -INFINITY;
    for (const float x : m_values)
        if (!m_valueScale && std::isfinite(x)) {
            m_valueMin = std::min(m_valueMin, x);
            m_valueMax = std::max(m_valueMax, x);
        }
    if (!std::isfinite(m_valueMin)) m_valueMin = m_valueMax = 0.0f;  // no value at all
    const float range = m_valueMax > m_valueMin ? m_valueMax - m_valueMin : 1.0f;
    m_viewValues.fill(NAN, m_scene->nodeCount());
    for (int v = 0; v < m_scene->nodeCount(); ++v) {
        const int o = m_scene->originalNode(v);
        if (o >= 0 && o < m_values.size() && std::isfinite(m_values[o]))
            m_viewValues[v] = (m_values[o] - m_valueMin) / range;
    }
    m_state.values = &m_viewValues;
}

void GraphViewWidget::rebuildMinimap() {
    if (m_scene)
        m_minimap->rebuild(m_scene, m_viewValues, size());
    else
        m_minimap->clear();
}

void GraphViewWidget::setMinimapEnabled(bool enabled) {
    if (enabled == m_minimapEnabled) return;
    m_minimapEnabled = enabled;
    update();
    Q_EMIT minimapEnabledChanged(enabled);
}

QRect GraphViewWidget::minimapRect() const {
    if (!m_scene || !m_minimapEnabled) return {};
    if (m_transform.toWorld(QRectF(rect())).contains(m_scene->bounds())) return {};
    return m_minimap->frame(size());
}

bool GraphViewWidget::isMinimapCurrent() const {
    return m_minimap->isCurrent(size());
}

void GraphViewWidget::setLegendVisible(bool visible) {
    m_legendVisible = visible;
    refitIfFitted();
    update();
}

void GraphViewWidget::setLegendCollapsed(bool collapsed) {
    m_legendCollapsed = collapsed;
    refitIfFitted();
    update();
}

GraphLegendContent GraphViewWidget::legendContent() const {
    GraphLegendContent content;
    content.byValue = !m_viewValues.isEmpty();
    content.valueTitle = m_valuesTitle;
    content.valueMin = m_valueMin;
    content.valueMax = m_valueMax;
    content.collapsed = m_legendCollapsed;
    if (m_valueScale) content.rampLabels = m_valueScale->labels;
    if (!m_state.marked.isEmpty()) content.markedText = m_markMeaning;
    content.compact = width() < kCompactLegendBelow;
    return content;
}

QRect GraphViewWidget::legendRect() const {
    if (!m_scene || !m_legendVisible) return {};
    return graphLegendGeometry(rect(), font(), legendContent()).box;
}

GraphRenderStats GraphViewWidget::renderFrame(QPainter& painter, const QRect& viewport) const {
    if (!m_scene) {
        painter.fillRect(viewport, palette::background);
        return {};
    }
    return renderGraph(painter, *m_scene, m_transform, m_state, viewport, &m_pixelLayer);
}

void GraphViewWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    m_lastStats = renderFrame(painter, rect());
    paintOverlay(painter);
}

void GraphViewWidget::paintOverlay(QPainter& painter) {
    if (m_scene && m_legendVisible) paintGraphLegend(painter, rect(), legendContent());
    if (!minimapRect().isEmpty())
        m_minimap->paint(painter, size(), m_transform.toWorld(QRectF(rect())));
    QString message;
    if (!m_error.isEmpty())
        message = QStringLiteral("Layout failed: %1").arg(m_error);
    else if (isDrawing())
        message = QStringLiteral("Laying out %1 nodes… %2%")
                      .arg(QLocale().toString(m_topology ? m_topology->nodeCount : 0))
                      .arg(qRound(100.0f * m_progress));
    else if (!m_topology)
        message = QStringLiteral("No graph selected");
    if (message.isEmpty()) return;
    QFont font = painter.font();
    font.setPixelSize(15);
    painter.setFont(font);
    const QRect box = painter.fontMetrics().boundingRect(message).adjusted(-16, -10, 16, 10);
    const QRect placed(rect().center() - box.center(), box.size());
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(30, 30, 40, 200));
    painter.drawRoundedRect(placed, 8, 8);
    painter.setPen(Qt::white);
    painter.drawText(placed, Qt::AlignCenter, message);
}

void GraphViewWidget::setNodeDetail(std::function<QString(int)> detail) {
    m_nodeDetail = std::move(detail);
}

void GraphViewWidget::setNodeShapes(const QStringList& shapes) {
    m_state.shapes = shapes;
    update();
}

QString GraphViewWidget::nodeTip(int v) const {
    if (!m_scene || v < 0 || v >= m_scene->nodeCount()) return {};
    if (m_scene->isBox(v))
        return QStringLiteral("computation %1 of %2 (double-click to open)")
            .arg(m_scene->computation(v) + 1)
            .arg(m_topology->computationCount());
    const int node = m_scene->originalNode(v);
    const bool configurable =
        std::binary_search(m_topology->configurable.begin(), m_topology->configurable.end(), node);
    QString tip = QStringLiteral("Node %1: %2")
                      .arg(node)
                      .arg(QString::fromUtf8(opcodeName(m_topology->opcode[size_t(node)])));
    const QString detail = m_nodeDetail ? m_nodeDetail(node) : QString();
    if (!detail.isEmpty()) tip += QStringLiteral("\n") + detail;
    tip += configurable ? QStringLiteral("\nconfigurable") : QStringLiteral("\nnot configurable");
    if (m_topology->computationCount() > 1)
        tip += QStringLiteral(" · computation %1 of %2")
                   .arg(m_topology->computationOf(node) + 1)
                   .arg(m_topology->computationCount());
    return tip;
}

}  // namespace tpugraphs::ui
