// The fused input layer of the layout model: join, GELU, and their hand-written backward.
#include "model/fused_config_join.h"

#include <torch/autograd.h>

#include <cstring>

#include "model/node_chunks.h"
#include "model/projected_conv.h"
#include "model/vector_clones.h"

namespace tpugraphs {

namespace {

using torch::Tensor;
using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

constexpr int64_t kJoinChunkRows = 1024;

struct Sizes {
    int64_t configs = 0, channels = 0, features = 0, chunkNodes = 1;
};

Sizes sizesOf(const Tensor& hotColumns, int64_t channels) {
    Sizes s;
    s.configs = hotColumns.size(1);
    s.channels = channels;
    s.features = hotColumns.size(2);
    s.chunkNodes = std::max<int64_t>(1, kJoinChunkRows / s.configs);
    return s;
}

// Pre-activations of nodes [n0, n1) into pre (the chunk's rows): the node state, plus for a
// configurable node (configurable[n] = j >= 0) the bias and the table rows of its hot columns.
TPUGRAPHS_VECTOR_CLONES void joinRows(const float* nodes, const float* table, const float* bias,
                                      const int64_t* hot, const int64_t* configurable,
                                      const Sizes& s, int64_t n0, int64_t n1, float* pre) {
    const int64_t k = s.configs, h = s.channels;
    for (int64_t n = n0; n < n1; ++n) {
        const float* node = nodes + n * h;
        const int64_t j = configurable[n];
        for (int64_t r = 0; r < k; ++r) {
            float* out = pre + ((n - n0) * k + r) * h;
            std::memcpy(out, node, sizeof(float) * h);
            if (j < 0) continue;
            for (int64_t c = 0; c < h; ++c) out[c] += bias[c];
            const int64_t* columns = hot + (j * k + r) * s.features;
            for (int64_t f = 0; f < s.features; ++f) {
                const float* row = table + columns[f] * h;
                for (int64_t c = 0; c < h; ++c) out[c] += row[c];
            }
        }
    }
}

// Backward of joinRows given dPre: dNodes(n) = sum_k dPre, and for configurable nodes the same
// sum into dBias and each dPre row into the table rows of its hot columns.
TPUGRAPHS_VECTOR_CLONES void joinRowsBackward(const float* dPre, const int64_t* hot,
                                              const int64_t* configurable, const Sizes& s,
                                              int64_t n0, int64_t n1, float* dNodes, float* dTable,
                                              float* dBias) {
    const int64_t k = s.configs, h = s.channels;
    for (int64_t n = n0; n < n1; ++n) {
        float* dn = dNodes + n * h;
        std::memset(dn, 0, sizeof(float) * h);
        const int64_t j = configurable[n];
        for (int64_t r = 0; r < k; ++r) {
            const float* g = dPre + ((n - n0) * k + r) * h;
            for (int64_t c = 0; c < h; ++c) dn[c] += g[c];
            if (j < 0) continue;
            const int64_t* columns = hot + (j * k + r) * s.features;
            for (int64_t f = 0; f < s.features; ++f) {
                float* row = dTable + columns[f] * h;
                for (int64_t c = 0; c < h; ++c) row[c] += g[c];
            }
        }
        if (j >= 0)
            for (int64_t c = 0; c < h; ++c) dBias[c] += dn[c];
    }
}

struct ConfigJoinFunction : torch::autograd::Function<ConfigJoinFunction> {
    static Tensor forward(AutogradContext* ctx, const Tensor& nodes, const Tensor& weight,
                          const Tensor& bias, const Tensor& hotColumns, const Tensor& configNodes) {
        const Tensor n = nodes.contiguous(), hot = hotColumns.contiguous();
        const Tensor table = weight.t().contiguous();
        const Sizes s = sizesOf(hot, n.size(1));
        const Tensor configurable = configurableRows(n.size(0), configNodes);
        Tensor y = torch::empty({n.size(0), s.configs, s.channels});
        Tensor scratch = torch::empty({chunkLanes(), s.chunkNodes * s.configs, s.channels});
        forNodeChunks(n.size(0), s.chunkNodes, [&](int64_t n0, int64_t n1, int lane) {
            const int64_t rows = (n1 - n0) * s.configs;
            Tensor pre = scratch[lane].narrow(0, 0, rows);
            joinRows(n.data_ptr<float>(), table.data_ptr<float>(), bias.data_ptr<float>(),
                     hot.data_ptr<int64_t>(), configurable.data_ptr<int64_t>(), s, n0, n1,
                     pre.data_ptr<float>());
            Tensor out = y.view({-1, s.channels}).narrow(0, n0 * s.configs, rows);
            at::gelu_out(out, pre);
        });
        ctx->saved_data["nodes"] = n;
        ctx->saved_data["table"] = table;
        ctx->saved_data["bias"] = bias;
        ctx->saved_data["hot"] = hot;
        ctx->saved_data["configurable"] = configurable;
        return y;
    }

    static variable_list backward(AutogradContext* ctx, variable_list grads) {
        torch::NoGradGuard noGrad;
        const Tensor nodes = ctx->saved_data["nodes"].toTensor();
        const Tensor table = ctx->saved_data["table"].toTensor();
        const Tensor bias = ctx->saved_data["bias"].toTensor();
        const Tensor hot = ctx->saved_data["hot"].toTensor();
        const Tensor configurable = ctx->saved_data["configurable"].toTensor();
        const Tensor dy = grads[0].contiguous();
        const Sizes s = sizesOf(hot, nodes.size(1));
        const int lanes = chunkLanes();
        Tensor dNodes = torch::empty_like(nodes);
        Tensor dTable = torch::zeros({lanes, table.size(0), s.channels});
        Tensor dBias = torch::zeros({lanes, s.channels});
        Tensor pre = torch::empty({lanes, s.chunkNodes * s.configs, s.channels});
        Tensor dPre = torch::empty_like(pre);
        forNodeChunks(nodes.size(0), s.chunkNodes, [&](int64_t n0, int64_t n1, int lane) {
            const int64_t rows = (n1 - n0) * s.configs;
            Tensor p = pre[lane].narrow(0, 0, rows), dp = dPre[lane].narrow(0, 0, rows);
            joinRows(nodes.data_ptr<float>(), table.data_ptr<float>(), bias.data_ptr<float>(),
                     hot.data_ptr<int64_t>(), configurable.data_ptr<int64_t>(), s, n0, n1,
                     p.data_ptr<float>());
            at::gelu_backward_out(dp, dy.view({-1, s.channels}).narrow(0, n0 * s.configs, rows), p);
            joinRowsBackward(dp.data_ptr<float>(), hot.data_ptr<int64_t>(),
                             configurable.data_ptr<int64_t>(), s, n0, n1, dNodes.data_ptr<float>(),
                             dTable[lane].data_ptr<float>(), dBias[lane].data_ptr<float>());
        });
        return {dNodes, dTable.sum(0).t(), dBias.sum(0), Tensor(), Tensor()};
    }
};

}  // namespace

Tensor fusedConfigJoin(const Tensor& nodes, const Tensor& weight, const Tensor& bias,
                       const Tensor& hotColumns, const Tensor& configNodes) {
    return ConfigJoinFunction::apply(nodes, weight, bias, hotColumns, configNodes);
}

}  // namespace tpugraphs
