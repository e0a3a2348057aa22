// Layered (Sugiyama-style) drawing of a directed graph as plain coordinates: data flows top to
// bottom.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "graphdraw/graph_drawing.h"

namespace tpugraphs {

// A graph to draw. Edge e goes from edgeFrom[e] (producer, drawn above) to edgeTo[e] (consumer,
// drawn below). Cycles and self-loops are tolerated (a cycle's back edges are drawn upwards).
struct DagInput {
    int32_t nodeCount = 0;
    std::vector<int32_t> edgeFrom;
    std::vector<int32_t> edgeTo;
    std::vector<float> nodeWidth;   // per node; empty = DrawingOptions::nodeWidth for all
    std::vector<float> nodeHeight;  // per node; empty = DrawingOptions::nodeHeight for all
};

struct DrawingOptions {
    float nodeWidth = 120.0f;
    float nodeHeight = 28.0f;
    float nodeGap = 16.0f;    // horizontal space between neighbouring boxes in a layer
    float dummyGap = 6.0f;    // horizontal space between two long-edge routing points
    float layerGap = 56.0f;   // vertical space between layers
    int crossingSweeps = 4;   // barycentre down+up sweeps
    int placementSweeps = 4;  // coordinate down+up sweeps
    // Routing points for edges spanning several layers are capped: edges are routed through
    // per-layer points, shortest spans first, while the total stays within this budget; longer
    // edges are drawn as straight segments. < 0: automatic (3 x nodes + 10,000).
    int64_t maxDummyNodes = -1;
};

struct DrawingControl {
    const std::atomic<bool>* cancel = nullptr;  // checked between steps; set -> no result
    std::function<void(float)> progress;        // 0..1, called from the computing thread
};

// Throws std::invalid_argument when edges refer to missing nodes or sizes have the wrong length.
void validateDagInput(const DagInput& input);

// Layering (longest path, then sources and fan-out nodes pulled down towards their consumers),
// routing points for long edges, barycentre crossing reduction and order-preserving
// least-squares coordinate placement. O((V + E + routing points) x sweeps x log).
// Returns nothing when cancelled.
std::optional<GraphDrawing> drawDag(const DagInput& input, const DrawingOptions& options = {},
                                    const DrawingControl& control = {});

}  // namespace tpugraphs
