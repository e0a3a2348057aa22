// Building a block-diagonal ModelBatch from prepared graphs and chosen configs.
#pragma once

#include <cstdint>
#include <vector>

#include <torch/types.h>

#include "model/model_batch.h"
#include "prepare/graph_segments.h"
#include "prepare/prepared_graph.h"

namespace tpugraphs {

// One graph of a batch with the configs to score. runtime (same length as configs) may be
// empty when no targets are needed (inference). `rows` narrows the graph to a segment: its
// node rows, the edges between them and their configurable nodes.
struct BatchItem {
    const PreparedGraph* graph = nullptr;
    std::vector<int64_t> configs;
    std::vector<double> runtime;
    NodeRange rows;
};

struct GraphBatch {
    ModelBatch model;
    torch::Tensor target;  // [G, K] float: runtime / the item's minimum runtime (0 without targets)
    torch::Tensor mask;    // [G, K] bool: false on padding slots
    int64_t realConfigs = 0;  // sum of the items' config counts
};

// K = the largest item's config count; shorter items repeat their configs in masked slots.
// Throws std::invalid_argument when an item has no configs or graphs of both kinds are mixed.
GraphBatch buildGraphBatch(const std::vector<BatchItem>& items);

// The target and mask of buildGraphBatch(items) alone (no node or config tensors): what the
// loss's term count needs before any forward pass.
struct BatchTargets {
    torch::Tensor target;  // [G, K] float
    torch::Tensor mask;    // [G, K] bool
};
BatchTargets buildBatchTargets(const std::vector<BatchItem>& items);

}  // namespace tpugraphs
