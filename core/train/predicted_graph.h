// Everything the predictions page shows about one graph, computed off the UI thread: its true
// runtimes, the rank correlation with the predicted scores, and the per-node sensitivity.
#pragma once

#include <memory>
#include <vector>

#include "analysis/config_sensitivity.h"
#include "analysis/loaded_graph.h"
#include "graphdraw/graph_topology.h"
#include "train/predictor.h"

namespace tpugraphs {

struct PredictedGraph {
    GraphPrediction prediction;
    std::shared_ptr<const LoadedGraph> graph;
    double kendall = 0.0;  // Kendall tau-b of predicted score vs true runtime (measured graphs)
    // Layout only: per configurable node; from log measured runtime when the graph is measured,
    // else from the predicted scores.
    std::vector<NodeSensitivity> sensitivity;
    bool sensitivityFromMeasured = false;
    std::shared_ptr<const GraphTopology> topology;  // layout only, for the graph view
};

// Reads the graph file of `prediction` and computes the rest. Throws DataError.
PredictedGraph computePredictedGraph(const GraphPrediction& prediction, Split split);

}  // namespace tpugraphs
