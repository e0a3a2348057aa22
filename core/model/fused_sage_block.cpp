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

struct SageBlockFunction : torch::autograd::Function<SageBlockFunction> {
    static Tensor forward(AutogradContext* ctx, const Tensor& input, torch::TensorList params,
                          const BlockSpec& spec);
    static variable_list backward(AutogradContext* ctx, variable_list grads);
};

Tensor SageBlockFunction::forward(AutogradContext* ctx, const Tensor& input,
                                  torch::TensorList params, const BlockSpec& spec) {
    const BatchTopology& topology = *spec.topology;
    const Tensor x = input.contiguous();
    const Shape s = shapeOf(x, topology.graphs);
    const int64_t h = s.channels, width = (spec.bidirectional ? 3 : 2) * h;
    const Tensor &normWeight = params[0], &normBias = params[1], &convWeight = params[2],
                 &convBias = params[3];
    const int64_t* nodeGraph = topology.nodeGraph.data_ptr<int64_t>();
    const NodeLists producers =
        lists(topology.producerStart, topology.producers, topology.invDegIn);
    const NodeLists consumers =
        lists(topology.consumerStart, topology.consumers, topology.invDegOut);

    // 1. Layer norm of every row (the SAGE input reads the neighbours' normalised rows).
    Tensor a = torch::empty_like(x), mean = torch::empty({s.nodes * s.configs}),
           rstd = torch::empty({s.nodes * s.configs});
    forChunks(s, [&](int64_t n0, int64_t n1, int) {
        kernels::layerNormRows(ptr(x) + s.at(n0), (n1 - n0) * s.configs, h, ptr(normWeight),
                               ptr(normBias), ptr(a) + s.at(n0), ptr(mean) + n0 * s.configs,
                               ptr(rstd) + n0 * s.configs);
    });

    // 2. conv = [a, mean of producers, mean of consumers] W^T + b, pooled per graph and config
    // (projected first, once per node where the input does not vary along K).
    Tensor conv = torch::empty_like(x), z;
    Tensor pooled = perLane(s, {s.graphs, s.configs, h}, true);
    const Tensor convWeightT = convWeight.t();
    std::optional<ProjectedConv> projected;
    if (spec.configNodes.defined())
        projected.emplace(a, convWeight, spec.configNodes, s.chunkNodes);
    else
        z = perLane(s, {s.chunkRows(), width}, false);
    forChunks(s, [&](int64_t n0, int64_t n1, int lane) {
        Tensor out = rowsOf(conv, s, n0, n1);
        if (projected) {
            projected->rows(ptr(convBias), producers, spec.bidirectional ? &consumers : nullptr, n0,
                            n1, ptr(out));
        } else {
            Tensor zRows = scratchRows(z, lane, (n1 - n0) * s.configs);
            kernels::gatherNeighbourMeans(ptr(a), s.rows(), producers,
                                          spec.bidirectional ? &consumers : nullptr, n0, n1,
                                          ptr(zRows));
            at::addmm_out(out, convBias, zRows, convWeightT);
        }
        if (spec.channelAttention)
            kernels::sumPerGraphRows(ptr(out), nodeGraph, s.rows(), n0, n1, ptr(pooled[lane]));
    });

    // 3. Channel gates per graph and config from the mean conv state (small tensors).
    size_t next = 4;
    Tensor gate, squeezed, pooledMean;
    if (spec.channelAttention) {
        const Tensor &squeezeWeight = params[next], &squeezeBias = params[next + 1],
                     &exciteWeight = params[next + 2], &exciteBias = params[next + 3];
        next += 4;
        pooledMean = pooled.sum(0) * topology.invNodeCount.view({-1, 1, 1});
        squeezed = torch::linear(pooledMean, squeezeWeight, squeezeBias);
        gate = torch::sigmoid(torch::linear(torch::relu(squeezed), exciteWeight, exciteBias));
    }

    // 4. Gate, cross-config attention and merge, residual, GELU.
    Tensor pre = torch::empty_like(x), y = torch::empty_like(x), context;
    const bool firstPlace = spec.form == AttentionForm::FirstPlace;
    if (spec.crossAttention && !firstPlace) context = torch::empty({s.nodes, h});
    Tensor gated = perLane(s, {s.chunkRows(), h}, false);
    Tensor weights = perLane(s, {s.chunkRows(), h}, false);
    Tensor joined = perLane(s, {s.chunkRows(), 2 * h}, false);
    Tensor merged = perLane(s, {s.chunkNodes, h}, false);
    const Tensor temperature = spec.crossAttention ? params[next] : Tensor();
    const Tensor mergeWeight = spec.crossAttention ? params[next + 1] : Tensor();
    const Tensor mergeBias = spec.crossAttention ? params[next + 2] : Tensor();
    const uint8_t* padded = spec.padded.data_ptr<uint8_t>();
    forChunks(s, [&](int64_t n0, int64_t n1, int lane) {
        const int64_t nodes = n1 - n0, rows = nodes * s.configs;
        const Tensor g =
            gatedRows(conv, gate, nodeGraph, s, n0, n1, scratchRows(gated, lane, rows));
        Tensor out = rowsOf(pre, s, n0, n1);
        if (!spec.crossAttention) {
            at::add_out(out, rowsOf(x, s, n0, n1), g);
        } else {
            const Tensor w = softmaxWeights(g, temperature, padded, nodeGraph, s, n0, n1,
                                            scratchRows(weights, lane, rows));
            if (firstPlace) {
                const Tensor j = joinProduct(g, w, scratchRows(joined, lane, rows));
                at::add_out(out, rowsOf(x, s, n0, n1), mergeBias);
                out.addmm_(j, mergeWeight.t());
            } else {
                Tensor c = context.narrow(0, n0, nodes);
                kernels::attentionContext(ptr(w), ptr(g), nodes, s.rows(), ptr(c));
                Tensor m = scratchRows(merged, lane, nodes);
                at::addmm_out(m, mergeBias, c, mergeWeight.narrow(1, h, h).t());
                kernels::addPerNode(ptr(x) + s.at(n0), ptr(m), nodes, s.rows(), ptr(out));
                out.addmm_(g, mergeWeight.narrow(1, 0, h).t());  // onto the rows: no zeroing
            }
        }
        Tensor act = rowsOf(y, s, n0, n1);
        at::gelu_out(act, out);
    });

    ctx->save_for_backward({x});
    ctx->saved_data["params"] = params.vec();
    for (const auto& [key, value] : {std::pair<const char*, Tensor>{"a", a},
                                     {"mean", mean},
                                     {"rstd", rstd},
                                     {"conv", conv},
                                     {"pre", pre},
                                     {"gate", gate},
                                     {"squeezed", squeezed},
                                     {"pooledMean", pooledMean},
                                     {"context", context},
                                     {"padded", spec.padded},
                                     {"configNodes", spec.configNodes},
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
    ctx->saved_data["bidirectional"] = spec.bidirectional;
    ctx->saved_data["channelAttention"] = spec.channelAttention;
    ctx->saved_data["crossAttention"] = spec.crossAttention;
    ctx->saved_data["firstPlace"] = firstPlace;
    return y;
}

variable_list SageBlockFunction::backward(AutogradContext* ctx, variable_list grads) {
    torch::NoGradGuard noGrad;
    auto saved = [&](const char* key) {
        const auto& value = ctx->saved_data[key];
        return value.isTensor() ? value.toTensor() : Tensor();
    };
    const Tensor x = ctx->get_saved_variables()[0];
    const std::vector<Tensor> params = ctx->saved_data["params"].toTensorVector();
    const bool bidirectional = ctx->saved_data["bidirectional"].toBool();
    const bool channelAttention = ctx->saved_data["channelAttention"].toBool();
    const bool crossAttention = ctx->saved_data["crossAttention"].toBool();
    const bool firstPlace = ctx->saved_data["firstPlace"].toBool();
    const Shape s = shapeOf(x, ctx->saved_data["graphs"].toInt());
    const int64_t h = s.channels, width = (bidirectional ? 3 : 2) * h;
    const Tensor dy = grads[0].contiguous();
    const Tensor a = saved("a"), conv = saved("conv"), pre = saved("pre"), gate = saved("gate");
    const Tensor context = saved("context"), nodeGraphT = saved("nodeGraph");
    const Tensor mean = saved("mean"), rstd = saved("rstd");
    const Tensor invDegIn = saved("invDegIn"), invDegOut = saved("invDegOut");
    const int64_t* nodeGraph = nodeGraphT.data_ptr<int64_t>();
    const uint8_t* padded = saved("padded").data_ptr<uint8_t>();
    const NodeLists producers = lists(saved("producerStart"), saved("producers"), invDegIn);
    const NodeLists consumers = lists(saved("consumerStart"), saved("consumers"), invDegOut);
    const Tensor &normWeight = params[0], &convWeight = params[2];
    size_t next = channelAttention ? 8 : 4;
    const Tensor temperature = crossAttention ? params[next] : Tensor();
    const Tensor mergeWeight = crossAttention ? params[next + 1] : Tensor();

    // 4'. GELU, residual, merge and attention, gate: dx = dPre (the residual), dConv.
    Tensor dx = torch::empty_like(x), dConv = torch::empty_like(x);
    Tensor gated = perLane(s, {s.chunkRows(), h}, false);
    Tensor weights = perLane(s, {s.chunkRows(), h}, false);
    Tensor dGated = perLane(s, {s.chunkRows(), h}, false);
    Tensor joined = perLane(s, {s.chunkRows(), 2 * h}, false);
    Tensor dJoined = perLane(s, {s.chunkRows(), 2 * h}, false);
    Tensor summed = perLane(s, {s.chunkNodes, h}, false);
    Tensor dContext = perLane(s, {s.chunkNodes, h}, false);
    Tensor dMerge = perLane(s, {h, 2 * h}, true), dMergeBias = perLane(s, {h}, true);
    Tensor dTemperature = perLane(s, {h}, true);
    Tensor dGate = perLane(s, {s.graphs, s.configs, h}, true);
    forChunks(s, [&](int64_t n0, int64_t n1, int lane) {
        const int64_t nodes = n1 - n0, rows = nodes * s.configs;
        Tensor dPre = rowsOf(dx, s, n0, n1);
        at::gelu_backward_out(dPre, rowsOf(dy, s, n0, n1), rowsOf(pre, s, n0, n1));
        const Tensor g =
            gatedRows(conv, gate, nodeGraph, s, n0, n1, scratchRows(gated, lane, rows));
        Tensor dg = scratchRows(dGated, lane, rows);
        if (!crossAttention) {
            dg.copy_(dPre);
        } else {
            const Tensor w = softmaxWeights(g, temperature, padded, nodeGraph, s, n0, n1,
                                            scratchRows(weights, lane, rows));
            Tensor dm = dMerge[lane];
            kernels::addColumnSums(ptr(dPre), rows, h, ptr(dMergeBias[lane]));
            if (firstPlace) {
                const Tensor j = joinProduct(g, w, scratchRows(joined, lane, rows));
                Tensor dj = scratchRows(dJoined, lane, rows);
                dm.addmm_(dPre.t(), j);
                at::mm_out(dj, dPre, mergeWeight);
                kernels::attentionProductBackward(ptr(w), ptr(g), ptr(dj), ptr(temperature), nodes,
                                                  s.rows(), ptr(dg), ptr(dTemperature[lane]));
            } else {
                Tensor c = context.narrow(0, n0, nodes);
                Tensor sum = scratchRows(summed, lane, nodes);
                Tensor dc = scratchRows(dContext, lane, nodes);
                kernels::sumOverConfigs(ptr(dPre), nodes, s.rows(), ptr(sum));
                dm.narrow(1, 0, h).addmm_(dPre.t(), g);
                dm.narrow(1, h, h).addmm_(sum.t(), c);
                at::mm_out(dc, sum, mergeWeight.narrow(1, h, h));
                kernels::attentionContextBackward(ptr(w), ptr(g), ptr(c), ptr(dc), ptr(temperature),
                                                  nodes, s.rows(), ptr(dg),
                                                  ptr(dTemperature[lane]));
                dg.addmm_(dPre, mergeWeight.narrow(1, 0, h));
            }
        }
        if (channelAttention)
            kernels::gateBackward(ptr(dg), ptr(conv) + s.at(n0), ptr(gate), nodeGraph, s.rows(), n0,
                                  n1, ptr(dConv) + s.at(n0), ptr(dGate[lane]));
        else
            rowsOf(dConv, s, n0, n1).copy_(dg);
    });

    // 3'. Channel gates: their gradient reaches every conv row of the graph through the mean.
    std::vector<Tensor> paramGrads(params.size());
    Tensor dPooled;
    if (channelAttention) {
        const Tensor &squeezeWeight = params[4], &exciteWeight = params[6];
        const Tensor squeezed = saved("squeezed"), pooledMean = saved("pooledMean");
        const Tensor hidden = torch::relu(squeezed).view({-1, squeezed.size(-1)});
        const Tensor dLogit = (dGate.sum(0) * gate * (1 - gate)).view({-1, h});
        paramGrads[6] = dLogit.t().mm(hidden);
        paramGrads[7] = dLogit.sum(0);
        const Tensor dSqueezed = dLogit.mm(exciteWeight) * (squeezed.view_as(hidden) > 0);
        paramGrads[4] = dSqueezed.t().mm(pooledMean.view({-1, h}));
        paramGrads[5] = dSqueezed.sum(0);
        dPooled = (dSqueezed.mm(squeezeWeight).view({s.graphs, s.configs, h}) *
                   saved("invNodeCount").view({-1, 1, 1}))
                      .contiguous();
    }
    if (crossAttention) {
        paramGrads[next] = dTemperature.sum(0);
        paramGrads[next + 1] = dMerge.sum(0);
        paramGrads[next + 2] = dMergeBias.sum(0);
    }

    // 2'. conv. Its output's gradient d (dConv and the gates' part through the mean) is made
    // whole first: the input's gradient reads the neighbours' rows of it.
    Tensor dConvBias = perLane(s, {h}, true);
    forChunks(s, [&](int64_t n0, int64_t n1, int lane) {
        float* d = ptr(dConv) + s.at(n0);
        if (channelAttention)
            kernels::combinePerGraph(d, ptr(dPooled), nodeGraph, s.rows(), n0, n1, true, d);
        kernels::addColumnSums(d, (n1 - n0) * s.configs, h, ptr(dConvBias[lane]));
    });
    paramGrads[3] = dConvBias.sum(0);

    // 1'. dx += LN'(da), chunk by chunk as da's rows are ready.
    Tensor dNormWeight = perLane(s, {h}, true), dNormBias = perLane(s, {h}, true);
    const auto normBackward = [&](const float* da, int64_t n0, int64_t n1, int lane) {
        kernels::layerNormRowsBackward(da, ptr(x) + s.at(n0), ptr(mean) + n0 * s.configs,
                                       ptr(rstd) + n0 * s.configs, (n1 - n0) * s.configs, h,
                                       ptr(normWeight), ptr(dx) + s.at(n0),
                                       ptr(dNormWeight[lane]), ptr(dNormBias[lane]));
    };
    const Tensor configNodes = saved("configNodes");
    if (configNodes.defined()) {
        // The projected conv (projected_conv.h) returns da whole.
        const ProjectedConvGradients g = projectedConvBackward(
            dConv, a, convWeight, configNodes, producers, consumers, bidirectional, s.chunkNodes);
        paramGrads[2] = g.weight;
        forChunks(s, [&](int64_t n0, int64_t n1, int lane) {
            normBackward(ptr(g.input) + s.at(n0), n0, n1, lane);
        });
    } else {
        // conv = z W^T + b with z = [a, means of a]. The means' transpose is taken on d first:
        // u = [d, neighbours' d] (gatherNeighbourGradients), so da = u P^T with P the conv
        // weight as a projection (swapInOut) and P's gradient a^T u: no [N, K, width] gradient
        // of z is formed.
        const Tensor projectionT = swapInOut(convWeight).t().contiguous();  // [width, H]
        Tensor u = perLane(s, {s.chunkRows(), width}, false);
        Tensor da = perLane(s, {s.chunkRows(), h}, false);
        Tensor dProjection = perLane(s, {h, width}, true);
        forChunks(s, [&](int64_t n0, int64_t n1, int lane) {
            const int64_t rows = (n1 - n0) * s.configs;
            Tensor uRows = scratchRows(u, lane, rows), daRows = scratchRows(da, lane, rows);
            kernels::gatherNeighbourGradients(ptr(dConv), s.rows(), producers, consumers,
                                              bidirectional, n0, n1, ptr(uRows));
            dProjection[lane].addmm_(rowsOf(a, s, n0, n1).t(), uRows);
            at::mm_out(daRows, uRows, projectionT);
            normBackward(ptr(daRows), n0, n1, lane);
        });
        paramGrads[2] = swapInOut(dProjection.sum(0));
    }
    paramGrads[0] = dNormWeight.sum(0);
    paramGrads[1] = dNormBias.sum(0);

    variable_list out{dx};
    out.insert(out.end(), paramGrads.begin(), paramGrads.end());
    out.emplace_back();  // spec
    return out;
}

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
