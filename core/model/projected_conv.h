// The first layout block's SAGE convolution on the CPU, projected before the neighbour means:
// the block's input varies along the config axis only at the configurable nodes, so every
// other node's three projections are computed once per graph ([N, H] rows) instead of K times.
#pragma once

#include <torch/types.h>

#include "model/sage_block_kernels.h"

namespace tpugraphs {

// [H, parts * H] with element (o, part * H + i) <-> (i, part * H + o): the conv weight to the
// projection matrix [H, width] of a(n, k) -> [a W_self^T | a W_producers^T (| ...)], and the
// projection's gradient back to the conv weight's (the map is its own inverse).
torch::Tensor swapInOut(const torch::Tensor& w);

// Row j of configurable node configNodes[j] per node row, -1 for the other nodes: [nodes] int64.
torch::Tensor configurableRows(int64_t nodes, const torch::Tensor& configNodes);

// conv(n, k) = [a(n, k), mean of a(p, k) over producers p (, over consumers)] W^T + b computed
// as b + sum of the rows' projections a W_part^T, for a [N, K, H] whose rows vary along k only
// at configNodes [M] (the other nodes' projections read a(n, 0)).
class ProjectedConv {
public:
    // Projects every node in parallel node chunks of `chunkNodes` nodes (convWeight [H, 2H or 3H]).
    ProjectedConv(const torch::Tensor& a, const torch::Tensor& convWeight,
                  const torch::Tensor& configNodes, int64_t chunkNodes);
    // The conv rows of nodes [n0, n1) into out (the chunk's rows from node n0).
    void rows(const float* bias, const kernels::NodeLists& producers,
              const kernels::NodeLists* consumers, int64_t n0, int64_t n1, float* out) const;

private:
    torch::Tensor m_perNode, m_perConfig, m_configRow;  // [N, width], [M, K, width], [N]
    kernels::Rows m_shape;
};

struct ProjectedConvGradients {
    // [N, K, H]: through the self part and both neighbour means. At a node whose input does
    // not vary along k, the sum over k sits at config 0 and the other rows are 0: the
    // gradient of a caller that broadcast that input along K (as the layout join does) is the
    // same, and it costs one projection back per node instead of K.
    torch::Tensor input;
    torch::Tensor weight;  // [H, 2H or 3H]
};

// Backward of ProjectedConv given the whole conv gradient d [N, K, H] (neighbours' rows are
// read across chunks); the weight gradient takes one summed row per node whose input does not
// vary along k. The bias gradient (the column sums of d) is the caller's.
ProjectedConvGradients projectedConvBackward(const torch::Tensor& d, const torch::Tensor& a,
                                             const torch::Tensor& convWeight,
                                             const torch::Tensor& configNodes,
                                             const kernels::NodeLists& producers,
                                             const kernels::NodeLists& consumers,
                                             bool bidirectional, int64_t chunkNodes);

}  // namespace tpugraphs
