// Plain loops of the fused SAGE block.
#include "model/sage_block_kernels.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace tpugraphs::kernels {

namespace {

constexpr float kLayerNormEps = 1e-5f;

void addRow(float* out, const float* in, int64_t n) {
    for (int64_t i = 0; i < n; ++i) out[i] += in[i];
}

// Sum of the (n, k) rows of `from` over the nodes in lists[start[n] .. start[n + 1]) into the
// K rows of out (row stride `stride`), scaled by 1 / degree.
void meanOfNeighbours(const float* from, Rows s, const NodeLists& lists, int64_t n, float* out,
                      int64_t stride) {
    const int64_t k = s.configs, h = s.channels;
    for (int64_t r = 0; r < k; ++r) std::memset(out + r * stride, 0, sizeof(float) * h);
    for (int64_t e = lists.start[n]; e < lists.start[n + 1]; ++e) {
        const float* block = from + lists.list[e] * k * h;
        for (int64_t r = 0; r < k; ++r) addRow(out + r * stride, block + r * h, h);
    }
    const float scale = lists.invDegree[n];
    for (int64_t r = 0; r < k; ++r)
        for (int64_t c = 0; c < h; ++c) out[r * stride + c] *= scale;
}

}  // namespace

void layerNormRows(const float* x, int64_t rows, int64_t channels, const float* weight,
                   const float* bias, float* out, float* mean, float* rstd) {
    const float inv = 1.0f / static_cast<float>(channels);
    for (int64_t r = 0; r < rows; ++r) {
        const float* in = x + r * channels;
        float* o = out + r * channels;
        float sum = 0;
        for (int64_t c = 0; c < channels; ++c) sum += in[c];
        const float mu = sum * inv;
        float sq = 0;
        for (int64_t c = 0; c < channels; ++c) sq += (in[c] - mu) * (in[c] - mu);
        const float rs = 1.0f / std::sqrt(sq * inv + kLayerNormEps);
        for (int64_t c = 0; c < channels; ++c) o[c] = (in[c] - mu) * rs * weight[c] + bias[c];
        mean[r] = mu;
        rstd[r] = rs;
    }
}

void layerNormRowsBackward(const float* dy, const float* x, const float* mean, const float* rstd,
                           int64_t rows, int64_t channels, const float* weight, float* dx,
                           float* dWeight, float* dBias) {
    const float inv = 1.0f / static_cast<float>(channels);
    for (int64_t r = 0; r < rows; ++r) {
        const float* g = dy + r * channels;
        const float* in = x + r * channels;
        float* d = dx + r * channels;
        const float mu = mean[r], rs = rstd[r];
        float sumG = 0, sumGX = 0;
        for (int64_t c = 0; c < channels; ++c) {
            const float xhat = (in[c] - mu) * rs;
            const float gw = g[c] * weight[c];
            sumG += gw;
            sumGX += gw * xhat;
            dWeight[c] += g[c] * xhat;
            dBias[c] += g[c];
        }
        sumG *= inv;
        sumGX *= inv;
        for (int64_t c = 0; c < channels; ++c) {
            const float xhat = (in[c] - mu) * rs;
            d[c] += rs * (g[c] * weight[c] - sumG - xhat * sumGX);
        }
    }
}

