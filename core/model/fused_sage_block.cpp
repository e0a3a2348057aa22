// The fused SAGE block: its forward pass over node chunks on the intra-op threads, the row
// helpers both passes use, and the autograd function (the backward pass:
// fused_sage_block_backward.cpp).
#include "model/fused_sage_block.h"

#include <torch/autograd.h>

#include <algorithm>
#include <optional>

#include "model/fused_sage_block_steps.h"
#include "model/projected_conv.h"

namespace tpugraphs::fused_sage {

namespace {
constexpr int64_t kSageChunkRows = 1024;  // rows per chunk: its [rows, 3H] SAGE input stays in L2
}  // namespace

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

Tensor perLane(const Shape& s, std::vector<int64_t> shape, bool zero) {
    shape.insert(shape.begin(), s.lanes);
    return zero ? torch::zeros(shape) : torch::empty(shape);
}

Tensor rowsOf(const Tensor& t, const Shape& s, int64_t n0, int64_t n1) {
    return t.view({-1, t.size(-1)}).narrow(0, n0 * s.configs, (n1 - n0) * s.configs);
}

Tensor scratchRows(const Tensor& t, int lane, int64_t rows) {
    return t[lane].narrow(0, 0, rows);
}

NodeLists lists(const Tensor& start, const Tensor& list, const Tensor& invDegree) {
    return {start.data_ptr<int64_t>(), list.data_ptr<int64_t>(), invDegree.data_ptr<float>()};
}

Tensor gatedRows(const Tensor& conv, const Tensor& gate, const int64_t* nodeGraph, const Shape& s,
                 int64_t n0, int64_t n1, Tensor out) {
    if (gate.defined())
        kernels::combinePerGraph(ptr(conv) + s.at(n0), ptr(gate), nodeGraph, s.rows(), n0, n1,
                                 false, ptr(out));
    else
        out.copy_(rowsOf(conv, s, n0, n1));
    return out;
}

Tensor softmaxWeights(const Tensor& g, const Tensor& temperature, const uint8_t* padded,
                      const int64_t* nodeGraph, const Shape& s, int64_t n0, int64_t n1,
                      Tensor weights) {
    kernels::attentionWeights(ptr(g), ptr(temperature), padded, nodeGraph, s.rows(), n0, n1,
                              ptr(weights));
    return weights;
}

Tensor joinProduct(const Tensor& g, const Tensor& w, Tensor joined) {
    kernels::joinWithProduct(ptr(g), ptr(w), g.size(0), g.size(1), ptr(joined));
    return joined;
}

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

namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

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
        variable_list out = blockBackward(ctx, grads[0].contiguous());
        out.emplace_back();  // spec
        return out;
    }
};

}  // namespace

}  // namespace tpugraphs::fused_sage

namespace tpugraphs {

torch::Tensor fusedSageBlock(const torch::Tensor& x, const SageBlockParameters& p,
                             const BatchTopology& topology, const torch::Tensor& configMask,
                             AttentionForm form, const torch::Tensor& configNodes) {
    fused_sage::BlockSpec spec;
    spec.topology = &topology;
    spec.padded = (~configMask).to(torch::kUInt8).contiguous();
    if (configNodes.defined()) spec.configNodes = configNodes.contiguous();
    spec.bidirectional = p.convWeight.size(1) == 3 * p.convWeight.size(0);
    spec.channelAttention = p.squeezeWeight.defined();
    spec.crossAttention = p.mergeWeight.defined();
    spec.form = form;
    std::vector<torch::Tensor> params{p.normWeight, p.normBias, p.convWeight, p.convBias};
    if (spec.channelAttention)
        params.insert(params.end(), {p.squeezeWeight, p.squeezeBias, p.exciteWeight, p.exciteBias});
    if (spec.crossAttention)
        params.insert(params.end(), {p.temperature, p.mergeWeight, p.mergeBias});
    return fused_sage::SageBlockFunction::apply(x, torch::TensorList(params), spec);
}

}  // namespace tpugraphs
