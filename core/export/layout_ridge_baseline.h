// A linear floor for learned layout models: ridge regression of log runtime on one-hot config
// features, fit once per collection. Scores: lower = predicted faster.
#pragma once

#include <cstdint>
#include <vector>

#include "data/layout_graph.h"

namespace tpugraphs {

// Per config: for each of the 18 node_config_feat columns, the share of configurable nodes
// whose value is v (v in -1..5), i.e. the mean over nodes of a 126-wide one-hot vector.
constexpr int kLayoutRidgeFeatures = kLayoutConfigFeatureCount * 7;
std::vector<double> layoutRidgeFeatures(const LayoutGraph& graph, int64_t config);

struct LayoutRidgeModel {
    std::vector<double> weights;  // kLayoutRidgeFeatures
};

// Least squares with an L2 penalty (`lambda` times the mean squared feature deviation) on
// features and log runtimes, both centred per
// graph (only the order within a graph matters). Uses at most `maxConfigsPerGraph` evenly
// spaced configs of each graph. Graphs without runtimes are skipped.
LayoutRidgeModel fitLayoutRidge(const std::vector<const LayoutGraph*>& graphs, double lambda = 1e-3,
                                int64_t maxConfigsPerGraph = 2000);

// The same fit accumulated one graph at a time (the normal equations), so that a collection of
// hundreds of large graphs is fit holding one of them in memory.
class LayoutRidgeFit {
public:
    explicit LayoutRidgeFit(int64_t maxConfigsPerGraph = 2000);
    void add(const LayoutGraph& graph);
    LayoutRidgeModel solve(double lambda = 1e-3) const;

private:
    int64_t m_maxConfigsPerGraph;
    std::vector<double> m_xtx, m_xty;
};

std::vector<float> layoutRidgeScores(const LayoutRidgeModel& model, const LayoutGraph& graph);

}  // namespace tpugraphs
