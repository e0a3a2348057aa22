// Internal state of the layered drawing pipeline (layering -> routing points -> order -> x).
#pragma once

#include <cstdint>
#include <vector>

#include "graphdraw/dag_drawing.h"

namespace tpugraphs::drawing_detail {

// Vertices are the input nodes and routing points (dummy vertices) placed on every layer crossed
// by a routed long edge, numbered layer by layer (top layer first; within a layer, nodes by id,
// then routing points by edge).
struct LayeredGraph {
    int32_t realCount = 0;                     // input nodes
    std::vector<int32_t> vertexOf;             // per input node: its vertex
    std::vector<char> routing;                 // per vertex: a routing point (else a node)
    std::vector<int32_t> layerOf;              // per vertex
    std::vector<float> width;                  // per vertex (routing points: 0)
    std::vector<std::vector<int32_t>> layers;  // per layer: its vertices, left to right
    std::vector<int32_t> position;             // per vertex: index within its layer
    std::vector<float> x;                      // per vertex: box centre

    // Neighbours in the layer above / below through one-layer segments (CSR by vertex).
    std::vector<int32_t> upStart, up, downStart, down;

    // Per input edge: its vertices from producer to consumer (CSR). Two entries = drawn straight.
    std::vector<int64_t> chainStart;
    std::vector<int32_t> chain;
    int64_t straightEdges = 0;

    int32_t vertexCount() const { return static_cast<int32_t>(layerOf.size()); }
    bool isRoutingPoint(int32_t v) const { return routing[v] != 0; }
};

bool cancelled(const DrawingControl& control);
void report(const DrawingControl& control, float fraction);

// Longest-path layering from the sources, then nodes with more consumers than producers (sources
// included) pulled down next to their nearest consumer; empty layers removed. Per node, 0 = top.
std::vector<int32_t> assignLayers(const DagInput& input);

// Builds vertices, routing points (within options.maxDummyNodes) and adjacency; initial order
// within each layer is by vertex index.
LayeredGraph buildLayeredGraph(const DagInput& input, const std::vector<int32_t>& nodeLayer,
                               const DrawingOptions& options);

// Barycentre sweeps (down then up). Returns false when cancelled.
bool reduceCrossings(LayeredGraph& graph, int sweeps, const DrawingControl& control);

// Order-preserving x placement: each layer is pulled towards its neighbours' mean x by a
// weighted isotonic (pool-adjacent-violators) least-squares fit. Returns false when cancelled.
bool placeCoordinates(LayeredGraph& graph, const DrawingOptions& options,
                      const DrawingControl& control);

}  // namespace tpugraphs::drawing_detail
