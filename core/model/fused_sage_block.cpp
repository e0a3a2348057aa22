// The fused SAGE block: forward and backward phases over node chunks on the intra-op threads.
#include "model/fused_sage_block.h"

#include <torch/autograd.h>

#include <algorithm>
#include <optional>

#include "model/node_chunks.h"
#include "model/projected_conv.h"
#include "model/sage_block_kernels.h"

namespace tpugraphs {

namespace {

using kernels::NodeLists;
using kernels::Rows;
using torch::Tensor;
using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

constexpr int64_t kSageChunkRows = 1024;  // rows per chunk: its [rows, 3H] SAGE input stays in L2

// Non-tensor inputs of the block's function.
struct BlockSpec {
    const BatchTopology* topology = nullptr;
    Tensor padded;       // [G, K] uint8: 1 on padding slots
    Tensor configNodes;  // defined: the input varies along K only at these nodes (projected conv)
    bool bidirectional = true, channelAttention = true, crossAttention = true;
    AttentionForm form = AttentionForm::Context;
};

float* ptr(const Tensor& t) {
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

Shape shapeOf(const Tensor& x, int64_t graphs) {
    Shape s;
    s.nodes = x.size(0);
    s.configs = x.size(1);
    s.channels = x.size(2);
    s.graphs = graphs;
    s.chunkNodes = std::max<int64_t>(1, kSageChunkRows / s.configs);
    s.lanes = chunkLanes();
    return s;
}

template <typename Body>
void forChunks(const Shape& s, const Body& body) {
    forNodeChunks(s.nodes, s.chunkNodes, body);
}

// Per-lane scratch [lanes, rows, width] and accumulators [lanes, ...], summed at the end.
Tensor perLane(const Shape& s, std::vector<int64_t> shape, bool zero) {
    shape.insert(shape.begin(), s.lanes);
    return zero ? torch::zeros(shape) : torch::empty(shape);
}

// Rows [n0 * K, n1 * K) of a [N, K, H] tensor (or of a per-lane scratch slice) as a matrix.
Tensor rowsOf(const Tensor& t, const Shape& s, int64_t n0, int64_t n1) {
    return t.view({-1, t.size(-1)}).narrow(0, n0 * s.configs, (n1 - n0) * s.configs);
}
Tensor scratchRows(const Tensor& t, int lane, int64_t rows) {
    return t[lane].narrow(0, 0, rows);
}

NodeLists lists(const Tensor& start, const Tensor& list, const Tensor& invDegree) {
    return {start.data_ptr<int64_t>(), list.data_ptr<int64_t>(), invDegree.data_ptr<float>()};
}

// The chunk's conv rows times their graph's channel gates (a copy without channel attention).
Tensor gatedRows(const Tensor& conv, const Tensor& gate, const int64_t* nodeGraph, const Shape& s,
                 int64_t n0, int64_t n1, Tensor out) {
    if (gate.defined())
        kernels::combinePerGraph(ptr(conv) + s.at(n0), ptr(gate), nodeGraph, s.rows(), n0, n1,
                                 false, ptr(out));
    else
        out.copy_(rowsOf(conv, s, n0, n1));
    return out;
}

// Softmax over the config axis of t * g, padded slots excluded, into `weights`.
Tensor softmaxWeights(const Tensor& g, const Tensor& temperature, const uint8_t* padded,
                      const int64_t* nodeGraph, const Shape& s, int64_t n0, int64_t n1,
                      Tensor weights) {
    kernels::attentionWeights(ptr(g), ptr(temperature), padded, nodeGraph, s.rows(), n0, n1,
                              ptr(weights));
    return weights;
}

// [g, w g] side by side (the 1st-place form's merge input) into `joined` [rows, 2H].
Tensor joinProduct(const Tensor& g, const Tensor& w, Tensor joined) {
    kernels::joinWithProduct(ptr(g), ptr(w), g.size(0), g.size(1), ptr(joined));
    return joined;
}

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
                                 bool crossAttention, size_t* crossAt) {
    SageBlockParameters p;
    p.normWeight = list[0];
    p.normBias = list[1];
    p.convWeight = list[2];
    p.convBias = list[3];
    size_t next = 4;
    if (channelAttention) {
        p.squeezeWeight = list[4];
        p.squeezeBias = list[5];
        p.exciteWeight = list[6];
        p.exciteBias = list[7];
        next = 8;
    }
    if (crossAttention) {
        p.temperature = list[next];
        p.mergeWeight = list[next + 1];
        p.mergeBias = list[next + 2];
    }
    *crossAt = next;
    return p;
}

// What the forward pass keeps for the backward pass.
struct Saved {
    Tensor x, a, mean, rstd, conv, pre, gate, squeezed, pooledMean, context, configNodes;
};

// 1. Layer norm of every row (the SAGE input reads the neighbours' normalised rows): a, and the
// rows' mean and rstd.
void normalizeRows(const Block& b, Saved& f) {
    const Shape& s = b.s;
    f.a = torch::empty_like(f.x);
    f.mean = torch::empty({s.nodes * s.configs});
    f.rstd = torch::empty({s.nodes * s.configs});
    forChunks(s, [&](int64_t n0, int64_t n1, int) {
        kernels::layerNormRows(ptr(f.x) + s.at(n0), (n1 - n0) * s.configs, s.channels,
                               ptr(b.p.normWeight), ptr(b.p.normBias), ptr(f.a) + s.at(n0),
                               ptr(f.mean) + n0 * s.configs, ptr(f.rstd) + n0 * s.configs);
    });
}

// 2. conv = [a, mean of producers, mean of consumers] W^T + b (projected first, once per node
// where the input does not vary along K); returns its sums per graph and config, per lane.
Tensor convolve(const Block& b, Saved& f) {
    const Shape& s = b.s;
    f.conv = torch::empty_like(f.x);
    Tensor z, pooled = perLane(s, {s.graphs, s.configs, s.channels}, true);
    const Tensor convWeightT = b.p.convWeight.t();
    std::optional<ProjectedConv> projected;
    if (f.configNodes.defined())
        projected.emplace(f.a, b.p.convWeight, f.configNodes, s.chunkNodes);
    else
        z = perLane(s, {s.chunkRows(), b.width()}, false);
    const NodeLists* consumers = b.bidirectional ? &b.consumers : nullptr;
    forChunks(s, [&](int64_t n0, int64_t n1, int lane) {
        Tensor out = rowsOf(f.conv, s, n0, n1);
        if (projected) {
            projected->rows(ptr(b.p.convBias), b.producers, consumers, n0, n1, ptr(out));
        } else {
            Tensor zRows = scratchRows(z, lane, (n1 - n0) * s.configs);
            kernels::gatherNeighbourMeans(ptr(f.a), s.rows(), b.producers, consumers, n0, n1,
                                          ptr(zRows));
            at::addmm_out(out, b.p.convBias, zRows, convWeightT);
        }
        if (b.channelAttention)
            kernels::sumPerGraphRows(ptr(out), b.nodeGraph, s.rows(), n0, n1, ptr(pooled[lane]));
    });
    return pooled;
}

// 3. Channel gates per graph and config from the mean conv state (small tensors).
void channelGates(const Block& b, const Tensor& pooled, Saved& f) {
    if (!b.channelAttention) return;
    f.pooledMean = pooled.sum(0) * b.invNodeCount.view({-1, 1, 1});
    f.squeezed = torch::linear(f.pooledMean, b.p.squeezeWeight, b.p.squeezeBias);
    f.gate =
        torch::sigmoid(torch::linear(torch::relu(f.squeezed), b.p.exciteWeight, b.p.exciteBias));
}

// 4. Gate, cross-config attention and merge, residual, GELU: the block's output.
Tensor attendAndMerge(const Block& b, Saved& f) {
    const Shape& s = b.s;
    const int64_t h = s.channels;
    f.pre = torch::empty_like(f.x);
    Tensor y = torch::empty_like(f.x);
    if (b.crossAttention && !b.firstPlace) f.context = torch::empty({s.nodes, h});
    Tensor gated = perLane(s, {s.chunkRows(), h}, false);
    Tensor weights = perLane(s, {s.chunkRows(), h}, false);
    Tensor joined = perLane(s, {s.chunkRows(), 2 * h}, false);
    Tensor merged = perLane(s, {s.chunkNodes, h}, false);
    const Tensor &mergeWeight = b.p.mergeWeight, &mergeBias = b.p.mergeBias;
    forChunks(s, [&](int64_t n0, int64_t n1, int lane) {
        const int64_t nodes = n1 - n0, rows = nodes * s.configs;
        const Tensor g =
            gatedRows(f.conv, f.gate, b.nodeGraph, s, n0, n1, scratchRows(gated, lane, rows));
        Tensor out = rowsOf(f.pre, s, n0, n1);
        if (!b.crossAttention) {
            at::add_out(out, rowsOf(f.x, s, n0, n1), g);
        } else {
            const Tensor w = softmaxWeights(g, b.p.temperature, b.padded, b.nodeGraph, s, n0, n1,
                                            scratchRows(weights, lane, rows));
            if (b.firstPlace) {
                const Tensor j = joinProduct(g, w, scratchRows(joined, lane, rows));
                at::add_out(out, rowsOf(f.x, s, n0, n1), mergeBias);
                out.addmm_(j, mergeWeight.t());
            } else {
                Tensor c = f.context.narrow(0, n0, nodes);
                kernels::attentionContext(ptr(w), ptr(g), nodes, s.rows(), ptr(c));
                Tensor m = scratchRows(merged, lane, nodes);
                at::addmm_out(m, mergeBias, c, mergeWeight.narrow(1, h, h).t());
                kernels::addPerNode(ptr(f.x) + s.at(n0), ptr(m), nodes, s.rows(), ptr(out));
                out.addmm_(g, mergeWeight.narrow(1, 0, h).t());  // onto the rows: no zeroing
            }
        }
        Tensor act = rowsOf(y, s, n0, n1);
        at::gelu_out(act, out);
    });
    return y;
}

// The block of a forward call.
Block forwardBlock(const Tensor& x, const std::vector<Tensor>& params, const BlockSpec& spec) {
    const BatchTopology& topology = *spec.topology;
    Block b;
    b.s = shapeOf(x, topology.graphs);
    b.bidirectional = spec.bidirectional;
    b.channelAttention = spec.channelAttention;
    b.crossAttention = spec.crossAttention;
    b.firstPlace = spec.form == AttentionForm::FirstPlace;
    b.nodeGraph = topology.nodeGraph.data_ptr<int64_t>();
    b.padded = spec.padded.data_ptr<uint8_t>();
    b.producers = lists(topology.producerStart, topology.producers, topology.invDegIn);
    b.consumers = lists(topology.consumerStart, topology.consumers, topology.invDegOut);
    b.invNodeCount = topology.invNodeCount;
    b.p = parametersOf(params, b.channelAttention, b.crossAttention, &b.crossAt);
    return b;
}

void saveForBackward(AutogradContext* ctx, const std::vector<Tensor>& params, const BlockSpec& spec,
                     const Block& b, const Saved& f) {
    const BatchTopology& topology = *spec.topology;
    ctx->save_for_backward({f.x});
    ctx->saved_data["params"] = params;
    for (const auto& [key, value] : {std::pair<const char*, Tensor>{"a", f.a},
                                     {"mean", f.mean},
                                     {"rstd", f.rstd},
                                     {"conv", f.conv},
                                     {"pre", f.pre},
                                     {"gate", f.gate},
                                     {"squeezed", f.squeezed},
                                     {"pooledMean", f.pooledMean},
                                     {"context", f.context},
                                     {"padded", spec.padded},
                                     {"configNodes", f.configNodes},
                                     {"nodeGraph", topology.nodeGraph},
                                     {"invNodeCount", topology.invNodeCount},
                                     {"producerStart", topology.producerStart},
                                     {"producers", topology.producers},
                                     {"consumerStart", topology.consumerStart},
                                     {"consumers", topology.consumers},
                                     {"invDegIn", topology.invDegIn},
                                     {"invDegOut", topology.invDegOut}})
        ctx->saved_data[key] = value;
    ctx->saved_data["graphs"] = topology.graphs;
    ctx->saved_data["bidirectional"] = b.bidirectional;
    ctx->saved_data["channelAttention"] = b.channelAttention;
    ctx->saved_data["crossAttention"] = b.crossAttention;
    ctx->saved_data["firstPlace"] = b.firstPlace;
}

// A tensor the forward pass saved; undefined when it saved none.
Tensor savedTensor(AutogradContext* ctx, const char* key) {
    const auto& value = ctx->saved_data[key];
    return value.isTensor() ? value.toTensor() : Tensor();
}

// The block and the forward pass's tensors as the backward pass reads them back.
Block backwardBlock(AutogradContext* ctx, Saved& f) {
    const auto flag = [&](const char* key) { return ctx->saved_data[key].toBool(); };
    f.x = ctx->get_saved_variables()[0];
    for (const auto& [key, tensor] : {std::pair<const char*, Tensor*>{"a", &f.a},
                                      {"mean", &f.mean},
                                      {"rstd", &f.rstd},
                                      {"conv", &f.conv},
                                      {"pre", &f.pre},
                                      {"gate", &f.gate},
                                      {"squeezed", &f.squeezed},
                                      {"pooledMean", &f.pooledMean},
                                      {"context", &f.context},
                                      {"configNodes", &f.configNodes}})
        *tensor = savedTensor(ctx, key);
    Block b;
    b.s = shapeOf(f.x, ctx->saved_data["graphs"].toInt());
    b.bidirectional = flag("bidirectional");
    b.channelAttention = flag("channelAttention");
    b.crossAttention = flag("crossAttention");
    b.firstPlace = flag("firstPlace");
    // The saved data holds these tensors as long as the context lives.
    b.nodeGraph = savedTensor(ctx, "nodeGraph").data_ptr<int64_t>();
    b.padded = savedTensor(ctx, "padded").data_ptr<uint8_t>();
    b.producers = lists(savedTensor(ctx, "producerStart"), savedTensor(ctx, "producers"),
                        savedTensor(ctx, "invDegIn"));
    b.consumers = lists(savedTensor(ctx, "consumerStart"), savedTensor(ctx, "consumers"),
                        savedTensor(ctx, "invDegOut"));
    b.invNodeCount = savedTensor(ctx, "invNodeCount");
    b.p = parametersOf(ctx->saved_data["params"].toTensorVector(), b.channelAttention,
                       b.crossAttention, &b.crossAt);
    return b;
}

// The gradients of step 4 (per lane where the chunks accumulate): dx holds the residual's part.
struct MergeGradients {
    Tensor dx, dConv;                         // [N, K, H]
    Tensor dMerge, dMergeBias, dTemperature;  // per lane
    Tensor dGate;                             // per lane, [G, K, H]
};

// Per-lane scratch of step 4's backward.
struct MergeScratch {
    Tensor gated, weights, dGated, joined, dJoined, summed, dContext;
    explicit MergeScratch(const Shape& s)
        : gated(perLane(s, {s.chunkRows(), s.channels}, false)),
          weights(perLane(s, {s.chunkRows(), s.channels}, false)),
          dGated(perLane(s, {s.chunkRows(), s.channels}, false)),
          joined(perLane(s, {s.chunkRows(), 2 * s.channels}, false)),
          dJoined(perLane(s, {s.chunkRows(), 2 * s.channels}, false)),
          summed(perLane(s, {s.chunkNodes, s.channels}, false)),
          dContext(perLane(s, {s.chunkNodes, s.channels}, false)) {}
};

// 4' of one chunk with cross-config attention: the merge's and the attention's gradients,
// dPre -> dg (the gated rows' gradient).
void attentionBackwardChunk(const Block& b, const Saved& f, const Tensor& g, const Tensor& dPre,
                            MergeScratch& scratch, MergeGradients& m, Tensor& dg, int64_t n0,
                            int64_t n1, int lane) {
    const Shape& s = b.s;
    const int64_t h = s.channels, nodes = n1 - n0, rows = nodes * s.configs;
    const Tensor& mergeWeight = b.p.mergeWeight;
    const Tensor w = softmaxWeights(g, b.p.temperature, b.padded, b.nodeGraph, s, n0, n1,
                                    scratchRows(scratch.weights, lane, rows));
    Tensor dm = m.dMerge[lane];
    kernels::addColumnSums(ptr(dPre), rows, h, ptr(m.dMergeBias[lane]));
    if (b.firstPlace) {
        const Tensor j = joinProduct(g, w, scratchRows(scratch.joined, lane, rows));
        Tensor dj = scratchRows(scratch.dJoined, lane, rows);
        dm.addmm_(dPre.t(), j);
        at::mm_out(dj, dPre, mergeWeight);
        kernels::attentionProductBackward(ptr(w), ptr(g), ptr(dj), ptr(b.p.temperature), nodes,
                                          s.rows(), ptr(dg), ptr(m.dTemperature[lane]));
        return;
    }
    Tensor c = f.context.narrow(0, n0, nodes);
    Tensor sum = scratchRows(scratch.summed, lane, nodes);
    Tensor dc = scratchRows(scratch.dContext, lane, nodes);
    kernels::sumOverConfigs(ptr(dPre), nodes, s.rows(), ptr(sum));
    dm.narrow(1, 0, h).addmm_(dPre.t(), g);
    dm.narrow(1, h, h).addmm_(sum.t(), c);
    at::mm_out(dc, sum, mergeWeight.narrow(1, h, h));
    kernels::attentionContextBackward(ptr(w), ptr(g), ptr(c), ptr(dc), ptr(b.p.temperature), nodes,
                                      s.rows(), ptr(dg), ptr(m.dTemperature[lane]));
    dg.addmm_(dPre, mergeWeight.narrow(1, 0, h));
}

// 4'. GELU, residual, merge and attention, gate: dx = dPre (the residual), dConv.
MergeGradients mergeBackward(const Block& b, const Saved& f, const Tensor& dy) {
    const Shape& s = b.s;
    const int64_t h = s.channels;
    MergeGradients m;
    m.dx = torch::empty_like(f.x);
    m.dConv = torch::empty_like(f.x);
    m.dMerge = perLane(s, {h, 2 * h}, true);
    m.dMergeBias = perLane(s, {h}, true);
    m.dTemperature = perLane(s, {h}, true);
    m.dGate = perLane(s, {s.graphs, s.configs, h}, true);
    MergeScratch scratch(s);
    forChunks(s, [&](int64_t n0, int64_t n1, int lane) {
        const int64_t rows = (n1 - n0) * s.configs;
        Tensor dPre = rowsOf(m.dx, s, n0, n1);
        at::gelu_backward_out(dPre, rowsOf(dy, s, n0, n1), rowsOf(f.pre, s, n0, n1));
        const Tensor g = gatedRows(f.conv, f.gate, b.nodeGraph, s, n0, n1,
                                   scratchRows(scratch.gated, lane, rows));
        Tensor dg = scratchRows(scratch.dGated, lane, rows);
        if (!b.crossAttention)
            dg.copy_(dPre);
        else
            attentionBackwardChunk(b, f, g, dPre, scratch, m, dg, n0, n1, lane);
        if (b.channelAttention)
            kernels::gateBackward(ptr(dg), ptr(f.conv) + s.at(n0), ptr(f.gate), b.nodeGraph,
                                  s.rows(), n0, n1, ptr(m.dConv) + s.at(n0), ptr(m.dGate[lane]));
        else
            rowsOf(m.dConv, s, n0, n1).copy_(dg);
    });
    return m;
}

// 3'. Channel gates: the squeeze/excite parameters' gradients into `grads`; returns the
// gradient of the pooled mean conv state (undefined without channel attention), which reaches
// every conv row of the graph.
Tensor gatesBackward(const Block& b, const Saved& f, const Tensor& dGate,
                     std::vector<Tensor>& grads) {
    if (!b.channelAttention) return Tensor();
    const int64_t h = b.s.channels;
    const Tensor hidden = torch::relu(f.squeezed).view({-1, f.squeezed.size(-1)});
    const Tensor dLogit = (dGate.sum(0) * f.gate * (1 - f.gate)).view({-1, h});
    grads[6] = dLogit.t().mm(hidden);
    grads[7] = dLogit.sum(0);
    const Tensor dSqueezed = dLogit.mm(b.p.exciteWeight) * (f.squeezed.view_as(hidden) > 0);
    grads[4] = dSqueezed.t().mm(f.pooledMean.view({-1, h}));
    grads[5] = dSqueezed.sum(0);
    return (dSqueezed.mm(b.p.squeezeWeight).view({b.s.graphs, b.s.configs, h}) *
            b.invNodeCount.view({-1, 1, 1}))
        .contiguous();
}

// 2' (bias). The conv output's gradient dConv made whole (the gates' part through the mean
// added) first, since the input's gradient reads the neighbours' rows of it; returns the
// bias's gradient.
Tensor completeConvGradient(const Block& b, const Tensor& dPooled, Tensor& dConv) {
    const Shape& s = b.s;
    Tensor dConvBias = perLane(s, {s.channels}, true);
    forChunks(s, [&](int64_t n0, int64_t n1, int lane) {
        float* d = ptr(dConv) + s.at(n0);
        if (b.channelAttention)
            kernels::combinePerGraph(d, ptr(dPooled), b.nodeGraph, s.rows(), n0, n1, true, d);
        kernels::addColumnSums(d, (n1 - n0) * s.configs, s.channels, ptr(dConvBias[lane]));
    });
    return dConvBias.sum(0);
}

// 2' (weight) and 1'. The conv weight's gradient, and dx += LN'(da) chunk by chunk as da's rows
// are ready; the norm's gradients into grads[0] and grads[1], the conv weight's into grads[2].
void convAndNormBackward(const Block& b, const Saved& f, const Tensor& dConv, Tensor& dx,
                         std::vector<Tensor>& grads) {
    const Shape& s = b.s;
    const int64_t h = s.channels;
    Tensor dNormWeight = perLane(s, {h}, true), dNormBias = perLane(s, {h}, true);
    const auto normBackward = [&](const float* da, int64_t n0, int64_t n1, int lane) {
        kernels::layerNormRowsBackward(da, ptr(f.x) + s.at(n0), ptr(f.mean) + n0 * s.configs,
                                       ptr(f.rstd) + n0 * s.configs, (n1 - n0) * s.configs, h,
                                       ptr(b.p.normWeight), ptr(dx) + s.at(n0),
                                       ptr(dNormWeight[lane]), ptr(dNormBias[lane]));
    };
    if (f.configNodes.defined()) {
        // The projected conv (projected_conv.h) returns da whole.
        const ProjectedConvGradients g =
            projectedConvBackward(dConv, f.a, b.p.convWeight, f.configNodes, b.producers,
                                  b.consumers, b.bidirectional, s.chunkNodes);
        grads[2] = g.weight;
        forChunks(s, [&](int64_t n0, int64_t n1, int lane) {
            normBackward(ptr(g.input) + s.at(n0), n0, n1, lane);
        });
    } else {
        // conv = z W^T + b with z = [a, means of a]. The means' transpose is taken on d first:
        // u = [d, neighbours' d] (gatherNeighbourGradients), so da = u P^T with P the conv
        // weight as a projection (swapInOut) and P's gradient a^T u: no [N, K, width] gradient
        // of z is formed.
        const Tensor projectionT = swapInOut(b.p.convWeight).t().contiguous();  // [width, H]
        Tensor u = perLane(s, {s.chunkRows(), b.width()}, false);
        Tensor da = perLane(s, {s.chunkRows(), h}, false);
        Tensor dProjection = perLane(s, {h, b.width()}, true);
        forChunks(s, [&](int64_t n0, int64_t n1, int lane) {
            const int64_t rows = (n1 - n0) * s.configs;
            Tensor uRows = scratchRows(u, lane, rows), daRows = scratchRows(da, lane, rows);
            kernels::gatherNeighbourGradients(ptr(dConv), s.rows(), b.producers, b.consumers,
                                              b.bidirectional, n0, n1, ptr(uRows));
            dProjection[lane].addmm_(rowsOf(f.a, s, n0, n1).t(), uRows);
            at::mm_out(daRows, uRows, projectionT);
            normBackward(ptr(daRows), n0, n1, lane);
        });
        grads[2] = swapInOut(dProjection.sum(0));
    }
    grads[0] = dNormWeight.sum(0);
    grads[1] = dNormBias.sum(0);
}

struct SageBlockFunction : torch::autograd::Function<SageBlockFunction> {
    static Tensor forward(AutogradContext* ctx, const Tensor& input, torch::TensorList params,
                          const BlockSpec& spec) {
        const std::vector<Tensor> list = params.vec();
        Saved f;
        f.x = input.contiguous();
        f.configNodes = spec.configNodes;
        const Block b = forwardBlock(f.x, list, spec);
        normalizeRows(b, f);
        const Tensor pooled = convolve(b, f);
        channelGates(b, pooled, f);
        const Tensor y = attendAndMerge(b, f);
        saveForBackward(ctx, list, spec, b, f);
        return y;
    }

