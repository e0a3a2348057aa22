// Plain loops of the projected SAGE convolution.
#include "model/projected_conv_kernels.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "model/vector_clones.h"

namespace tpugraphs::kernels {

namespace {

void addScaled(float* out, const float* in, float scale, int64_t n) {
    for (int64_t i = 0; i < n; ++i) out[i] += scale * in[i];
}

// Part `offset` of node n's neighbours' projections, scaled by n's 1 / degree: per-node rows
// into `base` (one row for every config), configurable neighbours' rows into the K rows of out.
void addNeighbourParts(const Projections& p, Rows s, const NodeLists& lists, int64_t n,
                       int64_t offset, float* base, float* out) {
    const int64_t k = s.configs, h = s.channels;
    const float scale = lists.invDegree[n];
    for (int64_t e = lists.start[n]; e < lists.start[n + 1]; ++e) {
        const int64_t m = lists.list[e], j = p.configRow[m];
        if (j < 0) {
            addScaled(base, p.perNode + m * p.width + offset, scale, h);
            continue;
        }
        for (int64_t r = 0; r < k; ++r)
            addScaled(out + r * h, p.perConfig + (j * k + r) * p.width + offset, scale, h);
    }
}

}  // namespace

TPUGRAPHS_VECTOR_CLONES void sumProjections(const Projections& p, Rows s, const float* bias,
                                            const NodeLists& producers, const NodeLists* consumers,
                                            int64_t n0, int64_t n1, float* out) {
    const int64_t k = s.configs, h = s.channels;
    std::vector<float> base(static_cast<size_t>(h));
    for (int64_t n = n0; n < n1; ++n) {
        float* o = out + (n - n0) * k * h;
        const int64_t j = p.configRow[n];
        std::copy(bias, bias + h, base.begin());
        if (j < 0) addScaled(base.data(), p.perNode + n * p.width, 1.0f, h);
        std::memset(o, 0, sizeof(float) * k * h);
        addNeighbourParts(p, s, producers, n, h, base.data(), o);
        if (consumers) addNeighbourParts(p, s, *consumers, n, 2 * h, base.data(), o);
        for (int64_t r = 0; r < k; ++r) {
            addScaled(o + r * h, base.data(), 1.0f, h);
            if (j >= 0) addScaled(o + r * h, p.perConfig + (j * k + r) * p.width, 1.0f, h);
        }
    }
}

TPUGRAPHS_VECTOR_CLONES int64_t weightGradientRows(const float* a, const float* dP,
                                                   const int64_t* configRow, Rows s, int64_t width,
                                                   int64_t n0, int64_t n1, float* left,
                                                   float* right) {
    const int64_t k = s.configs, h = s.channels;
    int64_t rows = 0;
    for (int64_t m = n0; m < n1; ++m) {
        const float* in = a + m * k * h;
        const float* grad = dP + (m - n0) * k * width;
        if (configRow[m] >= 0) {
            std::memcpy(left + rows * h, in, sizeof(float) * k * h);
            std::memcpy(right + rows * width, grad, sizeof(float) * k * width);
            rows += k;
            continue;
        }
        std::memcpy(left + rows * h, in, sizeof(float) * h);
        float* sum = right + rows * width;
        std::memcpy(sum, grad, sizeof(float) * width);
        for (int64_t r = 1; r < k; ++r) addScaled(sum, grad + r * width, 1.0f, width);
        ++rows;
    }
    return rows;
}

void scatterInputGradients(const float* reduced, const int64_t* configRow, Rows s, int64_t n0,
                           int64_t n1, float* dA) {
    const int64_t k = s.configs, h = s.channels;
    for (int64_t m = n0; m < n1; ++m) {
        float* out = dA + (m - n0) * k * h;
        const int64_t rows = configRow[m] >= 0 ? k : 1;
        std::memcpy(out, reduced, sizeof(float) * rows * h);
        std::memset(out + rows * h, 0, sizeof(float) * (k - rows) * h);
        reduced += rows * h;
    }
}

}  // namespace tpugraphs::kernels