void gatherNeighbourMeans(const float* a, Rows s, const NodeLists& producers,
                          const NodeLists* consumers, int64_t n0, int64_t n1, float* z) {
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

void scatterNeighbourMeans(const float* dIn, const float* dOut, Rows s, const NodeLists& producers,
                           const NodeLists& consumers, int64_t n0, int64_t n1, float* da) {
    const int64_t block = s.configs * s.channels;
    for (int64_t n = n0; n < n1; ++n) {
        float* out = da + n * block;
        for (int64_t e = consumers.start[n]; e < consumers.start[n + 1]; ++e)
            addRow(out, dIn + consumers.list[e] * block, block);
        if (dOut)
            for (int64_t e = producers.start[n]; e < producers.start[n + 1]; ++e)
                addRow(out, dOut + producers.list[e] * block, block);
    }
}

void combinePerGraph(const float* h, const float* perGraph, const int64_t* nodeGraph, Rows s,
                     int64_t n0, int64_t n1, bool add, float* out) {
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

void gateBackward(const float* dOut, const float* h, const float* gate, const int64_t* nodeGraph,
                  Rows s, int64_t n0, int64_t n1, float* dh, float* dGate) {
    const int64_t block = s.configs * s.channels;
    for (int64_t n = n0; n < n1; ++n) {
        const int64_t at = (n - n0) * block, g = nodeGraph[n] * block;
        for (int64_t i = 0; i < block; ++i) {
            dGate[g + i] += dOut[at + i] * h[at + i];
            dh[at + i] = dOut[at + i] * gate[g + i];
        }
    }
}

void sumPerGraphRows(const float* h, const int64_t* nodeGraph, Rows s, int64_t n0, int64_t n1,
                     float* pooled) {
    const int64_t block = s.configs * s.channels;
    for (int64_t n = n0; n < n1; ++n)
        addRow(pooled + nodeGraph[n] * block, h + (n - n0) * block, block);
}

void sumOverConfigs(const float* x, int64_t nodes, Rows s, float* out) {
    const int64_t k = s.configs, ch = s.channels;
    for (int64_t n = 0; n < nodes; ++n) {
        std::memset(out + n * ch, 0, sizeof(float) * ch);
        for (int64_t r = 0; r < k; ++r) addRow(out + n * ch, x + (n * k + r) * ch, ch);
    }
}

void attentionLogits(const float* h, const float* t, const uint8_t* padded,
                     const int64_t* nodeGraph, Rows s, int64_t n0, int64_t n1, float* logits) {
    const int64_t k = s.configs, ch = s.channels;
    for (int64_t n = n0; n < n1; ++n)
        for (int64_t r = 0; r < k; ++r) {
            const int64_t row = ((n - n0) * k + r) * ch;
            if (padded[nodeGraph[n] * k + r]) {
                std::fill(logits + row, logits + row + ch, -INFINITY);
                continue;
            }
            for (int64_t c = 0; c < ch; ++c) logits[row + c] = h[row + c] * t[c];
        }
}

void attentionContext(const float* w, const float* h, int64_t nodes, Rows s, float* context) {
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

void addPerNode(const float* perNode, int64_t nodes, Rows s, float* out) {
    const int64_t k = s.configs, ch = s.channels;
    for (int64_t n = 0; n < nodes; ++n)
        for (int64_t r = 0; r < k; ++r) addRow(out + (n * k + r) * ch, perNode + n * ch, ch);
}

void attentionContextBackward(const float* w, const float* h, const float* context,
                              const float* dContext, const float* t, int64_t nodes, Rows s,
                              float* dh, float* dT) {
    const int64_t k = s.configs, ch = s.channels;
    for (int64_t n = 0; n < nodes; ++n) {
        const float* ctx = context + n * ch;
        const float* dc = dContext + n * ch;
        for (int64_t r = 0; r < k; ++r) {
            const int64_t row = (n * k + r) * ch;
            for (int64_t c = 0; c < ch; ++c) {
                const float wv = w[row + c], hv = h[row + c], centred = hv - ctx[c];
                dh[row + c] += dc[c] * wv * (1.0f + t[c] * centred);
                dT[c] += dc[c] * wv * hv * centred;
            }
        }
    }
}

void attentionProductBackward(const float* w, const float* h, const float* dq, int64_t dqStride,
                              const float* t, int64_t nodes, Rows s, float* dh, float* dT) {
    const int64_t k = s.configs, ch = s.channels;
    std::vector<float> sums(static_cast<size_t>(2 * ch));  // S and m per channel
    float* bigS = sums.data();
    float* m = bigS + ch;
    for (int64_t n = 0; n < nodes; ++n) {
        std::fill(sums.begin(), sums.end(), 0.0f);
        for (int64_t r = 0; r < k; ++r) {
            const int64_t row = (n * k + r) * ch;
            const float* g = dq + (n * k + r) * dqStride;
            for (int64_t c = 0; c < ch; ++c) {
                const float wh = w[row + c] * h[row + c];
                bigS[c] += g[c] * wh;
                m[c] += wh;
            }
        }
        for (int64_t r = 0; r < k; ++r) {
            const int64_t row = (n * k + r) * ch;
            const float* g = dq + (n * k + r) * dqStride;
            for (int64_t c = 0; c < ch; ++c) {
                const float wv = w[row + c], hv = h[row + c];
                dh[row + c] += wv * g[c] + t[c] * wv * (g[c] * hv - bigS[c]);
                dT[c] += g[c] * wv * hv * (hv - m[c]);
            }
        }
    }
}

}  // namespace tpugraphs::kernels
