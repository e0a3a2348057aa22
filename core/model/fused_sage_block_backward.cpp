// The fused SAGE block's backward pass: the forward pass's tensors read back, then the
// gradients of its steps in reverse order (4' merge and attention, 3' channel gates, 2' conv,
// 1' layer norm) over the same node chunks.
#include <torch/autograd.h>

#include "model/fused_sage_block_steps.h"
#include "model/projected_conv.h"

namespace tpugraphs::fused_sage {

namespace {

using torch::autograd::AutogradContext;

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

}  // namespace

std::vector<Tensor> blockBackward(AutogradContext* ctx, const Tensor& dy) {
    Saved f;
    const Block b = backwardBlock(ctx, f);
    MergeGradients m = mergeBackward(b, f, dy);
    std::vector<Tensor> paramGrads(ctx->saved_data["params"].toTensorVector().size());
    const Tensor dPooled = gatesBackward(b, f, m.dGate, paramGrads);
    if (b.crossAttention) {
        paramGrads[b.crossAt] = m.dTemperature.sum(0);
        paramGrads[b.crossAt + 1] = m.dMerge.sum(0);
        paramGrads[b.crossAt + 2] = m.dMergeBias.sum(0);
    }
    paramGrads[3] = completeConvGradient(b, dPooled, m.dConv);
    convAndNormBackward(b, f, m.dConv, m.dx, paramGrads);
    std::vector<Tensor> out{m.dx};
    out.insert(out.end(), paramGrads.begin(), paramGrads.end());
    return out;
}

}  // namespace tpugraphs::fused_sage
