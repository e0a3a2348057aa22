// The graph drawing exported as a picture: SVG (written element by element: boxes, labels, edge
// polylines, so other tools can read the nodes back) or PNG (painted as the view paints), of the
// visible region or of the whole graph, through the one atomic writer.
#pragma once

#include <QRectF>
#include <QString>

#include "graphview/graph_renderer.h"

namespace tpugraphs::ui {

class GraphScene;

// `world`: the region to export in world coordinates (the scene's bounds for the whole graph).
// SVG: nodes are <rect class="node">, labels <text>, edges <polyline class="edge">, each
// element whose box meets `world`. Throws FileWriteError naming the file.
void writeGraphSvg(const QString& path, const GraphScene& scene, const GraphRenderState& state,
                   const QRectF& world);
// PNG: the region painted at `scale` (pixels per world unit; lowered so that no side passes
// kMaxPngSide). Throws FileWriteError naming the file.
constexpr int kMaxPngSide = 16000;
void writeGraphPng(const QString& path, const GraphScene& scene, const GraphRenderState& state,
                   const QRectF& world, double scale);

}  // namespace tpugraphs::ui
