// The graph view: a custom-painted widget drawing a whole laid-out graph with zoom, pan, selection,
// search.
#pragma once

#include <QImage>
#include <QVector>
#include <QWidget>
#include <functional>
#include <memory>
#include <optional>

#include "graphview/graph_legend.h"
#include "graphview/graph_renderer.h"
#include "graphview/graph_scene.h"
#include "graphview/graph_scene_builder.h"

namespace tpugraphs::ui {

class GraphDrawingJob;
class GraphMinimap;

// How node values map to colours: a fixed range with its legend texts (low, high, or low,
// middle, high), e.g. 0..1 as the faster .. slower of two layouts; without one, the values' own
// minimum and maximum.
struct NodeValueScale {
    float min = 0.0f;
    float max = 1.0f;
    QStringList labels;
};

class GraphViewWidget : public QWidget {
    Q_OBJECT
public:
    explicit GraphViewWidget(QWidget* parent = nullptr);
    ~GraphViewWidget() override;

    // Shows a graph: lays it out off the UI thread in the current view mode, then fits it.
    // A layout graph whose whole drawing would show boxes under kLegibleBoxPx at fit zoom opens
    // on its configurable nodes + neighbours instead (viewModeChanged(mode, true)).
    enum class Opening { PreferReadable, AsChosen };
    void setGraph(std::shared_ptr<const GraphTopology> topology,
                  Opening opening = Opening::PreferReadable);
    // Shows another view's drawing as it is (no layout of its own): the split view's second
    // half, whose world coordinates are then those of the first.
    void showScene(std::shared_ptr<const GraphScene> scene);
    void clear();
    std::shared_ptr<const GraphTopology> graph() const { return m_topology; }
    std::shared_ptr<const GraphScene> scene() const { return m_scene; }

    // The user's choice of view: a whole layout graph too small to read at fit zoom no longer
    // opens on its configurable nodes + neighbours (setGraph prefers that readable view).
    void setViewMode(GraphViewMode mode);
    GraphViewMode viewMode() const { return m_mode; }
    // CollapsedComputations: show a computation's nodes instead of its box (or fold it back);
    // the view then fits the opened computation (or the whole view).
    void setComputationExpanded(int computation, bool expanded);
    void collapseAllComputations();
    bool isDrawing() const;
    // Tall drawings wrapped into columns, components packed to the window's shape (on by
    // default; off: the plain layered drawing, as before the wrapping, for comparisons).
    void setColumnWrapping(bool wrap);
    // What the view paints: selection, matches and value colours (for exports).
    const GraphRenderState& renderState() const { return m_state; }
    QRectF visibleWorld() const { return m_transform.toWorld(QRectF(rect())); }

    // Original node ids in the current view matching "123" / "#123" (a node id) or an opcode
    // name (exact names first; otherwise names containing the text, case-insensitive).
    QVector<int> findNodes(const QString& query) const;
    // False when the node is not in the current view; while laying out, the view centres on it
    // when the drawing arrives.
    bool centreOnNode(int originalNode);
    void selectNode(int originalNode);  // -1 clears
    int selectedNode() const;           // original id, -1 when none (or a computation box)
    void setSearchMatches(const QVector<int>& originalNodes, int currentOriginal);

    // Colours nodes by a per-original-node value (NaN: no value) instead of their opcode
    // family; an empty vector restores family colours.
    void setNodeValues(const QVector<float>& values, const QString& title = {},
                       const std::optional<NodeValueScale>& scale = std::nullopt);
    // Rings these original nodes on the drawing (e.g. those whose layouts differ); the legend
    // explains the ring as `meaning`. Empty: none.
    void setMarkedNodes(const QVector<int>& originalNodes, const QString& meaning = {});
    const QVector<int>& markedViewNodes() const { return m_state.marked; }
    // What the legend shows now (its entries follow from it).
    GraphLegendContent legendContent() const;
    QString valuesTitle() const { return m_values.isEmpty() ? QString() : m_valuesTitle; }
    // Extra text per original node for the hover tool tip (e.g. its shape); empty: none.
    void setNodeDetail(std::function<QString(int)> detail);
    // Per original node, its output shape ("f32[8,128]", as in the tool tip's detail): zoomed in,
    // node labels show it on a second line and edges carry their producer's. Empty: none.
    void setNodeShapes(const QStringList& shapes);
    // The hover tool tip of a drawn node: id, opcode, configurable, computation and the detail.
    QString nodeTip(int viewNode) const;
    void setLegendVisible(bool visible);
    bool isLegendVisible() const { return m_legendVisible; }
    // A folded legend shows its header only; a click on the header folds or unfolds it.
    void setLegendCollapsed(bool collapsed);
    bool isLegendCollapsed() const { return m_legendCollapsed; }
    QRect legendRect() const;  // in widget coordinates; empty when hidden

    // The overview in the bottom-right corner, shown while part of the graph is out of view;
    // `M` or the panel's Overview button switch it off and on.
    void setMinimapEnabled(bool enabled);
    bool isMinimapEnabled() const { return m_minimapEnabled; }
    QRect minimapRect() const;      // in widget coordinates; empty when not shown
    bool isMinimapCurrent() const;  // its image drawn for the current graph, colours and size

