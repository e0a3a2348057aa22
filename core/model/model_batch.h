// Tensors of one batch of graphs as the cost models read them (block-diagonal, node-major).
#pragma once

#include <torch/types.h>

#include <vector>

namespace tpugraphs {

// Several graphs concatenated: node rows of graph g follow those of graph g-1, edges offset.
// A message flows from src (producer) to dst (consumer): edge (u, v) of a file = (dst u, src v).
struct BatchTopology {
    torch::Tensor src, dst;      // [E] int64
    torch::Tensor invDegIn;      // [N] float: 1 / max(1, number of producers of the node)
    torch::Tensor invDegOut;     // [N] float: 1 / max(1, number of consumers of the node)
    torch::Tensor nodeGraph;     // [N] int64: graph index of each node row
    torch::Tensor invNodeCount;  // [G] float: 1 / nodes of the graph
    int64_t graphs = 0;
    std::vector<int64_t> nodeCounts;  // G: node rows of each graph (contiguous, in order)
    // The same edges as CSR lists for the CPU kernels: the producers of node n are
    // producers[producerStart[n] .. producerStart[n + 1]), its consumers likewise.
    torch::Tensor producerStart, producers;  // [N + 1], [E] int64
    torch::Tensor consumerStart, consumers;  // [N + 1], [E] int64
};

// Config-dependent tensors share one config axis of K slots per graph (padded slots repeat a
// real config; configMask marks them, the models keep them out of cross-config attention and
// the caller out of losses and metrics).
struct ModelBatch {
    torch::Tensor nodeFeat;  // [N, F] float, normalised
    torch::Tensor opcode;    // [N] int64
    BatchTopology topology;
    int64_t configs = 0;        // K
    torch::Tensor configMask;   // [G, K] bool: false on padding slots
    torch::Tensor configFeat;   // tile: [G, K, Fc] float, normalised
    torch::Tensor configNodes;  // layout: [M] int64, node rows of the configurable nodes
    // layout: [M, K, 18] int64, the one-hot column of each of the 18 values: 7 f + value + 1
    // for feature f with value -1..5 (the hot columns of an [M, K, 18 * 7] one-hot).
    torch::Tensor configHotColumns;

    ModelBatch to(const torch::Device& device) const;
};

// Per-graph mean over node rows: x [N, ...] -> [G, ...].
torch::Tensor meanPerGraph(const torch::Tensor& x, const BatchTopology& topology);
// Per-graph sum over node rows: x [N, ...] -> [G, ...].
torch::Tensor sumPerGraph(const torch::Tensor& x, const BatchTopology& topology);
// Per-graph max over node rows: x [N, ...] -> [G, ...].
torch::Tensor maxPerGraph(const torch::Tensor& x, const BatchTopology& topology);

}  // namespace tpugraphs
