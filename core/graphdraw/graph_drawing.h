// A computed graph drawing: node boxes, edge polylines and layers as plain float coordinates.
#pragma once

#include <cstdint>
#include <vector>

namespace tpugraphs {

struct DrawingPoint {
    float x = 0.0f;
    float y = 0.0f;
};

struct DrawingRect {
    float left = 0.0f;
    float top = 0.0f;
    float right = 0.0f;
    float bottom = 0.0f;
};

// Coordinates grow right (x) and down (y). Node boxes are given by their centres and sizes.
struct GraphDrawing {
    std::vector<float> x, y, width, height;  // per node: box centre and size
    std::vector<int32_t> layer;              // per node: layer index, 0 = top
    std::vector<float> layerY;               // per layer: y of the layer's centre line
                                             // (empty for packed components, see
                                             // component_packing.h: layers are per component)

    // Edge e (in input order) is the polyline points[edgePointStart[e] .. edgePointStart[e+1]),
    // from the producer's bottom centre to the consumer's top centre.
    std::vector<int32_t> edgeFrom, edgeTo;
    std::vector<int64_t> edgePointStart;  // edgeCount + 1 offsets
    std::vector<DrawingPoint> points;

    DrawingRect bounds;         // all boxes and polylines
    int64_t routingPoints = 0;  // long-edge routing points used (dummy nodes)
    int64_t straightEdges = 0;  // edges spanning more layers than the routing budget allowed

    int32_t nodeCount() const { return static_cast<int32_t>(x.size()); }
    int32_t edgeCount() const { return static_cast<int32_t>(edgeFrom.size()); }
    int32_t layerCount() const { return static_cast<int32_t>(layerY.size()); }
};

}  // namespace tpugraphs
