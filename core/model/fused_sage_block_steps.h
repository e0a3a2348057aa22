// The fused SAGE block's internals, shared by its forward pass (fused_sage_block.cpp) and its
// backward pass (fused_sage_block_backward.cpp): a call's shape and node chunks, its parts and
// parameters, what the forward pass keeps, and the row helpers both passes use.
#pragma once

#include <torch/types.h>

#include <vector>

#include "model/fused_sage_block.h"
#include "model/node_chunks.h"
#include "model/sage_block_kernels.h"

namespace torch::autograd {
struct AutogradContext;
}

namespace tpugraphs::fused_sage {

using kernels::NodeLists;
using kernels::Rows;
using torch::Tensor;

// Non-tensor inputs of the block's function.
struct BlockSpec {
    const BatchTopology* topology = nullptr;
    Tensor padded;       // [G, K] uint8: 1 on padding slots
    Tensor configNodes;  // defined: the input varies along K only at these nodes (projected conv)
    bool bidirectional = true, channelAttention = true, crossAttention = true;
    AttentionForm form = AttentionForm::Context;
};

inline float* ptr(const Tensor& t) {
    return t.data_ptr<float>();
}

// Sizes of a block call and the chunking of its node axis.
struct Shape {
    int64_t nodes = 0, configs = 0, channels = 0, graphs = 0, chunkNodes = 1;
    int lanes = 1;
    Rows rows() const { return {configs, channels}; }
    int64_t chunkRows() const { return chunkNodes * configs; }
    // Row offset of node n's first row times the channels: where node n starts in [N, K, H].
    int64_t at(int64_t n) const { return n * configs * channels; }
};

Shape shapeOf(const Tensor& x, int64_t graphs);

template <typename Body>
void forChunks(const Shape& s, const Body& body) {
    forNodeChunks(s.nodes, s.chunkNodes, body);
}

// Per-lane scratch [lanes, rows, width] and accumulators [lanes, ...], summed at the end.
Tensor perLane(const Shape& s, std::vector<int64_t> shape, bool zero);

// Rows [n0 * K, n1 * K) of a [N, K, H] tensor (or of a per-lane scratch slice) as a matrix.
Tensor rowsOf(const Tensor& t, const Shape& s, int64_t n0, int64_t n1);
Tensor scratchRows(const Tensor& t, int lane, int64_t rows);

NodeLists lists(const Tensor& start, const Tensor& list, const Tensor& invDegree);

// The chunk's conv rows times their graph's channel gates (a copy without channel attention).
Tensor gatedRows(const Tensor& conv, const Tensor& gate, const int64_t* nodeGraph, const Shape& s,
                 int64_t n0, int64_t n1, Tensor out);

// Softmax over the config axis of t * g, padded slots excluded, into `weights`.
Tensor softmaxWeights(const Tensor& g, const Tensor& temperature, const uint8_t* padded,
                      const int64_t* nodeGraph, const Shape& s, int64_t n0, int64_t n1,
                      Tensor weights);

// [g, w g] side by side (the 1st-place form's merge input) into `joined` [rows, 2H].
Tensor joinProduct(const Tensor& g, const Tensor& w, Tensor joined);

// A block call as both passes see it: its shape, parts, topology and parameters.
struct Block {
    Shape s;
    bool bidirectional = true, channelAttention = true, crossAttention = true, firstPlace = false;
    const int64_t* nodeGraph = nullptr;
    const uint8_t* padded = nullptr;
    NodeLists producers, consumers;
    Tensor invNodeCount;
    SageBlockParameters p;
    size_t crossAt = 4;  // index of the temperature in the parameter list
    int64_t width() const { return (bidirectional ? 3 : 2) * s.channels; }
};

// The parameters of the list the function takes: norm and conv (4), the channel attention's
// squeeze/excite (4, when on), then the cross-config attention's (3, when on).
SageBlockParameters parametersOf(const std::vector<Tensor>& list, bool channelAttention,
                                 bool crossAttention, size_t* crossAt);

// What the forward pass keeps for the backward pass.
struct Saved {
    Tensor x, a, mean, rstd, conv, pre, gate, squeezed, pooledMean, context, configNodes;
};

// The backward pass of a call whose forward pass saved its tensors in `ctx`
// (fused_sage_block.cpp's saveForBackward): the input's gradient, then the parameters'.
std::vector<Tensor> blockBackward(torch::autograd::AutogradContext* ctx, const Tensor& dy);

}  // namespace tpugraphs::fused_sage