    static variable_list backward(AutogradContext* ctx, variable_list grads) {
        torch::NoGradGuard noGrad;
        Saved f;
        const Block b = backwardBlock(ctx, f);
        MergeGradients m = mergeBackward(b, f, grads[0].contiguous());
        std::vector<Tensor> paramGrads(ctx->saved_data["params"].toTensorVector().size());
        const Tensor dPooled = gatesBackward(b, f, m.dGate, paramGrads);
        if (b.crossAttention) {
            paramGrads[b.crossAt] = m.dTemperature.sum(0);
            paramGrads[b.crossAt + 1] = m.dMerge.sum(0);
            paramGrads[b.crossAt + 2] = m.dMergeBias.sum(0);
        }
        paramGrads[3] = completeConvGradient(b, dPooled, m.dConv);
        convAndNormBackward(b, f, m.dConv, m.dx, paramGrads);
        variable_list out{m.dx};
        out.insert(out.end(), paramGrads.begin(), paramGrads.end());
        out.emplace_back();  // spec
        return out;
    }
};

}  // namespace

Tensor fusedSageBlock(const Tensor& x, const SageBlockParameters& p, const BatchTopology& topology,
                      const Tensor& configMask, AttentionForm form, const Tensor& configNodes) {
    BlockSpec spec;
    spec.topology = &topology;
    spec.padded = (~configMask).to(torch::kUInt8).contiguous();
    if (configNodes.defined()) spec.configNodes = configNodes.contiguous();
    spec.bidirectional = p.convWeight.size(1) == 3 * p.convWeight.size(0);
    spec.channelAttention = p.squeezeWeight.defined();
    spec.crossAttention = p.mergeWeight.defined();
    spec.form = form;
    std::vector<Tensor> params{p.normWeight, p.normBias, p.convWeight, p.convBias};
    if (spec.channelAttention)
        params.insert(params.end(), {p.squeezeWeight, p.squeezeBias, p.exciteWeight, p.exciteBias});
    if (spec.crossAttention)
        params.insert(params.end(), {p.temperature, p.mergeWeight, p.mergeBias});
    return SageBlockFunction::apply(x, torch::TensorList(params), spec);
}

}  // namespace tpugraphs