    void fitToWindow();
    // Zooms by `factor` around a widget point, which keeps its place on screen.
    void zoomAt(double factor, const QPointF& screenAnchor);
    // Zooming in as the wheel and + do: around `point` when a node lies within 24 px of it,
    // else around the content (docs/GRAPH_VIEW.md): the selected node if in view, otherwise the
    // node nearest to `point`, first brought to `point` when out of view.
    void zoomInTowardsContent(double factor, const QPointF& point);
    double zoom() const { return m_transform.scale; }
    const GraphViewTransform& transform() const { return m_transform; }  // world to widget
    // Moves the camera without emitting transformChanged (a view following another's camera).
    void setTransform(const GraphViewTransform& transform);
    GraphDetail detail() const { return detailForScale(m_transform.scale); }
    QPointF nodeScreenPos(int originalNode) const;  // centre in widget coordinates

    int drawnNodeCount() const { return m_lastStats.nodes; }  // by the last paint
    int drawnEdgeCount() const { return m_lastStats.edges; }
    int drawnArrowCount() const { return m_lastStats.arrows; }
    const QStringList& drawnLabels() const { return m_lastStats.labels; }
    const QStringList& drawnEdgeLabels() const { return m_lastStats.edgeLabels; }
    const QVector<QRectF>& drawnCaptions() const { return m_lastStats.captions; }
    double drawnMarkRingRadius() const { return m_lastStats.markRingRadius; }

    // Paints the current view (without overlays) into any painter, e.g. an offscreen QImage.
    GraphRenderStats renderFrame(QPainter& painter, const QRect& viewport) const;

Q_SIGNALS:
    void nodeSelected(int originalNodeId);  // -1: selection cleared or a computation box
    void minimapEnabledChanged(bool enabled);
    void drawingStarted();
    void drawingFinished(int nodes, int edges, double ms);
    void drawingFailed(const QString& message);
    // The view changed by itself (automatic: the readable view replaced the whole graph).
    void viewModeChanged(GraphViewMode mode, bool automatic);
    // The camera moved (zoom, pan, fit, centring), not by setTransform.
    void transformChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void startDrawing();
    void onDrawingFinished(std::shared_ptr<const GraphScene> scene, double drawingMs,
                           double totalMs);
    void selectViewNode(int viewNode);
    bool centreOnNodeNow(
        int originalNode);  // centreOnNode without waiting for a running drawing job
    void updateViewValues();
    void updateMarkedNodes();  // the marked original nodes as view nodes of the scene
    void fillViewValues();
    void panBy(const QPointF& delta);
    void cameraMoved();  // after a camera change: no longer auto-fitted, repaint, tell
    void paintOverlay(QPainter& painter);
    void refitIfFitted();
    void rebuildMinimap();
    QPointF contentAnchor(const QPointF& point) const;
    void centreOnWorld(const QPointF& world);
    void fitTo(const QRectF& world);  // fits a world rectangle, clear of the legend

    std::shared_ptr<const GraphTopology> m_topology;
    std::shared_ptr<const GraphScene> m_scene;
    GraphViewMode m_mode = GraphViewMode::Whole;
    std::vector<bool> m_expanded;
    bool m_preferReadable = false;  // the next drawing may replace Whole by the readable view
    bool m_wrapColumns = true;
    GraphDrawingJob* m_job = nullptr;
    float m_progress = 0.0f;
    QString m_error;
    bool m_fitPending = true;    // fit when the next drawing arrives
    int m_fitComputation = -1;   // fit to this opened computation when the next drawing arrives
    bool m_autoFit = false;      // the view is fitted and follows resizes until moved
    int m_centreOnDrawing = -1;  // original node to centre on when the running drawing arrives

    GraphViewTransform m_transform;
    GraphRenderState m_state;
    GraphRenderStats m_lastStats;
    mutable PixelLayerCache m_pixelLayer;  // edges/dots kept between frames
    int m_selectedOriginal = -1;
    QVector<int> m_matchOriginals;
    int m_currentMatchOriginal = -1;
    QVector<float> m_values;  // per original node
    QVector<float> m_viewValues;
    QString m_valuesTitle;
    float m_valueMin = 0.0f, m_valueMax = 0.0f;
    std::optional<NodeValueScale> m_valueScale;
    QVector<int> m_markOriginals;
    QString m_markMeaning;
    bool m_legendVisible = true;
    bool m_legendCollapsed = false;
    std::function<QString(int)> m_nodeDetail;

    QPoint m_pressPos;
    QPointF m_lastDragPos;
    bool m_dragging = false;
    bool m_pressOnLegend = false;   // a press on the legend neither selects nor drags
    bool m_pressOnMinimap = false;  // a press (and drag) on the overview moves the view
    GraphMinimap* m_minimap;
    bool m_minimapEnabled = true;
};

}  // namespace tpugraphs::ui
