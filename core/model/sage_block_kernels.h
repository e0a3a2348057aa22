// Plain loops of the fused SAGE block over node-major [N, K, H] float rows (no torch): layer
// norm, CSR neighbour means and their transpose, and the cross-config attention's arithmetic.
#pragma once

#include <cstdint>

namespace tpugraphs::kernels {

// Row counts of node-major states: node n, config k, channel c at (n * K + k) * H + c.
struct Rows {
    int64_t configs = 0;   // K
    int64_t channels = 0;  // H
};

// The neighbours of each node in CSR form with 1 / max(1, degree) per node.
struct NodeLists {
    const int64_t* start = nullptr;  // [N + 1]
    const int64_t* list = nullptr;   // [E]
    const float* invDegree = nullptr;
};

// LayerNorm over the channels of `rows` rows: out = (x - mean) * rstd * weight + bias; the row
// statistics go to mean and rstd. eps as torch::nn::LayerNorm's default (1e-5).
void layerNormRows(const float* x, int64_t rows, int64_t channels, const float* weight,
                   const float* bias, float* out, float* mean, float* rstd);
// Backward of layerNormRows: dx += rstd * (g - mean(g) - xhat * mean(g * xhat)) with g = dy *
// weight; dWeight += sum dy * xhat, dBias += sum dy.
void layerNormRowsBackward(const float* dy, const float* x, const float* mean, const float* rstd,
                           int64_t rows, int64_t channels, const float* weight, float* dx,
                           float* dWeight, float* dBias);

// The SAGE input of nodes [n0, n1): for each node n and config k one row of width (2 or 3) H,
// [a(n, k), mean of a(p, k) over producers p, mean of a(c, k) over consumers c] (the last part
// only when consumers is non-null).
void gatherNeighbourMeans(const float* a, Rows shape, const NodeLists& producers,
                          const NodeLists* consumers, int64_t n0, int64_t n1, float* z);
// The transpose of gatherNeighbourMeans for nodes [n0, n1), applied to the conv output's
// gradient d [N, K, H]: for each node n and config k one row of width (2 or 3) H, [d(n, k),
// sum over consumers c of d(c, k) / in-degree(c), sum over producers p of d(p, k) /
// out-degree(p)] (the last part only when bidirectional). Times the conv weight's blocks
// stacked, it gives the gradient of the block's normalised input a; its transpose times a gives
// the conv weight's gradient.
void gatherNeighbourGradients(const float* d, Rows shape, const NodeLists& producers,
                              const NodeLists& consumers, bool bidirectional, int64_t n0,
                              int64_t n1, float* u);

// out(c) += sum over `rows` rows of x(r, c).
void addColumnSums(const float* x, int64_t rows, int64_t channels, float* out);
// joined [rows, 2H] = [g, g * w] (the 1st place's merge input).
void joinWithProduct(const float* g, const float* w, int64_t rows, int64_t channels, float* joined);

// out(n, k) = h(n, k) * perGraph(g(n), k) for nodes [n0, n1) (perGraph [G, K, H], out holds
// the chunk's rows from node n0 on); `add` adds instead: out(n, k) = h(n, k) + perGraph(g(n), k).
void combinePerGraph(const float* h, const float* perGraph, const int64_t* nodeGraph, Rows shape,
                     int64_t n0, int64_t n1, bool add, float* out);
// Backward of the product: dh(n, k) = dOut * gate(g(n), k) (chunk rows), dGate(g(n), k) +=
// dOut * h(n, k).
void gateBackward(const float* dOut, const float* h, const float* gate, const int64_t* nodeGraph,
                  Rows shape, int64_t n0, int64_t n1, float* dh, float* dGate);
// pooled(g(n), k) += h(n, k) for nodes [n0, n1) (h: the chunk's rows).
void sumPerGraphRows(const float* h, const int64_t* nodeGraph, Rows shape, int64_t n0, int64_t n1,
                     float* pooled);
// out(n, c) = sum_k x(n, k, c) for `nodes` nodes.
void sumOverConfigs(const float* x, int64_t nodes, Rows shape, float* out);
// The cross-config attention's weights of nodes [n0, n1): w = softmax over k of h * t per channel,
// over the slots that are not padding (padded[g(n) * K + k] != 0), zero on those (h, w: the
// chunk's rows from node n0).
void attentionWeights(const float* h, const float* t, const uint8_t* padded,
                      const int64_t* nodeGraph, Rows shape, int64_t n0, int64_t n1, float* w);

// Per node of a chunk (nodes x K x H, softmax weights w over the config axis, zero on padded
// slots): context(n, c) = sum_k w h.
void attentionContext(const float* w, const float* h, int64_t nodes, Rows shape, float* context);
// out(n, k) = x(n, k) + perNode(n) for the K rows of each of `nodes` nodes.
void addPerNode(const float* x, const float* perNode, int64_t nodes, Rows shape, float* out);
// Backward of context = sum_k w h with w = softmax_k(t h): dh = dContext (w + t w (h - context))
// (written, not added: the caller adds the direct path's product onto it) and dT += dContext
// sum_k w h (h - context), per node and channel.
void attentionContextBackward(const float* w, const float* h, const float* context,
                              const float* dContext, const float* t, int64_t nodes, Rows shape,
                              float* dh, float* dT);
// Backward of the 1st place's merge input [h, q] with q = w h per config and w = softmax_k(t h),
// given its gradient dJoined [rows, 2H] = [dDirect, dq]: with S = sum_k dq w h and
// m = sum_k w h per node and channel, dh = dDirect + w dq + t w (dq h - S) and
// dT += sum_k dq w h (h - m).
void attentionProductBackward(const float* w, const float* h, const float* dJoined, const float* t,
                              int64_t nodes, Rows shape, float* dh, float* dT);

}  // namespace tpugraphs::kernels
