// Plain loops of the fused SAGE block.
#include "model/sage_block_kernels.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "model/fast_exp.h"
#include "model/vector_clones.h"

namespace tpugraphs::kernels {

namespace {

constexpr float kLayerNormEps = 1e-5f;

constexpr int kLanes = 16;  // independent partial sums, so a row's sum vectorises

void addRow(float* out, const float* in, int64_t n) {
    for (int64_t i = 0; i < n; ++i) out[i] += in[i];
}

// Sum of f(i) over [0, n) in kLanes interleaved partial sums.
template <typename F>
TPUGRAPHS_INLINE_IN_CLONES float laneSum(int64_t n, const F& f) {
    float lanes[kLanes] = {};
    int64_t i = 0;
    for (; i + kLanes <= n; i += kLanes)
        for (int l = 0; l < kLanes; ++l) lanes[l] += f(i + l);
    for (; i < n; ++i) lanes[0] += f(i);
    float sum = 0;
    for (int l = 0; l < kLanes; ++l) sum += lanes[l];
    return sum;
}

// Sum of the (n, k) rows of `from` over the nodes in lists[start[n] .. start[n + 1]) into the
// K rows of out (row stride `stride`), scaled by 1 / degree; zero without neighbours. One pass
// per neighbour: the first is copied, the last added and scaled (the sum's order, and so its
// rounding, is that of zeroing, adding each, then scaling).
TPUGRAPHS_INLINE_IN_CLONES void meanOfNeighbours(const float* from, Rows s, const NodeLists& lists,
                                                 int64_t n, float* out, int64_t stride) {
    const int64_t k = s.configs, h = s.channels;
    const int64_t first = lists.start[n], end = lists.start[n + 1];
    const float scale = lists.invDegree[n];
    if (first == end)
        for (int64_t r = 0; r < k; ++r)
            for (int64_t c = 0; c < h; ++c) out[r * stride + c] = 0.0f;
    for (int64_t e = first; e < end; ++e) {
        const float* block = from + lists.list[e] * k * h;
        const bool copy = e == first, last = e + 1 == end;
        for (int64_t r = 0; r < k; ++r) {
            float* o = out + r * stride;
            const float* in = block + r * h;
            if (copy && last)
                for (int64_t c = 0; c < h; ++c) o[c] = in[c] * scale;
            else if (copy)
                for (int64_t c = 0; c < h; ++c) o[c] = in[c];
            else if (last)
                for (int64_t c = 0; c < h; ++c) o[c] = (o[c] + in[c]) * scale;
            else
                addRow(o, in, h);
        }
    }
}

// Sum of the (n, k) rows of `from` over the nodes m in lists[start[n] .. start[n + 1]), each
// times weight[m], into the K rows of out (row stride `stride`); zero without neighbours.
TPUGRAPHS_INLINE_IN_CLONES void weightedSumOfNeighbours(const float* from, Rows s,
                                                        const NodeLists& lists, const float* weight,
                                                        int64_t n, float* out, int64_t stride) {
    const int64_t k = s.configs, h = s.channels;
    const int64_t first = lists.start[n], end = lists.start[n + 1];
    if (first == end)
        for (int64_t r = 0; r < k; ++r)
            for (int64_t c = 0; c < h; ++c) out[r * stride + c] = 0.0f;
    for (int64_t e = first; e < end; ++e) {
        const int64_t m = lists.list[e];
        const float* block = from + m * k * h;
        const float w = weight[m];
        for (int64_t r = 0; r < k; ++r) {
            float* o = out + r * stride;
            const float* in = block + r * h;
            if (e == first)
                for (int64_t c = 0; c < h; ++c) o[c] = in[c] * w;
            else
                for (int64_t c = 0; c < h; ++c) o[c] += in[c] * w;
        }
    }
}

}  // namespace

TPUGRAPHS_VECTOR_CLONES void layerNormRows(const float* x, int64_t rows, int64_t channels,
                                           const float* weight, const float* bias, float* out,
                                           float* mean, float* rstd) {
    const float inv = 1.0f / static_cast<float>(channels);
    for (int64_t r = 0; r < rows; ++r) {
        const float* in = x + r * channels;
        float* o = out + r * channels;
        const float mu = laneSum(channels, [&](int64_t c) { return in[c]; }) * inv;
        const float sq = laneSum(channels, [&](int64_t c) { return (in[c] - mu) * (in[c] - mu); });
        const float rs = 1.0f / std::sqrt(sq * inv + kLayerNormEps);
        for (int64_t c = 0; c < channels; ++c) o[c] = (in[c] - mu) * rs * weight[c] + bias[c];
        mean[r] = mu;
        rstd[r] = rs;
    }
}

TPUGRAPHS_VECTOR_CLONES void layerNormRowsBackward(const float* dy, const float* x,
                                                   const float* mean, const float* rstd,
                                                   int64_t rows, int64_t channels,
                                                   const float* weight, float* dx, float* dWeight,
                                                   float* dBias) {
    const float inv = 1.0f / static_cast<float>(channels);
    for (int64_t r = 0; r < rows; ++r) {
        const float* g = dy + r * channels;
        const float* in = x + r * channels;
        float* d = dx + r * channels;
        const float mu = mean[r], rs = rstd[r];
        const float sumG = laneSum(channels, [&](int64_t c) { return g[c] * weight[c]; }) * inv;
        const float sumGX =
            laneSum(channels, [&](int64_t c) { return g[c] * weight[c] * (in[c] - mu) * rs; }) *
            inv;
        for (int64_t c = 0; c < channels; ++c) {
            dWeight[c] += g[c] * (in[c] - mu) * rs;
            dBias[c] += g[c];
        }
        for (int64_t c = 0; c < channels; ++c) {
            const float xhat = (in[c] - mu) * rs;
            d[c] += rs * (g[c] * weight[c] - sumG - xhat * sumGX);
        }
    }
}

TPUGRAPHS_VECTOR_CLONES void gatherNeighbourMeans(const float* a, Rows s,
                                                  const NodeLists& producers,
                                                  const NodeLists* consumers, int64_t n0,
                                                  int64_t n1, float* z) {
    const int64_t k = s.configs, h = s.channels, width = (consumers ? 3 : 2) * h;
    for (int64_t n = n0; n < n1; ++n) {
        float* out = z + (n - n0) * k * width;
        const float* self = a + n * k * h;
        for (int64_t r = 0; r < k; ++r)
            std::memcpy(out + r * width, self + r * h, sizeof(float) * h);
        meanOfNeighbours(a, s, producers, n, out + h, width);
        if (consumers) meanOfNeighbours(a, s, *consumers, n, out + 2 * h, width);
    }
}

TPUGRAPHS_VECTOR_CLONES void gatherNeighbourGradients(const float* d, Rows s,
                                                      const NodeLists& producers,
                                                      const NodeLists& consumers,
                                                      bool bidirectional, int64_t n0, int64_t n1,
                                                      float* u) {
    const int64_t k = s.configs, h = s.channels, width = (bidirectional ? 3 : 2) * h;
    for (int64_t n = n0; n < n1; ++n) {
        float* out = u + (n - n0) * k * width;
        const float* self = d + n * k * h;
        for (int64_t r = 0; r < k; ++r)
            std::memcpy(out + r * width, self + r * h, sizeof(float) * h);
        // Each consumer's mean of producers took this node's rows times the consumer's
        // 1 / in-degree; each producer's mean of consumers, times the producer's 1 / out-degree.
        weightedSumOfNeighbours(d, s, consumers, producers.invDegree, n, out + h, width);
        if (bidirectional)
            weightedSumOfNeighbours(d, s, producers, consumers.invDegree, n, out + 2 * h, width);
    }
}

TPUGRAPHS_VECTOR_CLONES void addColumnSums(const float* x, int64_t rows, int64_t channels,
                                           float* out) {
    for (int64_t r = 0; r < rows; ++r) addRow(out, x + r * channels, channels);
}

TPUGRAPHS_VECTOR_CLONES void joinWithProduct(const float* g, const float* w, int64_t rows,
                                             int64_t channels, float* joined) {
    for (int64_t r = 0; r < rows; ++r) {
        const float* gr = g + r * channels;
        const float* wr = w + r * channels;
        float* out = joined + r * 2 * channels;
        for (int64_t c = 0; c < channels; ++c) out[c] = gr[c];
        for (int64_t c = 0; c < channels; ++c) out[channels + c] = gr[c] * wr[c];
    }
}

TPUGRAPHS_VECTOR_CLONES void combinePerGraph(const float* h, const float* perGraph,
                                             const int64_t* nodeGraph, Rows s, int64_t n0,
                                             int64_t n1, bool add, float* out) {
    const int64_t block = s.configs * s.channels;
    for (int64_t n = n0; n < n1; ++n) {
        const float* in = h + (n - n0) * block;
        const float* g = perGraph + nodeGraph[n] * block;
        float* o = out + (n - n0) * block;
        if (add)
            for (int64_t i = 0; i < block; ++i) o[i] = in[i] + g[i];
        else
            for (int64_t i = 0; i < block; ++i) o[i] = in[i] * g[i];
    }
}

TPUGRAPHS_VECTOR_CLONES void gateBackward(const float* dOut, const float* h, const float* gate,
                                          const int64_t* nodeGraph, Rows s, int64_t n0, int64_t n1,
                                          float* dh, float* dGate) {
    const int64_t block = s.configs * s.channels;
    for (int64_t n = n0; n < n1; ++n) {
        const int64_t at = (n - n0) * block, g = nodeGraph[n] * block;
        for (int64_t i = 0; i < block; ++i) {
            dGate[g + i] += dOut[at + i] * h[at + i];
            dh[at + i] = dOut[at + i] * gate[g + i];
        }
    }
}

TPUGRAPHS_VECTOR_CLONES void sumPerGraphRows(const float* h, const int64_t* nodeGraph, Rows s,
                                             int64_t n0, int64_t n1, float* pooled) {
    const int64_t block = s.configs * s.channels;
    for (int64_t n = n0; n < n1; ++n)
        addRow(pooled + nodeGraph[n] * block, h + (n - n0) * block, block);
}

TPUGRAPHS_VECTOR_CLONES void sumOverConfigs(const float* x, int64_t nodes, Rows s, float* out) {
    const int64_t k = s.configs, ch = s.channels;
    for (int64_t n = 0; n < nodes; ++n) {
        std::memset(out + n * ch, 0, sizeof(float) * ch);
        for (int64_t r = 0; r < k; ++r) addRow(out + n * ch, x + (n * k + r) * ch, ch);
    }
}

TPUGRAPHS_VECTOR_CLONES void attentionWeights(const float* h, const float* t, const uint8_t* padded,
                                              const int64_t* nodeGraph, Rows s, int64_t n0,
                                              int64_t n1, float* w) {
    const int64_t k = s.configs, ch = s.channels;
    thread_local std::vector<float> stats;
    stats.resize(2 * ch);
    float *maximum = stats.data(), *scale = maximum + ch;
    for (int64_t n = n0; n < n1; ++n) {
        const uint8_t* pad = padded + nodeGraph[n] * k;
        const float* hn = h + (n - n0) * k * ch;
        float* wn = w + (n - n0) * k * ch;
        std::fill(maximum, maximum + ch, -INFINITY);
        std::fill(scale, scale + ch, 0.0f);
        for (int64_t r = 0; r < k; ++r) {
            if (pad[r]) continue;
            const float* hr = hn + r * ch;
            for (int64_t c = 0; c < ch; ++c) maximum[c] = std::max(maximum[c], hr[c] * t[c]);
        }
        for (int64_t r = 0; r < k; ++r) {
            float* wr = wn + r * ch;
            if (pad[r]) {
                std::memset(wr, 0, sizeof(float) * ch);
                continue;
            }
            const float* hr = hn + r * ch;
            for (int64_t c = 0; c < ch; ++c) {
                wr[c] = fastExp(hr[c] * t[c] - maximum[c]);
                scale[c] += wr[c];
            }
        }
        for (int64_t c = 0; c < ch; ++c) scale[c] = 1.0f / scale[c];
        for (int64_t r = 0; r < k; ++r) {
            if (pad[r]) continue;
            float* wr = wn + r * ch;
            for (int64_t c = 0; c < ch; ++c) wr[c] *= scale[c];
        }
    }
}

TPUGRAPHS_VECTOR_CLONES void attentionContext(const float* w, const float* h, int64_t nodes, Rows s,
                                              float* context) {
    const int64_t k = s.configs, ch = s.channels;
    for (int64_t n = 0; n < nodes; ++n) {
        float* out = context + n * ch;
        std::memset(out, 0, sizeof(float) * ch);
        for (int64_t r = 0; r < k; ++r) {
            const float* wr = w + (n * k + r) * ch;
            const float* hr = h + (n * k + r) * ch;
            for (int64_t c = 0; c < ch; ++c) out[c] += wr[c] * hr[c];
        }
    }
}

TPUGRAPHS_VECTOR_CLONES void addPerNode(const float* x, const float* perNode, int64_t nodes, Rows s,
                                        float* out) {
    const int64_t k = s.configs, ch = s.channels;
    for (int64_t n = 0; n < nodes; ++n)
        for (int64_t r = 0; r < k; ++r) {
            const int64_t row = (n * k + r) * ch;
            for (int64_t c = 0; c < ch; ++c) out[row + c] = x[row + c] + perNode[n * ch + c];
        }
}

TPUGRAPHS_VECTOR_CLONES void attentionContextBackward(const float* w, const float* h,
                                                      const float* context, const float* dContext,
                                                      const float* t, int64_t nodes, Rows s,
                                                      float* __restrict dh, float* dT) {
    const int64_t k = s.configs, ch = s.channels;
    thread_local std::vector<float>
        sums;  // dT's part from these nodes, apart so the loop vectorises
    sums.assign(ch, 0.0f);
    float* __restrict dTSum = sums.data();
    for (int64_t n = 0; n < nodes; ++n) {
        const float* ctx = context + n * ch;
        const float* dc = dContext + n * ch;
        for (int64_t r = 0; r < k; ++r) {
            const int64_t row = (n * k + r) * ch;
            for (int64_t c = 0; c < ch; ++c) {
                const float wv = w[row + c], hv = h[row + c], centred = hv - ctx[c];
                dh[row + c] = dc[c] * wv * (1.0f + t[c] * centred);
                dTSum[c] += dc[c] * wv * hv * centred;
            }
        }
    }
    addRow(dT, dTSum, ch);
}

TPUGRAPHS_VECTOR_CLONES void attentionProductBackward(const float* w, const float* h,
                                                      const float* dJoined, const float* t,
                                                      int64_t nodes, Rows s, float* __restrict dh,
                                                      float* dT) {
    const int64_t k = s.configs, ch = s.channels;
    thread_local std::vector<float> sums;  // S and m per channel, and dT's part from these nodes
    sums.assign(3 * ch, 0.0f);
    float* __restrict bigS = sums.data();
    float* __restrict m = bigS + ch;
    float* __restrict dTSum = m + ch;
    for (int64_t n = 0; n < nodes; ++n) {
        std::fill(bigS, bigS + 2 * ch, 0.0f);
        for (int64_t r = 0; r < k; ++r) {
            const int64_t row = (n * k + r) * ch;
            const float* dq = dJoined + (n * k + r) * 2 * ch + ch;
            for (int64_t c = 0; c < ch; ++c) {
                const float wh = w[row + c] * h[row + c];
                bigS[c] += dq[c] * wh;
                m[c] += wh;
            }
        }
        for (int64_t r = 0; r < k; ++r) {
            const int64_t row = (n * k + r) * ch;
            const float* direct = dJoined + (n * k + r) * 2 * ch;
            const float* dq = direct + ch;
            for (int64_t c = 0; c < ch; ++c) {
                const float wv = w[row + c], hv = h[row + c];
                dh[row + c] = direct[c] + wv * dq[c] + t[c] * wv * (dq[c] * hv - bigS[c]);
                dTSum[c] += dq[c] * wv * hv * (hv - m[c]);
            }
        }
    }
    addRow(dT, dTSum, ch);
}

}  // namespace tpugraphs::kernels
